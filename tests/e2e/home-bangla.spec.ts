import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { formatLongDate } from '../../src/shared/dates';
import { toBengaliDigits } from '../../src/shared/digits';
import { messages as enMessages } from '../../src/shared/messages';
import { messages as bn, terms } from '../../src/shared/messages-bn';
import { createAccount, logIn } from './support/accounts';
import { serviceWorkerInCharge } from './support/service-worker';
import { expect, test } from './fixtures';

// The public home page in Bangla (docs/decisions/0015-bangla.md, "The home page"): `/` is a static
// page without React in either language; the server picks it by the `lang` cookie, which the
// switch on `/` (the island) and in the app both set.

const en = JSON.parse(fs.readFileSync('content/home.json', 'utf8'));
const homeBn = JSON.parse(fs.readFileSync('content/home.bn.json', 'utf8'));
const titleBn = `${homeBn.company.name} · ${homeBn.company.tagline}`;
/** An English word of the header in Bangla, as the app's `tr` finds it: the catalogue's, else the registry's. */
const inBangla = (text: string) => {
  const keys = (Object.keys(enMessages) as (keyof typeof enMessages)[]).filter((k) => enMessages[k] === text);
  const key = keys.at(-1);
  return key ? bn[key] : terms[text];
};
const switchTo = (page: Page, name: 'English' | 'বাংলা') => page.getByTestId('language-switch').getByRole('button', { name, exact: true }).click();

/** Today as the visitor's browser sees it, in Bangla: '২৩ নভেম্বর ২০২৬'. */
async function todayInBangla(page: Page): Promise<string> {
  const [y, m, d] = await page.evaluate(() => {
    const now = new Date();
    return [now.getFullYear(), now.getMonth(), now.getDate()];
  });
  return formatLongDate(new Date(y ?? 0, m ?? 0, d ?? 1, 12), 'bn');
}

async function expectBanglaPage(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page).toHaveTitle(titleBn);
  await expect(page.getByRole('heading', { level: 1, name: 'AMA Metal & Wire Industries' })).toBeVisible();
  await expect(page.getByText(homeBn.company.tagline, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: homeBn.gallery.title, exact: true })).toBeVisible();
  for (const article of homeBn.articles) await expect(page.getByRole('heading', { level: 2, name: article.title, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: homeBn.faq.title, exact: true })).toBeVisible();
  await expect(page.getByText(`${bn.dateLabel}${await todayInBangla(page)}`, { exact: true })).toBeVisible();
  await expect(page.locator('footer')).toContainText(`© ${toBengaliDigits(String(new Date().getFullYear()))} ${homeBn.company.copyright}`);
  await expect(page.getByTestId('language-switch').getByRole('button', { name: 'বাংলা', exact: true })).toHaveAttribute('aria-pressed', 'true');
}

