import type { Lang } from '../../shared/messages';

// Where this browser keeps its language, for the app (localStorage) and for the server, which
// answers `/` in the cookie's language (src/server/web.ts). No React: home-island.ts uses it too.
export const LANG_KEY = 'lang';

/** Keeps the choice in this browser; false when the browser refused the cookie. */
export function rememberLanguage(next: Lang): boolean {
  try {
    localStorage.setItem(LANG_KEY, next);
    document.cookie = `${LANG_KEY}=${next}; path=/; max-age=31536000; samesite=lax`;
    return document.cookie.split(/;\s*/).includes(`${LANG_KEY}=${next}`);
  } catch {
    // storage refused (private mode): the choice lasts this page only.
    return false;
  }
}
