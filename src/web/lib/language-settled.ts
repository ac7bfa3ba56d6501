import { storedLanguage, useLanguage } from './i18n';

/**
 * False while the language this browser chose is still on its way (Bangla's catalogue loading):
 * the signed-in screens and the header's right side wait for it, so they are drawn once, in their
 * language, rather than in English first and then again (a layout shift).
 */
export function useLanguageSettled(): boolean {
  return useLanguage() === storedLanguage();
}
