import { type Request, test as base } from '@playwright/test';
import { kindsInGroup } from '../../src/shared/registry';
import { addPartner, logIn } from './support/accounts';
import { E2E_ADMIN } from './support/world';
import { expect, test } from './fixtures';

// QUALITY.md P5: a screen's first load carries no form code; the entry forms (react-hook-form and
// the zod schemas, built as book-forms-*.js from src/web/components/books/book-forms.ts) arrive
// when a form is first opened.
const formChunk = /\/assets\/book-forms-[\w-]+\.js$/;

test('the Credit screen loads the form code only when a form is opened, and the form then works @phone-only', async ({ page }) => {
  await logIn(page, E2E_ADMIN);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });

  await page.goto('/cashIn');
  await expect(page.getByRole('heading', { name: 'Credit', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const beforeClick = [...scripts];
  expect(
    beforeClick.some((s) => /\/assets\/cash-in-[\w-]+\.js$/.test(s)),
    `the Credit screen's own chunk is among ${beforeClick.join(', ')}`,
  ).toBe(true);
  expect(beforeClick.filter((s) => formChunk.test(s))).toEqual([]);

  const kind = kindsInGroup('cashIn')[0];
  if (!kind) throw new Error('no cash-in kind in the registry');
  await page.getByRole('button', { name: kind.title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: kind.title });
  await expect(dialog.getByLabel('Issued by')).toHaveValue(E2E_ADMIN.name);
  expect(scripts.filter((s) => formChunk.test(s))).toHaveLength(1);

  // The loaded form validates and works out the total as before.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await dialog.getByLabel('Weight (KG)').fill('10.5');
  await dialog.getByLabel('Rate (per KG)').fill('80');
  await expect(dialog.getByTestId('live-total')).toHaveText('৳ 840.00');
});

// A form whose code cannot be fetched (offline, or a release replaced the file) says so in the
// pop-up and loads on "Try again"; the screen itself keeps working. The blocked fetch is logged
// by the browser, so this test checks the console itself: nothing but that chunk may be reported.
base('a form whose code fails to load says so, and Try again loads it @phone-only', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await logIn(page, E2E_ADMIN);
  await page.goto('/cashIn');
  await page.route(formChunk, (route) => route.abort());

  const kind = kindsInGroup('cashIn')[0];
  if (!kind) throw new Error('no cash-in kind in the registry');
  await page.getByRole('button', { name: kind.title, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: kind.title });
  await expect(dialog.getByRole('alert')).toHaveText(/The form could not be loaded/);
  await expect(page.getByRole('heading', { name: 'Latest entries' })).toBeVisible();

  await page.unroute(formChunk);
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByLabel('Issued by')).toHaveValue(E2E_ADMIN.name);
  expect(errors.length).toBeGreaterThan(0);
  expect(errors.filter((e) => !e.includes('book-forms'))).toEqual([]);
});

