import { companyIn, home } from '../content';
import { fill, messages as en } from '../../shared/messages';
import { currentLanguage, currentMessages, tr } from './i18n';

/** ' · AMA Metal & Wire Industries': what every route's English title ends with (the catalogue's pageTitle). */
const PAGE_SUFFIX = fill(en.pageTitle, { page: '' });

/**
 * A route's English title in the current language: `{page} · AMA …` as the catalogue's pageTitle;
 * the home page's `AMA … · tagline` with content/home.bn.json's tagline. Route `meta` functions
 * call it, so a Bangla page never puts an English title in the tab, however its render is split.
 */
export function titleIn(english: string): string {
  const tagline = ` · ${home.company.tagline}`;
  if (currentLanguage() === 'bn' && english.endsWith(tagline)) return `${english.slice(0, -tagline.length)} · ${companyIn('bn').tagline}`;
  if (english.endsWith(PAGE_SUFFIX)) return fill(currentMessages().pageTitle, { page: tr(english.slice(0, -PAGE_SUFFIX.length)) });
  return tr(english);
}
