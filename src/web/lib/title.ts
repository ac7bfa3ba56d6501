import { companyIn, home } from '../content';
import { currentLanguage, tr } from './i18n';

/**
 * A route's English title in the current language: `{page} · AMA …` by the catalogue's pattern;
 * the home page's `AMA … · tagline` with content/home.bn.json's tagline. Route `meta` functions
 * call it, so a Bangla page never puts an English title in the tab, however its render is split.
 */
export function titleIn(english: string): string {
  const tagline = ` · ${home.company.tagline}`;
  if (currentLanguage() === 'bn' && english.endsWith(tagline)) return `${english.slice(0, -tagline.length)} · ${companyIn('bn').tagline}`;
  return tr(english);
}
