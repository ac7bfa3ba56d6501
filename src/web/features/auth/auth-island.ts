// `/login` and `/signup` are served as their prerendered HTML without React
// (docs/decisions/0042-light-sign-in-pages.md), in English or Bangla (login/index.bn.html). This
// small script makes their forms work: the same checks (shared/auth-schemas.ts), the same requests
// (lib/auth-actions.ts), the same refusals in the page's language; after a sign-in the browser goes
// to the app with a full page load (the app then says 'Logged In'). The markup is routes/login.tsx's
// and routes/signup.tsx's, drawn at build time; this finds its places through data-* attributes.
import { loginSchema, resetRequestSchema, signupSchema } from '../../../shared/auth-schemas';
import { type Lang, type Messages, messages as english } from '../../../shared/messages';
import type { RefusalCode, RefusalParams, Refusals } from '../../../shared/refusal-texts';
import { setSpeaker, speak } from '../../../shared/say';
import { toBengaliDigits } from '../../../shared/digits';
import { drawHeader, h, pageWords, sessionUser, showSwitchAfter } from '../../components/layout/static-header';
import { ApiError, waitBeforeRefusals } from '../../lib/api';
import { googleSignInUrl, requestPasswordReset, sendVerificationAgain, signInWithEmail, signUpWithEmail } from '../../lib/auth-actions';
import { landingFor, withArrival } from '../../lib/auth-arrival';
import { switchByReload } from '../../lib/reload-language';
import { oauthErrorText, safeReturnPath } from './auth-errors';

const pageLang: Lang = document.documentElement.lang === 'bn' ? 'bn' : 'en';

interface Words {
  m: Messages;
  refusals: Refusals;
  /** English text of the catalogue → the page's language. */
  tr: (text: string) => string;
}

let words: Promise<Words> | null = null;
/** The page's words, fetched when first needed (a refusal, a note): English is here, Bangla is a chunk. */
function wordsNow(): Promise<Words> {
  words ??= (async () => {
    if (pageLang === 'en') {
      const { refusalTexts } = await import('../../../shared/refusal-texts');
      return { m: english, refusals: refusalTexts, tr: (text: string) => text };
    }
    const [bn, { refusals }] = await Promise.all([import('../../../shared/messages-bn'), import('../../../shared/refusals-bn')]);
    const reverse = new Map<string, string>(Object.entries(bn.terms));
    for (const key of Object.keys(english) as (keyof Messages)[]) reverse.set(english[key], bn.messages[key]);
    return { m: bn.messages, refusals, tr: (text: string) => reverse.get(text) ?? (/^[\d,.]+$/.test(text) ? toBengaliDigits(text) : text) };
  })();
  return words;
}

let loaded: Words | null = null;
void wordsNow().then((w) => (loaded = w));
// The shared schemas' refusals are spoken in the page's language (their words are here before a form checks).
setSpeaker((code: RefusalCode, params: RefusalParams) => (loaded ? speak(loaded.refusals, pageLang, code, params, loaded.tr) : code));
waitBeforeRefusals(() => wordsNow());

/** What a person reads for a failure: a refusal in the page's language, or why the server was not reached. */
function failureText(error: unknown, w: Words): string {
  if (error instanceof ApiError) {
    if (error.unreached) return w.m[error.unreached];
    if (error.code && Object.hasOwn(w.refusals, error.code)) return speak(w.refusals, pageLang, error.code as RefusalCode, error.params, w.tr);
  }
  return error instanceof Error ? error.message : String(error);
}

const noticeStyle = { error: 'alert-error', success: 'alert-success', info: 'alert-info' } as const;

/** The note under the form (FormNotice's markup), replacing the one before; none when `lines` is empty. */
function notice(form: HTMLFormElement, kind: keyof typeof noticeStyle, ...lines: (Node | string)[]): void {
  document.querySelector('[data-auth-notice]')?.remove();
  if (!lines.length) return;
  const box = h(
    'div',
    { role: 'alert', class: `alert ${noticeStyle[kind]} alert-soft text-sm`, 'data-auth-notice': '' },
    h('div', { class: 'flex flex-col gap-1' }, ...lines),
  );
  form.after(box);
}

