// `/` is served as its prerendered HTML without React (docs/decisions/0006-home-without-hydration.md),
// in English or Bangla (index.bn.html, docs/decisions/0015-bangla.md). This one small script brings
// to life what must be live there: today's date, the footer's year, the note of an arrival from
// Google or the verification link, the signed-in header and the language switch. Links from `/`
// are plain links (full page loads); the mobile menu and the FAQ are <details>, no script.
import type { Summary } from '../../../shared/books-api';
import { setDateLanguage } from '../../../shared/dates';
import { digitsFor } from '../../../shared/digits';
import { type Lang, messages } from '../../../shared/messages';
import type { Role } from '../../../shared/roles';
import { headerClasses, headerFigures, headerLinks, showsSummary } from '../../components/layout/header-model';
import { api } from '../../lib/api';
import { arrivalNote } from '../../lib/auth-arrival';
import { pendingLanguage, rememberLanguage, saveAccountLanguage } from '../../lib/lang-memory';
import { switchByReload } from '../../lib/reload-language';
import { today } from '../../lib/today';

interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  lang?: string | null;
}

const pageLang: Lang = document.documentElement.lang === 'bn' ? 'bn' : 'en';
// The Bangla page carries the few words this script shows (English text → Bangla), put there by
// the build (scripts/static-home.mjs), so the catalogue's Bangla is not loaded here.
const words = JSON.parse(document.querySelector<HTMLMetaElement>('meta[name="home-words"]')?.content ?? '{}') as Record<string, string>;
const t = (english: string) => words[english] ?? english;
/** Known once the session has answered: the switch then also saves the choice on the account. */
let signedIn: string | null = null;

/** A small element builder: tag, attributes, children. */
function h<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

function fillDates(now: Date): void {
  setDateLanguage(pageLang);
  const day = today(now);
  for (const time of document.querySelectorAll<HTMLTimeElement>('[data-live="today"]')) {
    time.dateTime = day.iso;
    time.textContent = day.text;
  }
  for (const year of document.querySelectorAll('[data-live="year"]')) year.textContent = digitsFor(String(now.getFullYear()), pageLang);
}

/** A success note at the top of the page for 2 seconds (spec: success toasts last 2000 ms). */
function toast(message: string): void {
  const note = h(
    'div',
    { role: 'status', 'aria-live': 'polite', class: 'pointer-events-none fixed inset-x-0 top-4 z-50 flex justify-center px-4' },
    h(
      'div',
      { class: 'flex items-center gap-2 rounded-box bg-base-100 px-4 py-2 text-sm font-medium shadow-lg ring-1 ring-base-300' },
      h('span', { class: 'flex size-5 items-center justify-center rounded-full bg-success text-xs text-white', 'aria-hidden': 'true' }, '✓'),
      message,
    ),
  );
  document.body.append(note);
  setTimeout(() => note.remove(), 2000);
}

/** Back from Google (`?auth=google`), the login page (`?auth=login`) or the verification link (`?auth=verified`): say so once and tidy the address. */
function arrivalNotice(): void {
  const params = new URLSearchParams(location.search);
  const note = arrivalNote(params.get('auth'));
  if (!note) return;
  params.delete('auth');
  const search = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
  toast(t(note));
}

function logoutItem(): HTMLLIElement {
  const button = h('button', { type: 'button' }, t(messages.logout));
  button.addEventListener('click', async () => {
    await api('POST', '/api/auth/sign-out', {}).catch(() => undefined);
    location.replace('/');
  });
  return h('li', {}, button);
}

/** The prerendered header is the signed-out one; for a signed-in visitor, draw what site-header.tsx draws. */
async function signedInHeader(): Promise<void> {
  const user = (await api<{ user?: SessionUser } | null>('GET', '/api/auth/get-session').catch(() => null))?.user;
  signedIn = user?.id ?? null;
  // The account's language follows the person from browser to browser, as in the app; a choice
  // made here that the account has not saved yet stays, and is sent again.
  const pending = user ? pendingLanguage(user.id, user.lang) : null;
  if (user && pending) void saveAccountLanguage(user.id, pending);
  if (!pending && (user?.lang === 'en' || user?.lang === 'bn') && user.lang !== pageLang && rememberLanguage(user.lang)) {
    location.reload();
    return;
  }
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
    list.replaceChildren(...links, logoutItem());
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

fillDates(new Date());
arrivalNotice();
switchByReload(pageLang, (next) => (signedIn ? saveAccountLanguage(signedIn, next) : undefined));
// The switch comes into sight once the header is final (at most 3 s), so the figures never shift it in view.
const headerDrawn = new Promise((done) => setTimeout(done, 3000));
void Promise.race([signedInHeader(), headerDrawn]).finally(() => document.querySelector('[data-testid="language-switch"]')?.classList.remove('invisible'));
