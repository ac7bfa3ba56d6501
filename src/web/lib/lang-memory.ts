import type { Lang } from '../../shared/messages';
import { api } from './api';

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

// A language chosen in this browser that the signed-in account has not saved yet (its save failed,
// or a reload came first): it wins over the account's on the next load, and is sent again then.
const UNSAVED_KEY = 'lang-unsaved';

/** This browser's unsaved choice for the user, if any. */
export function unsavedLanguage(userId: string): Lang | null {
  try {
    const kept = JSON.parse(localStorage.getItem(UNSAVED_KEY) ?? 'null') as { user?: unknown; lang?: unknown } | null;
    return kept?.user === userId && (kept.lang === 'bn' || kept.lang === 'en') ? kept.lang : null;
  } catch {
    return null;
  }
}

/** Forgets the user's unsaved choice (the account has it, or has chosen since). */
export function forgetUnsavedLanguage(userId: string): void {
  try {
    if (unsavedLanguage(userId) !== null) localStorage.removeItem(UNSAVED_KEY);
  } catch {
    // storage refused: nothing was kept
  }
}

/** The user's unsaved choice when the account has another (keep it, send it again); else forgotten. */
export function pendingLanguage(userId: string, accountLang: unknown): Lang | null {
  const unsaved = unsavedLanguage(userId);
  if (unsaved && unsaved !== accountLang) return unsaved;
  forgetUnsavedLanguage(userId);
  return null;
}

/** Saves the choice on the signed-in account; kept as unsaved until the server confirms it. */
export async function saveAccountLanguage(userId: string, lang: Lang): Promise<boolean> {
  try {
    localStorage.setItem(UNSAVED_KEY, JSON.stringify({ user: userId, lang }));
  } catch {
    // storage refused: the choice lasts this page only
  }
  try {
    await api('POST', '/api/auth/update-user', { lang });
  } catch {
    return false;
  }
  forgetUnsavedLanguage(userId);
  return true;
}