function field(form: HTMLFormElement, name: string): HTMLInputElement {
  const input = form.querySelector<HTMLInputElement>(`#f-${name}`);
  if (!input) throw new Error(`auth-island: no field ${name}`);
  return input;
}

/** Each field's error under it (TextField's markup); the first field in error gets the focus. */
function showFieldErrors(form: HTMLFormElement, names: string[], errors: Map<string, string>): void {
  let focused = false;
  for (const name of names) {
    const input = field(form, name);
    const id = `f-${name}-error`;
    document.getElementById(id)?.remove();
    const message = errors.get(name);
    input.classList.toggle('input-error', Boolean(message));
    if (!message) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
      continue;
    }
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', id);
    input.after(h('p', { id, class: 'text-sm text-error' }, message));
    if (!focused) input.focus();
    focused = true;
  }
}

interface Checked<T> {
  data?: T;
  errors: Map<string, string>;
}

/** The values checked by a shared schema, once the refusals' words are here: the data, or each field's first error. */
async function checked<T>(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: T; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  values: unknown,
): Promise<Checked<T>> {
  await wordsNow();
  const result = schema.safeParse(values);
  const errors = new Map<string, string>();
  for (const issue of result.error?.issues ?? []) {
    const name = String(issue.path[0] ?? '');
    if (!errors.has(name)) errors.set(name, issue.message);
  }
  return result.success ? { data: result.data, errors } : { errors };
}

/** Runs `work` with the form's submit button disabled and its spinner shown. */
async function busy(form: HTMLFormElement, work: () => Promise<void>): Promise<void> {
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (button?.disabled) return;
  const spinner = h('span', { class: 'loading loading-spinner loading-sm' });
  if (button) {
    button.disabled = true;
    button.prepend(spinner);
  }
  try {
    await work();
  } finally {
    spinner.remove();
    if (button) button.disabled = false;
  }
}

const valuesOf = (form: HTMLFormElement, names: string[]) => Object.fromEntries(names.map((n) => [n, field(form, n).value]));

// What was typed survives the language switch's reload (never a password).
const KEPT = 'auth-typed';
function keepTyped(form: HTMLFormElement, names: string[]): void {
  try {
    sessionStorage.setItem(KEPT, JSON.stringify(valuesOf(form, names)));
  } catch {
    // storage refused: the switch still works, the fields come back empty
  }
}
function restoreTyped(form: HTMLFormElement, names: string[]): void {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT) ?? '{}') as Record<string, unknown>;
    sessionStorage.removeItem(KEPT);
    for (const name of names) if (typeof kept[name] === 'string' && !field(form, name).value) field(form, name).value = kept[name];
  } catch {
    // nothing kept
  }
}

