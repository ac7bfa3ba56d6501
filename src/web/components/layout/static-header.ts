// The header of the pages served without React (`/`, `/login`, `/signup`: decisions 0006 and 0042).
// They are prerendered signed out; for a signed-in visitor this draws what site-header.tsx draws:
// the role's links, Logout, the name and, for acounts and admin, the stock and Balance figures.
import type { Summary } from '../../../shared/books-api';
import type { Lang } from '../../../shared/messages';
import { messages } from '../../../shared/messages';
import type { Role } from '../../../shared/roles';
import { headerClasses, headerFigures, headerLinks, showsSummary } from './header-model';
import { api } from '../../lib/api';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  lang?: string | null;
}

/** A small element builder: tag, attributes, children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/**
 * The few words the header may show, English → the page's language: the Bangla pages carry them in
 * a meta tag put there by the build (scripts/static-home.mjs), so no catalogue is loaded for them.
 */
export function pageWords(): (english: string) => string {
  const words = JSON.parse(document.querySelector<HTMLMetaElement>('meta[name="home-words"]')?.content ?? '{}') as Record<string, string>;
  return (english) => words[english] ?? english;
}

let session: Promise<SessionUser | null> | null = null;
/** Who is signed in (asked once per page unless `fresh`: after a sign-in), or null. */
export function sessionUser(fresh = false): Promise<SessionUser | null> {
  if (fresh) session = null;
  session ??= api<{ user?: SessionUser } | null>('GET', '/api/auth/get-session')
    .then((answer) => answer?.user ?? null)
    .catch(() => null);
  return session;
}

function logoutItem(t: (english: string) => string): HTMLLIElement {
  const button = h('button', { type: 'button' }, t(messages.logout));
  button.addEventListener('click', async () => {
    await api('POST', '/api/auth/sign-out', {}).catch(() => undefined);
    location.replace('/');
  });
  return h('li', {}, button);
}

/** The header for `user` (signed out: the prerendered one, its links shown). */
export async function drawHeader(user: SessionUser | null, pageLang: Lang, t: (english: string) => string): Promise<void> {
  const header = document.querySelector('header');
  // The layout's hint of who is in (shared/role-hint.ts) follows the answer; the links show now.
  if (user) document.documentElement.dataset.role = user.role;
  else delete document.documentElement.dataset.role;
  header?.querySelector('nav')?.setAttribute('data-ready', '');
  if (!user || !header) return;
  for (const list of header.querySelectorAll('[data-header-links]')) {
    const links = headerLinks(user.role).map((link) => {
      const here = link.to === location.pathname;
      return h('li', {}, h('a', here ? { href: link.to, class: 'menu-active', 'aria-current': 'page' } : { href: link.to }, t(link.label)));
    });
    list.replaceChildren(...links, logoutItem(t));
  }
  header.querySelector('[data-company-name]')?.setAttribute('class', headerClasses.companyName(true));
  const name = h('span', { class: headerClasses.user, title: user.email, 'data-testid': 'signed-in-user' }, user.name);
  header.querySelector('nav')?.before(name);
  if (!showsSummary(user.role)) return;
  const summary = (await api<{ data: Summary }>('GET', '/api/dashboard').catch(() => null))?.data;
  if (!summary) return;
  const figures = headerFigures(summary, pageLang).map((f) =>
    h('span', { 'data-testid': f.testId }, t(f.label), h('strong', { class: headerClasses.figure(f.negative) }, f.value), t(f.suffix)),
  );
  const box = h('div', { class: headerClasses.summary }, ...figures);
  // On a phone the figures have their own line under the row, as in the app.
  if (matchMedia('(max-width: 639.98px)').matches) header.querySelector('[data-header-strip]')?.append(box);
  else name.before(box);
}

/**
 * The language switch is drawn hidden on these pages (scripts/static-home.mjs): the name and figures
 * drawn beside it would move it in view. It comes into sight once the header is final, at most 3 s on.
 */
export function showSwitchAfter(header: Promise<unknown>): void {
  const atMost = new Promise((done) => setTimeout(done, 3000));
  void Promise.race([header, atMost]).finally(() => document.querySelector('[data-testid="language-switch"]')?.classList.remove('invisible'));
}
