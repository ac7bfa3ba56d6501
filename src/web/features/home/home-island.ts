// `/` is served as its prerendered HTML without React (docs/decisions/0006-home-without-hydration.md),
// in English or Bangla (index.bn.html, docs/decisions/0015-bangla.md). This one small script brings
// to life what must be live there: today's date, the footer's year, the note of an arrival from
// Google or the verification link, the signed-in header and the language switch. Links from `/`
// are plain links (full page loads); the mobile menu and the FAQ are <details>, no script.
import { setDateLanguage } from '../../../shared/dates';
import { digitsFor } from '../../../shared/digits';
import type { Lang } from '../../../shared/messages';
import { drawHeader, h, pageWords, sessionUser, showSwitchAfter } from '../../components/layout/static-header';
import { arrivalNote } from '../../lib/auth-arrival';
import { pendingLanguage, rememberLanguage, saveAccountLanguage } from '../../lib/lang-memory';
import { switchByReload } from '../../lib/reload-language';
import { today } from '../../lib/today';

const pageLang: Lang = document.documentElement.lang === 'bn' ? 'bn' : 'en';
const t = pageWords();
/** Known once the session has answered: the switch then also saves the choice on the account. */
let signedIn: string | null = null;

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

/** The header for whoever is signed in, after the account's language has had its say. */
async function signedInHeader(): Promise<void> {
  const user = await sessionUser();
  signedIn = user?.id ?? null;
  // The account's language follows the person from browser to browser, as in the app; a choice
  // made here that the account has not saved yet stays, and is sent again.
  const pending = user ? pendingLanguage(user.id, user.lang) : null;
  if (user && pending) void saveAccountLanguage(user.id, pending);
  if (!pending && (user?.lang === 'en' || user?.lang === 'bn') && user.lang !== pageLang && rememberLanguage(user.lang)) {
    location.reload();
    return;
  }
  await drawHeader(user, pageLang, t);
}

fillDates(new Date());
arrivalNotice();
switchByReload(pageLang, (next) => (signedIn ? saveAccountLanguage(signedIn, next) : undefined));
showSwitchAfter(signedInHeader());
