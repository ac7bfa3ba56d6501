import { useEffect, useState } from 'react';
import { setLanguage, storedLanguage, useLanguage } from './i18n';

let failed = false;

/**
 * False while the language this browser chose is still on its way (Bangla's catalogue loading):
 * the signed-in screens and the header's right side wait for it, so they are drawn once, in their
 * language, rather than in English first and then again (a layout shift). If the catalogue cannot
 * be loaded (offline, nothing kept), they go on in English rather than wait for ever.
 */
export function useLanguageSettled(): boolean {
  const settled = useLanguage() === storedLanguage();
  const [, gaveUp] = useState(failed);
  useEffect(() => {
    if (settled || failed) return;
    setLanguage(storedLanguage()).catch(() => {
      failed = true;
      gaveUp(true);
    });
  }, [settled]);
  return settled || failed;
}
