import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Role } from '../../../src/shared/roles.ts';
import { TEST_PASSWORD, partnerBody, signUpBody, uniqueEmail } from '../../helpers/factories.ts';
import { E2E_ADMIN, e2ePorts } from './world.ts';

const control = `http://127.0.0.1:${e2ePorts().controlPort}`;
const base = `http://127.0.0.1:${e2ePorts().port}`;

export interface Account {
  email: string;
  password: string;
  name: string;
}

interface SentMail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

/** Waits for a mail to `to` whose subject matches, and returns the first link containing `linkPart`. */
export async function linkFromMail(to: string, subject: RegExp, linkPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${control}/mails?to=${encodeURIComponent(to)}`)).json()) as SentMail[];
        link = mails
          .filter((m) => subject.test(m.subject))
          .flatMap((m) => m.links)
          .find((l) => l.includes(linkPart));
        return link !== undefined;
      },
      { message: `a mail to ${to} matching ${subject}`, timeout: 10_000 },
    )
    .toBe(true);
  return link as string;
}

export async function mailCount(to: string, subject: RegExp): Promise<number> {
  const mails = (await (await fetch(`${control}/mails?to=${encodeURIComponent(to)}`)).json()) as SentMail[];
  return mails.filter((m) => subject.test(m.subject)).length;
}

export async function setGoogleAccount(account: { sub: string; email: string; name: string; email_verified?: boolean }): Promise<void> {
  await fetch(`${control}/google-account`, { method: 'POST', body: JSON.stringify({ email_verified: true, ...account }) });
}

const headers = { origin: base };

/** A verified account with the given role, made through the public API as a person would. */
export async function createAccount(request: APIRequestContext, role: Role, name = `Staff ${role}`): Promise<Account> {
  const account = { email: uniqueEmail(role), password: TEST_PASSWORD, name };
  const res = await request.post('/api/auth/sign-up/email', { data: signUpBody(account), headers });
  expect(res.status()).toBe(200);
  const link = await linkFromMail(account.email, /Verify your email/, '/api/auth/verify-email');
  await request.get(link, { maxRedirects: 0 });
  await promote(request, account.email, role);
  return account;
}

/** The admin gives the account at `email` the role, a step at a time, as on Admins & Users. */
export async function promote(request: APIRequestContext, email: string, role: Role): Promise<void> {
  if (role === 'user') return;
  const admin = await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers });
  expect(admin.status()).toBe(200);
  const list = await request.get(`/api/loggedInUsers?email=${encodeURIComponent(email)}`);
  const id = ((await list.json()) as { data: { id: string }[] }).data[0]?.id;
  for (const step of role === 'admin' ? ['acounts', 'admin'] : ['acounts']) {
    expect((await request.put(`/api/loggedInUsers/admin/${id}`, { data: { role: step }, headers })).status()).toBe(200);
  }
  await request.post('/api/auth/sign-out', { data: {}, headers });
}

/** Signs the page's browser in through the login form. */
export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  // Done when the header names someone signed in (on a phone the name is in the menu), or the form says why not.
  await expect(page.getByTestId('signed-in-user').or(page.getByRole('alert'))).toBeAttached();
  // Signed in: and once the app has left the form for where it leads (the page asked for, the
  // Dashboard for accounts staff and admins, the home page for others).
  if ((await page.getByTestId('signed-in-user').count()) > 0) await expect(page).not.toHaveURL(/\/login(\?|$)/);
}

/**
 * Signed in without the sign-in page, for tests of other screens: the sign-in request made through
 * the page's own request context, whose cookies the browser shares (the session and the role hint,
 * as the form's request leaves them). Saves the two page loads of `logIn` (the form, then the
 * landing screen); the sign-in page itself is tested with `logIn`.
 */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers });
  expect(res.status(), await res.text()).toBe(200);
}

/** What `npm run cli -- check` would say of the e2e server's books: [] when they agree. */
export async function booksCheck(): Promise<string[]> {
  return (await (await fetch(`${control}/check`)).json()) as string[];
}

/** Adds a partner (the factory's body plus overrides) through the API as the e2e admin (the page's own session is untouched). */
/** Adds a partner as the admin; returns its id. */
export async function addPartner(request: APIRequestContext, catagories: string, name: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const admin = await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers });
  expect(admin.status()).toBe(200);
  const res = await request.post('/api/userDetailsData', {
    data: partnerBody(catagories, name, overrides),
    headers,
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

/** Adds a bank account (or a mobile wallet, or a cash drawer of its own) as the admin; returns its id. */
export async function addMoneyAccount(request: APIRequestContext, name: string, type: 'bank' | 'mobile' | 'cash' = 'bank'): Promise<number> {
  const admin = await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers });
  expect(admin.status()).toBe(200);
  const details = type === 'bank' ? { bank: 'City Bank', number: '1234-567' } : type === 'mobile' ? { number: '01711000000' } : {};
  const res = await request.post('/api/accounts', { data: { name, type, ...details }, headers });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}