test('a visitor switches / to Bangla, a reload keeps it, and English brings back the spec texts @phone-only', async ({ page, context, isMobile }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await switchTo(page, 'বাংলা');
  await expectBanglaPage(page);
  expect((await context.cookies()).find((c) => c.name === 'lang')?.value).toBe('bn');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('bn');

  // Still the page without React: one small script, and the Bengali font that draws its conjuncts.
  await page.waitForLoadState('networkidle');
  expect(new Set(scripts.filter((s) => !s.includes('home-island-')))).toEqual(new Set());
  expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Noto Sans Bengali"', 'ক্ষ ন্ত স্ত্র')))).toBe(true);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  if (isMobile) await page.getByRole('button', { name: bn.openMenu }).click();
  await expect(
    page
      .locator('header')
      .getByRole('link', { name: inBangla('Login'), exact: true })
      .filter({ visible: true }),
  ).toBeVisible();
  await expect(page.locator('#slide1').getByRole('link', { name: bn.previousSlide.replace('{number}', '৪') })).toHaveAttribute('href', '#slide4');

  await page.reload();
  await expectBanglaPage(page);

  await switchTo(page, 'English');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('AMA Metal & Wire Industries · A Furnace Industry of BD');
  await expect(page.getByText('A Furnace Industry of BD', { exact: true })).toBeVisible();
  for (const title of ['Furnace Wire', 'The Crucial Role of Furnaces in Cable', 'Evolution of Furnace Industries', 'Frequently Asked Questions']) {
    await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByText('How it works', { exact: true })).toBeVisible();
  await expect(page.getByText(en.articles[0].paragraphs[0])).toBeVisible();
  await expect(page.getByText(/^Date : \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('Bangla chosen in the app shows its home page in Bangla and brings / in Bangla, text in the HTML before any script @phone-only', async ({
  page,
  browser,
  baseURL,
}) => {
  // A page of the app (/login is served without React, decision 0042).
  await page.goto('/reset-password');
  await switchTo(page, 'বাংলা');
  await expect(page.getByRole('heading', { name: bn.setNewPassword, exact: true })).toBeVisible();
  // Inside the app, the logo leads to the home page drawn by React, in Bangla too.
  await page.getByRole('link', { name: 'AMA Metal & Wire Industries' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: homeBn.articles[0].title, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: homeBn.faq.title, exact: true })).toBeVisible();
  await expect(page.locator('footer')).toContainText(homeBn.company.address);
  await page.goto('/');
  await expectBanglaPage(page);

  const noScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await noScript.addCookies([{ name: 'lang', value: 'bn', url: baseURL ?? '' }]);
  const plain = await noScript.newPage();
  await plain.goto('/');
  await expect(plain.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(plain.getByText(homeBn.articles[2].paragraphs[0])).toBeVisible();
  await plain.getByRole('region', { name: homeBn.faq.title }).locator('summary').first().click();
  await expect(plain.getByText(homeBn.faq.items[0].answer)).toBeVisible();
  await noScript.close();
});

test.describe('signed in, with the service worker running', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a signed-in owner on the Bangla / sees the header in Bangla with Bengali digits, and the account keeps it @phone-only', async ({
    page,
    request,
    browser,
    baseURL,
    isMobile,
  }) => {
    const owner = await createAccount(request, 'admin', 'Bangla Owner');
    await logIn(page, owner);
    // The app registers its service worker once someone is signed in: it is in charge before `/` is opened.
    await page.goto('/dashboard');
    await serviceWorkerInCharge(page);
    await page.goto('/');
    await switchTo(page, 'বাংলা');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const header = page.locator('header');
    await expect(header.getByTestId('signed-in-user')).toHaveText(owner.name);
    await expect(header.getByTestId('header-stock')).toHaveText(/^মজুত: −?[০-৯,]+(\.[০-৯]+)? কেজি$/);
    await expect(header.getByTestId('header-balance')).toHaveText(/^ব্যালেন্স: −?৳\s([০-৯]{1,2},)*[০-৯]{1,3}\.[০-৯]{2}$/);
    if (isMobile) await page.getByRole('button', { name: bn.openMenu }).click();
    for (const label of ['Dashboard', 'Debit', 'Credit', 'Fire Count', 'Add Users', 'Admins & Users']) {
      await expect(header.getByRole('link', { name: inBangla(label), exact: true }).filter({ visible: true })).toBeVisible();
    }
    await expect(header.getByRole('button', { name: bn.logout, exact: true }).filter({ visible: true })).toBeVisible();

    // The sign-in page, opened signed in, shows the same header in Bangla (it is served without React too).
    await page.goto('/login');
    await expect(header.getByTestId('signed-in-user')).toHaveText(owner.name);
    await expect(header.getByTestId('header-balance')).toHaveText(/^ব্যালেন্স: −?৳\s([০-৯]{1,2},)*[০-৯]{1,3}\.[০-৯]{2}$/);
    if (isMobile) await page.getByRole('button', { name: bn.openMenu }).click();
    await expect(header.getByRole('link', { name: inBangla('Debit'), exact: true }).filter({ visible: true })).toBeVisible();
    await page.goto('/');

    // The service worker (registered by the app at sign-in) never answers `/`: the server does, in the cookie's language.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const again = await page.reload();
    expect(again?.fromServiceWorker()).toBe(false);
    expect(await again?.text()).toContain('<html lang="bn"');
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    // On another browser, the account's Bangla follows the owner to `/`.
    const other = await browser.newContext({ baseURL });
    const elsewhere = await other.newPage();
    await logIn(elsewhere, owner);
    await elsewhere.goto('/');
    await expect(elsewhere.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(elsewhere.getByTestId('header-balance')).toHaveText(/^ব্যালেন্স: /);
    await other.close();
  });
});
