import fs from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { fill, messages as en } from '../../src/shared/messages';
import { messages as bn, terms } from '../../src/shared/messages-bn';
import { createAccount, logIn } from './support/accounts';
import { expect, test } from './fixtures';

// A Bangla page is Bangla from its first paint (docs/decisions/0015-bangla.md, "The first paint"):
// the server sends the app's page in the `lang` cookie's language, `<html lang="bn">` from the
// first byte, and the app renders its first frame with the Bangla catalogue already loaded. And
// every page's tab title is in the chosen language, the spec's English ones unchanged in English.

const company = 'AMA Metal & Wire Industries';
const homeEn = JSON.parse(fs.readFileSync('content/home.json', 'utf8'));
const homeBn = JSON.parse(fs.readFileSync('content/home.bn.json', 'utf8'));

/** An English text of the catalogue or the registry in Bangla, as the app's `tr` finds it. */
function inBangla(text: string): string {
  const key = (Object.keys(en) as (keyof typeof en)[]).filter((k) => en[k] === text).at(-1);
  const found = key ? bn[key] : terms[text];
  if (!found) throw new Error(`no Bangla for '${text}'`);
  return found;
}

/** English texts that read otherwise in Bangla: a Bangla page must never draw one of them. */
const englishOnly = new Set([
  ...(Object.keys(en) as (keyof typeof en)[]).filter((k) => en[k] !== bn[k] && !en[k].includes('{')).map((k) => en[k].trim()),
  ...Object.entries(terms)
    .filter(([english, bangla]) => english !== bangla)
    .map(([english]) => english),
]);

/** Bangla texts that read otherwise in English: an English page never draws one. */
const banglaOnly = new Set([
  ...(Object.keys(en) as (keyof typeof en)[]).filter((k) => en[k] !== bn[k] && !bn[k].includes('{')).map((k) => bn[k].trim()),
  ...Object.entries(terms)
    .filter(([english, bangla]) => english !== bangla)
    .map(([, bangla]) => bangla),
]);

/**
 * Records, from before the page's first byte is parsed, every text put into the page (parsed or
 * rendered), every value of `<html lang>` and every tab title, as they were when the browser
 * could first have painted them (mutation observers run before the next paint).
 */
async function watchFirstPaint(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen = { texts: [] as string[], langs: [] as string[], titles: [] as string[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const texts = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE) seen.texts.push((node as Text).data);
      else if (node.nodeType === Node.ELEMENT_NODE) {
        const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) seen.texts.push((walker.currentNode as Text).data);
      }
    };
    new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'childList') r.addedNodes.forEach(texts);
        else if (r.type === 'characterData') texts(r.target);
      }
      const lang = document.documentElement?.getAttribute('lang');
      if (lang !== null && lang !== undefined) seen.langs.push(lang);
      if (document.title) seen.titles.push(document.title);
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['lang'] });
  });
}

const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { __seen: { texts: string[]; langs: string[]; titles: string[] } }).__seen);

/**
 * Bangla chosen in this browser, as the switch leaves it: the cookie and localStorage. A cookie
 * written by the page reaches the browser's cookie store a moment later; a navigation the test
 * starts at once could go out without it (CI once got the English page), so this waits for it.
 */
async function chooseBangla(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.setItem('lang', 'bn');
    document.cookie = 'lang=bn; path=/; max-age=31536000; samesite=lax';
  });
  await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('bn');
}

/**
 * Opens `path` and checks everything drawn on the way there: no text of the other language (in
 * Bangla, no English text of the catalogue or the registry; in English, no Bangla one), `<html
 * lang>` in the language from the first byte on, and only this tab title.
 */
async function expectFirstPaint(page: Page, path: string, lang: 'en' | 'bn', heading: string, title: string): Promise<void> {
  const response = await page.goto(path);
  // The server knew: the page's first bytes say the language.
  expect((await response?.text())?.slice(0, 40), `the first bytes of ${path}`).toContain(`<html lang="${lang}"`);
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const seen = await seenOn(page);
  const other = lang === 'bn' ? englishOnly : banglaOnly;
  expect(
    seen.texts.map((t) => t.trim()).filter((t) => other.has(t)),
    `${lang === 'bn' ? 'English' : 'Bangla'} drawn on ${path}`,
  ).toEqual([]);
  expect(new Set(seen.langs), `<html lang> on ${path}`).toEqual(new Set([lang]));
  expect(new Set(seen.titles), `the tab title on ${path}`).toEqual(new Set([title]));
}

test('a signed-in screen chosen in Bangla is Bangla from its first paint: no English drawn, <html lang="bn"> from the first byte @phone-only', async ({
  page,
  context,
  request,
}) => {
  const account = await createAccount(request, 'acounts', 'First Paint Staff');
  await logIn(page, account);
  await watchFirstPaint(context);
  await expectFirstPaint(page, '/cashIn', 'en', 'Credit', `Credit · ${company}`);
  await chooseBangla(page);
  for (const [path, heading] of [
    ['/cashIn', terms.Credit as string],
    ['/dashboard', bn.dashboardNav],
  ] as const) {
    await expectFirstPaint(page, path, 'bn', heading, fill(bn.pageTitle, { page: heading }));
    await expect(page.getByTestId('signed-in-user')).toHaveText(account.name);
  }
});

