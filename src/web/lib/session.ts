import { useEffect, useSyncExternalStore } from 'react';
import type { Role } from '../../shared/roles';
import { api } from './api';
import { type Lang, currentLanguage, setLanguage } from './i18n';

// Who is signed in, read from the server's session (an HttpOnly cookie the page cannot see).
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The language chosen on the account (null: never chosen). */
  lang: Lang | null;
}

export type SessionState = { status: 'loading'; user: null } | { status: 'ready'; user: SessionUser | null };

const LOADING: SessionState = { status: 'loading', user: null };
let state: SessionState = LOADING;
let started = false;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

export async function refreshSession(): Promise<SessionUser | null> {
  started = true;
  try {
    const body = await api<{ user?: SessionUser } | null>('GET', '/api/auth/get-session');
    const u = body?.user;
    const lang = u?.lang === 'bn' || u?.lang === 'en' ? u.lang : null;
    const user = u ? { id: u.id, name: u.name, email: u.email, role: u.role, lang } : null;
    set({ status: 'ready', user });
    // The account's language follows the person from browser to browser.
    if (lang && lang !== currentLanguage()) await setLanguage(lang);
    return user;
  } catch {
    set({ status: 'ready', user: null });
    return null;
  }
}

export async function signOut(): Promise<void> {
  await api('POST', '/api/auth/sign-out', {}).catch(() => undefined);
  set({ status: 'ready', user: null });
}

/** Keeps the chosen language on the account of whoever is signed in. */
export async function saveLanguage(lang: Lang): Promise<void> {
  if (state.status !== 'ready' || !state.user || state.user.lang === lang) return;
  await api('POST', '/api/auth/update-user', { lang }).catch(() => undefined);
  set({ status: 'ready', user: { ...state.user, lang } });
}

export function useSession(): SessionState {
  useEffect(() => {
    if (!started) void refreshSession();
  }, []);
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => LOADING,
  );
}