function loginPage(form: HTMLFormElement): void {
  const params = new URLSearchParams(location.search);
  const from = safeReturnPath(params.get('from'));
  const names = ['email', 'password'];
  const say = (kind: keyof typeof noticeStyle, text: string) => void wordsNow().then((w) => notice(form, kind, w.tr(text)));

  // Back from Google with no page to return to: on to where a password sign-in leads, which says 'Signed In'.
  if (params.get('auth') === 'google' && !from) {
    void sessionUser().then((user) => {
      if (user) location.replace(withArrival(landingFor(user), 'google'));
    });
  }
  const oauthError = oauthErrorText(params.get('error'));
  if (oauthError) say('error', oauthError);
  else if (params.get('reset') === 'done') say('success', english.passwordChanged);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(form, async () => {
      notice(form, 'error');
      const { data, errors } = await checked(loginSchema, valuesOf(form, names));
      showFieldErrors(form, names, errors);
      if (!data) return;
      try {
        await signInWithEmail(data.email, data.password);
        const user = await sessionUser(true);
        location.assign(withArrival(from ?? landingFor(user), 'login'));
      } catch (error) {
        const w = await wordsNow();
        const unverified = error instanceof ApiError && error.code === 'email_not_verified';
        if (!unverified) return notice(form, 'error', h('span', {}, failureText(error, w)));
        const resend = h('button', { type: 'button', class: 'btn btn-sm btn-outline self-start' }, w.m.resendVerification);
        resend.addEventListener('click', () => {
          sendVerificationAgain(field(form, 'email').value)
            .then(() => notice(form, 'success', h('span', {}, w.m.verificationResent)))
            .catch((e: unknown) => notice(form, 'error', h('span', {}, failureText(e, w))));
        });
        notice(form, 'error', h('span', {}, failureText(error, w)), h('span', {}, w.m.pleaseVerify), resend);
      }
    });
  });

  form.querySelector('[data-forgot]')?.addEventListener('click', () => {
    void (async () => {
      const { data, errors } = await checked(resetRequestSchema, { email: field(form, 'email').value });
      showFieldErrors(form, ['email'], errors);
      if (!data) return;
      const w = await wordsNow();
      await requestPasswordReset(data.email)
        .then(() => notice(form, 'success', h('span', {}, w.m.resetSent)))
        .catch((e: unknown) => notice(form, 'error', h('span', {}, failureText(e, w))));
    })();
  });

  const google = document.querySelector<HTMLElement>('[data-google]');
  const start = google?.querySelector<HTMLButtonElement>('[data-google-start]');
  // Shown by the server when Google sign-in is configured (src/server/web.ts): no layout shift.
  if (google && start) {
    start.addEventListener('click', () => {
      start.disabled = true;
      google.querySelector('[data-google-error]')?.remove();
      googleSignInUrl(from ?? '/login')
        .then((url) => location.assign(url))
        .catch(async (e: unknown) => {
          google.append(h('p', { class: 'text-sm text-error', 'data-google-error': '' }, failureText(e, await wordsNow())));
          start.disabled = false;
        });
    });
  }
  restoreTyped(form, ['email']);
  switchByReload(pageLang, () => keepTyped(form, ['email']));
}

function signupPage(form: HTMLFormElement): void {
  const names = ['name', 'email', 'password', 'confirm'];
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void busy(form, async () => {
      notice(form, 'error');
      const { data, errors } = await checked(signupSchema, valuesOf(form, names));
      showFieldErrors(form, names, errors);
      if (!data) return;
      const w = await wordsNow();
      try {
        await signUpWithEmail(data, pageLang);
      } catch (error) {
        return notice(form, 'error', failureText(error, w));
      }
      // Done: the card says so and leads to the login page (what routes/signup.tsx draws then).
      const card = form.parentElement;
      if (!card) return;
      const heading = card.querySelector('h1');
      card.replaceChildren(
        ...(heading ? [heading] : []),
        h(
          'div',
          { role: 'alert', class: 'alert alert-success alert-soft text-sm' },
          h(
            'div',
            { class: 'flex flex-col gap-1' },
            h('strong', {}, w.m.userCreated),
            h('span', {}, w.m.pleaseVerify),
            h('span', {}, `${w.m.sentLinkTo} `, h('strong', {}, data.email), w.m.sentLinkAfter),
          ),
        ),
        h('a', { href: '/login', class: 'btn btn-primary' }, w.m.goToLogin),
      );
    });
  });
  restoreTyped(form, ['name', 'email']);
  switchByReload(pageLang, () => keepTyped(form, ['name', 'email']));
}

// A visitor already signed in sees their own header here too (the page is prerendered signed out).
showSwitchAfter(sessionUser().then((user) => drawHeader(user, pageLang, pageWords())));
const form = document.querySelector<HTMLFormElement>('form[data-auth-form]');
if (form?.dataset.authForm === 'login') loginPage(form);
else if (form?.dataset.authForm === 'signup') signupPage(form);