test('a visitor who chose Bangla gets /login in Bangla from its first paint; in English it stays the spec text @phone-only', async ({ page, context }) => {
  await page.goto('/login');
  await watchFirstPaint(context);
  await expectFirstPaint(page, '/login', 'en', 'Login', `Login · ${company}`);
  await chooseBangla(page);
  await expectFirstPaint(page, '/login', 'bn', bn.login, fill(bn.pageTitle, { page: bn.login }));
});

test('the Bengali font is the app’s own: an English page loads only the switch label’s four letters (≤ 2 KiB, decision 0047), a Bangla one the whole font’s two weights @phone-only', async ({
  page,
  baseURL,
}) => {
  const fontsOf = async (lang: 'en' | 'bn') => {
    const urls: string[] = [];
    const listener = (response: import('@playwright/test').Response) => {
      if (response.request().resourceType() === 'font') urls.push(response.url());
    };
    page.on('response', listener);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: lang === 'en' ? 'Login' : bn.login, exact: true })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    // The files' sizes, read again (a body Chromium has let go of cannot be read from the response).
    const fonts = await Promise.all(urls.map(async (url) => ({ url, bytes: (await (await page.request.get(url)).body()).length })));
    const bengali = fonts.filter((f) => /noto-sans-bengali/.test(f.url));
    const word = fonts.filter((f) => /bangla-word-400/.test(f.url));
    return { all: fonts, weights: bengali.map((f) => /-(\d00)-normal/.exec(f.url)?.[1]).sort(), word };
  };
  await page.goto('/login');
  const english = await fontsOf('en');
  await chooseBangla(page);
  const bangla = await fontsOf('bn');
  // No remote font: every font comes from the app itself.
  for (const f of [...english.all, ...bangla.all]) expect(new URL(f.url).origin).toBe(new URL(baseURL as string).origin);
  expect(english.weights).toEqual([]);
  expect(english.word).toHaveLength(1);
  for (const f of english.word) expect(f.bytes).toBeLessThanOrEqual(2 * 1024);
  expect(bangla.weights).toEqual(['400', '700']);
  const family = await page.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily);
  expect(family).toContain('Noto Sans Bengali');
});

test.describe('page titles', () => {
  // The not-found page answers 404, which Chromium logs.
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)/ });

  test('every page has its tab title in the chosen language; English keeps the spec titles @phone-only', async ({ page, request }) => {
    // Some thirty page loads in one test: on CI's 2 cores it took 48–60 s of its 60 s budget.
    test.slow();
    const admin = await createAccount(request, 'admin', 'Title Admin');
    const visitorPages: [string, string][] = [
      ['/login', 'Login'],
      ['/signup', 'Sign up'],
      ['/reset-password', 'Set a new password'],
      ['/no-such-page', en.notFound],
    ];
    const signedInPages: [string, string][] = [
      ['/cashIn', 'Credit'],
      ['/cashOut', 'Debit'],
      ['/fireCount', 'Fire Count'],
      ['/dashboard', 'Dashboard'],
      ['/dashboard/details', 'Dashboard'],
      ['/addusers', 'Add Users'],
      ['/loggedInUsers', 'Admins & Users'],
    ];
    const homeTitle = { en: `${company} · ${homeEn.company.tagline}`, bn: `${company} · ${homeBn.company.tagline}` };
    const titleOf = (lang: 'en' | 'bn', english: string) => (lang === 'en' ? `${english} · ${company}` : fill(bn.pageTitle, { page: inBangla(english) }));
    /** Bangla but for the company's name. */
    const expectNoLatin = async () => expect((await page.title()).replace(company, '')).not.toMatch(/[A-Za-z]/);

    /** The home page as the app shows it (a click on the company's name), then back to `back`. */
    const homeInApp = async (lang: 'en' | 'bn') => {
      await page.getByRole('link', { name: company }).first().click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page).toHaveTitle(homeTitle[lang]);
    };

    await page.goto('/login');
    for (const lang of ['en', 'bn'] as const) {
      if (lang === 'bn') await chooseBangla(page);
      for (const [path, english] of visitorPages) {
        await page.goto(path);
        await expect(page).toHaveTitle(titleOf(lang, english));
        if (lang === 'bn') await expectNoLatin();
      }
      // `/` from the server, then inside the app.
      await page.goto('/');
      await expect(page).toHaveTitle(homeTitle[lang]);
      // From a page of the app (/login and /signup are served without React, decision 0042).
      await page.goto('/reset-password');
      await homeInApp(lang);
      // Titles follow a client-side visit too.
      await page.goBack();
      await expect(page).toHaveTitle(titleOf(lang, 'Set a new password'));
    }

    await page.evaluate(() => {
      localStorage.setItem('lang', 'en');
      document.cookie = 'lang=en; path=/; max-age=31536000; samesite=lax';
    });
    await logIn(page, admin);
    for (const lang of ['en', 'bn'] as const) {
      if (lang === 'bn') await chooseBangla(page);
      for (const [path, english] of signedInPages) {
        await page.goto(path);
        await expect(page).toHaveTitle(titleOf(lang, english));
        if (lang === 'bn') await expectNoLatin();
      }
      await homeInApp(lang);
    }
  });
});
