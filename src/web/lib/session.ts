import { useEffect, useSyncExternalStore } from 'react';
import type { Role } from '../../shared/roles';
import { ApiError, api } from './api';
import { type Lang, currentLanguage, setLanguage } from './i18n';
import { forgetUnsavedLanguage, pendingLanguage, saveAccountLanguage } from './lang-memory';
import { forgetKeptData } from './service-worker';
import { forgetSummary } from './summary';

// Who is signed in, read from the server's session (an HttpOnly cookie the page cannot see).
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  /** The language chosen on the account (null: never chosen). */
  lang: Lang | null;
}

/** `offline`: the server could not be asked; the user is the one last signed in on this browser. */
export type SessionState = { status: 'loading'; user: null } | { status: 'ready'; user: SessionUser | null; offline?: boolean };

const LOADING: SessionState = { status: 'loading', user: null };
let state: SessionState = LOADING;
let started = false;
const listeners = new Set<() => void>();

function set(next: SessionState) {
  state = next;
  // The layout's hint of who is in (shared/role-hint.ts) follows the session once it answers.
  if (next.user) document.documentElement.dataset.role = next.user.role;
  else delete document.documentElement.dataset.role;
  for (const l of listeners) l();
}

// Who was last signed in here, so the app opens without a network (issue 16): its screens then
// show what this browser kept (the outbox, the last figures); the server still asks for the
// session cookie on every call. Forgotten on sign-out and whenever the server says nobody is in.
const LAST_USER = 'ama-last-user';

function lastUser(): SessionUser | null {
  try {
    const u = JSON.parse(localStorage.getItem(LAST_USER) ?? 'null') as SessionUser | null;
    return u && typeof u.id === 'string' ? u : null;
  } catch {
    return null;
  }
}

function rememberUser(user: SessionUser | null) {
  try {
    if (user) localStorage.setItem(LAST_USER, JSON.stringify(user));
    else localStorage.removeItem(LAST_USER);
    if (!user) {
      forgetSummary();
      forgetKeptData();
    }
  } catch {
    // Storage refused (private mode): the app then needs the network to open.
  }
}

/** The session the app's page asked for while the scripts loaded (scripts/static-home.mjs, decision 0047): taken once. */
function askedByThePage(): Promise<Response> | undefined {
  const w = window as { __amaSession?: Promise<Response> };
  const asked = w.__amaSession;
  delete w.__amaSession;
  return asked;
}

export async function refreshSession(): Promise<SessionUser | null> {
  started = true;
  try {
    const body = await api<{ user?: SessionUser } | null>('GET', '/api/auth/get-session', undefined, { asked: askedByThePage() });
    const u = body?.user;
    const lang = u?.lang === 'bn' || u?.lang === 'en' ? u.lang : null;
    const user = u ? { id: u.id, name: u.name, email: u.email, role: u.role, lang } : null;
    rememberUser(user);
    set({ status: 'ready', user });
    // The account's language follows the person from browser to browser, unless this browser
    // chose another that the account has not taken yet (the save failed, or a reload beat it):
    // that choice stays, and is sent again.
    const pending = user ? pendingLanguage(user.id, lang) : null;
    if (pending) {
      if (pending !== currentLanguage()) await setLanguage(pending);
      void saveLanguage(pending);
    } else if (lang && lang !== currentLanguage()) await setLanguage(lang);
    return user;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    // The server busy or down (5xx): whoever is shown stays, unconfirmed; asked again later.
    if (status >= 500 && state.user) {
      set({ status: 'ready', user: state.user, offline: true });
      return null;
    }
    // No answer at all (offline): the last user, marked offline; asked again when the network is back.
    const offline = status === 0 ? (state.user ?? lastUser()) : null;
    if (!offline) rememberUser(null);
    set(offline ? { status: 'ready', user: offline, offline: true } : { status: 'ready', user: null });
    return null;
  }
}

if (typeof window !== 'undefined')
  window.addEventListener('online', () => {
    if (state.status === 'ready' && state.offline) void refreshSession();
  });

/** The user the server last confirmed as signed in (null offline or signed out): only they send the outbox. */
export function currentUserId(): string | null {
  return state.status === 'ready' && !state.offline ? (state.user?.id ?? null) : null;
}

export { landingFor } from './auth-arrival';

/** Ends the session on the server, then (after `leave`, e.g. a navigation away from a signed-in screen) in this page. */
export async function signOut(leave?: () => Promise<void> | void): Promise<void> {
  await api('POST', '/api/auth/sign-out', {}).catch(() => undefined);
  await leave?.();
  rememberUser(null);
  set({ status: 'ready', user: null });
}

/** Keeps the chosen language on the account of whoever is signed in. */
export async function saveLanguage(lang: Lang): Promise<void> {
  const user = state.status === 'ready' ? state.user : null;
  if (!user) return;
  if (user.lang === lang) return forgetUnsavedLanguage(user.id);
  // Not saved: kept as unsaved, and sent again when the session is next read.
  if (!(await saveAccountLanguage(user.id, lang))) return;
  if (state.user?.id === user.id) set({ status: 'ready', user: { ...state.user, lang } });
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