// The session asked for by the page is the one the app reads: asked once, and the screen is the signed-in one.
test('a first visit asks for the session once, and the app takes that answer @phone-only', async ({ page }) => {
  await logIn(page, E2E_ADMIN);
  // Only the /cashIn page's own asks: the page signing in landed on asks too (its arrival note), and
  // on a slow machine that ask can still be on its way when this page is opened.
  let sessions = 0;
  const fromCashIn = (r: Request) => new URL(r.frame().url()).pathname === '/cashIn';
  page.on('request', (r) => void (r.url().endsWith('/api/auth/get-session') && fromCashIn(r) && sessions++));
  await page.goto('/cashIn');
  await expect(page.getByRole('heading', { name: 'Credit', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sessions).toBe(1);
});

// Decision 0047: the app's page is the same for every screen; it asks at once for the files of the
// screen its address names (the route's chunk and what that imports), instead of the browser
// finding them one after another once the app's code has run; every module at low priority, so the
// page's styles come first. In Bangla too (the Bangla page is made from the English one). The app's
// own code is held back here: what is asked for, the page asked for by itself.
test.describe(() => {
  test.use({ expectedConsoleErrors: /net::ERR_FAILED/ });
  for (const lang of ['en', 'bn'] as const) {
    test(`a first visit to the dashboard asks for the screen's own files at once, at low priority (${lang}) @phone-only`, async ({ page }) => {
      await logIn(page, E2E_ADMIN);
      const origin = new URL(page.url()).origin;
      if (lang === 'bn') await page.context().addCookies([{ name: 'lang', value: 'bn', url: origin }]);
      await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => route.abort());
      const asked = page.waitForRequest(/\/assets\/dashboard-[\w-]+\.js$/);
      await page.goto('/dashboard');
      await asked;
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      const preloads = await page
        .locator('link[rel="modulepreload"]')
        .evaluateAll((links) =>
          links.map((l) => ({ href: new URL((l as HTMLLinkElement).href).pathname, low: (l as HTMLLinkElement).fetchPriority === 'low' })),
        );
      // The route's own chunk, the layout's and one of the route's imports.
      for (const file of [/\/assets\/dashboard-[\w-]+\.js$/, /\/assets\/acounts-area-[\w-]+\.js$/, /\/assets\/month-chart-[\w-]+\.js$/])
        expect(
          preloads.some((p) => file.test(p.href)),
          `${file} among ${preloads.map((p) => p.href).join(', ')}`,
        ).toBe(true);
      expect(preloads.filter((p) => !p.low)).toEqual([]);
      // Another screen's files are not.
      expect(preloads.filter((p) => /\/assets\/(cash-in|add-users)-/.test(p.href))).toEqual([]);
    });
  }

  test('the session is asked for by the page itself while its scripts load, when the role hint says someone is in @phone-only', async ({ page }) => {
    await logIn(page, E2E_ADMIN);
    await page.route(/\/assets\/app-[\w-]+\.js$/, (route) => route.abort());
    const asked = page.waitForRequest('**/api/auth/get-session');
    await page.goto('/cashIn');
    await asked;
  });
});

// Issue 32 item 4: a first visit to a party's statement asks for the statement's code and for its
// figures at once (the dashboard's module asks for both as it is evaluated), not for the figures
// once the code has arrived and drawn. The statement's code is held back here: the figures are
// asked for meanwhile, and the statement is drawn once the code comes.
test("a first visit to a party's statement asks for its figures while the statement's code is on its way @phone-only", async ({ page, request }) => {
  const id = await addPartner(request, 'Client', `Statement early ${Date.now()}`);
  await logIn(page, E2E_ADMIN);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let codeAsked = false;
  // The statement's own chunk (ledger-…), not the small ledger-page one the dashboard imports.
  await page.route(/\/assets\/ledger-(?!page-)[\w-]+\.js$/, async (route) => {
    codeAsked = true;
    await held;
    await route.continue();
  });
  const figures = page.waitForRequest((r) => new URL(r.url()).pathname === `/api/ledger/${id}`);
  await page.goto(`/dashboard/ledger?partner=${id}`);
  await figures;
  expect(codeAsked).toBe(true);
  release();
  await expect(page.getByRole('heading', { level: 1, name: /Statement early/ })).toBeVisible();
});

// The taka sign's two faces come with the English app's page (static-home.mjs), so no amount is
// drawn before its face and laid out again when it arrives; the Bangla page draws the sign in Noto
// Sans Bengali, whose weights it asks for instead.
test("the English app page asks for the taka sign's faces with the page, the Bangla page does not @phone-only", async ({ page }) => {
  await logIn(page, E2E_ADMIN);
  const preloadedFonts = () =>
    page
      .locator('link[rel="preload"][as="font"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname.split('/').pop() ?? ''));
  // The face in use is the preloaded one: each file asked for once (a preload the font cannot use,
  // as with a crossorigin that does not match, is a second download).
  const takaAsks: string[] = [];
  page.on('request', (r) => void (/\/assets\/taka-\d00-/.test(r.url()) && takaAsks.push(new URL(r.url()).pathname)));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const english = await preloadedFonts();
  expect(english.filter((f) => /^taka-(400|700)-/.test(f))).toHaveLength(2);
  expect(takaAsks.length).toBeGreaterThan(0);
  expect(new Set(takaAsks).size).toBe(takaAsks.length);
  await page.context().addCookies([{ name: 'lang', value: 'bn', url: new URL(page.url()).origin }]);
  await page.goto('/dashboard');
  const bangla = await preloadedFonts();
  expect(bangla.filter((f) => /^taka-/.test(f))).toEqual([]);
  expect(bangla.filter((f) => /^noto-sans-bengali-bengali-(400|700)-/.test(f))).toHaveLength(2);
});
