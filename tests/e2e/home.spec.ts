import fs from 'node:fs';
import { expect, test } from './fixtures';
import { createAccount, logIn } from './support/accounts';
import { E2E_ADMIN } from './support/world';

const content = JSON.parse(fs.readFileSync('content/home.json', 'utf8'));

async function visibleSlide(page: import('@playwright/test').Page): Promise<number> {
  // The slide whose left edge sits at the carousel's left edge is the one on screen.
  return page.locator('.carousel').evaluate((el) => {
    const box = el.getBoundingClientRect();
    const items = [...el.querySelectorAll<HTMLElement>('.carousel-item')];
    const index = items.findIndex((item) => Math.abs(item.getBoundingClientRect().left - box.left) < 2);
    return index + 1;
  });
}

test.describe('public home page', () => {
  test('shows the company, the articles and today', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'AMA Metal & Wire Industries' })).toBeVisible();
    await expect(page.getByText('A Furnace Industry of BD', { exact: true })).toBeVisible();
    for (const title of ['Furnace Wire', 'The Crucial Role of Furnaces in Cable', 'Evolution of Furnace Industries']) {
      await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
    }
    await expect(
      page
        .getByRole('list')
        .filter({ has: page.locator('figure') })
        .locator('img'),
    ).toHaveCount(5);
    const expected = await page.evaluate(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date()));
    expect(expected).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(page.getByText(`Date : ${expected}`, { exact: true })).toBeVisible();
  });

  test('every picture has alt text and a size, and those below the fold load lazily @phone-only', async ({ page }) => {
    await page.goto('/');
    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        alt: img.getAttribute('alt'),
        w: img.getAttribute('width'),
        h: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
      })),
    );
    expect(images).toHaveLength(4 + 5 + 3);
    for (const img of images) {
      expect(img.alt?.length).toBeGreaterThan(3);
      expect(Number(img.w)).toBeGreaterThan(0);
      expect(Number(img.h)).toBeGreaterThan(0);
    }
    expect(images[0]?.loading).toBe('eager');
    expect(images.slice(1).every((img) => img.loading === 'lazy')).toBe(true);
  });

  test('the carousel arrows wrap around both ways', async ({ page }) => {
    await page.goto('/');
    expect(await visibleSlide(page)).toBe(1);
    await expect(page.locator('#slide1').getByRole('link', { name: /Previous slide/ })).toHaveAttribute('href', '#slide4');
    await page
      .locator('#slide1')
      .getByRole('link', { name: /Previous slide/ })
      .click();
    await expect.poll(() => visibleSlide(page)).toBe(4);
    await expect(page.locator('#slide4').getByText(content.carousel[3].title)).toBeInViewport();

    await expect(page.locator('#slide4').getByRole('link', { name: /Next slide/ })).toHaveAttribute('href', '#slide1');
    await page
      .locator('#slide4')
      .getByRole('link', { name: /Next slide/ })
      .click();
    await expect.poll(() => visibleSlide(page)).toBe(1);

    for (const n of [2, 3, 4]) {
      await page
        .locator(`#slide${n - 1}`)
        .getByRole('link', { name: /Next slide/ })
        .click();
      await expect.poll(() => visibleSlide(page)).toBe(n);
    }
    await page
      .locator('#slide4')
      .getByRole('link', { name: /Previous slide/ })
      .click();
    await expect.poll(() => visibleSlide(page)).toBe(3);
  });

  test('each FAQ question opens and closes @phone-only', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText('How it works', { exact: true })).toBeVisible();
    const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
    await expect(faq.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
    const items = faq.locator('details');
    await expect(items).toHaveCount(5);
    for (let i = 0; i < 5; i++) {
      const item = items.nth(i);
      const answer = item.locator('.collapse-content');
      await expect(answer).toBeHidden();
      await item.locator('summary').click();
      await expect(answer).toBeVisible();
      await expect(answer).toHaveText(content.faq.items[i].answer);
      await item.locator('summary').click();
      await expect(answer).toBeHidden();
    }
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toContainText(/nichrome/i);
    await expect(items.nth(1)).toContainText(/Kanthal/);
    await items.nth(3).locator('summary').click();
    await expect(items.nth(3)).toContainText('1,200');
    await expect(items.nth(3)).toContainText('1,400');
  });

  test('the page text is in the HTML before any script runs @phone-only', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'AMA Metal & Wire Industries' })).toBeVisible();
    await expect(page.getByText(content.articles[0].paragraphs[0])).toBeVisible();
    // Without JavaScript the FAQ still opens: it is plain HTML.
    await page.getByRole('region', { name: 'Frequently Asked Questions' }).locator('summary').first().click();
    await expect(page.getByText(content.faq.items[0].answer)).toBeVisible();
    await context.close();
  });

  test('logged-out visitors see only the Login link', async ({ page, isMobile }) => {
    await page.goto('/');
    if (isMobile) {
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
    }
    const visibleLinks = page.locator('header').getByRole('link').filter({ visible: true });
    await expect(visibleLinks.filter({ hasNotText: 'AMA Metal & Wire Industries' })).toHaveText(['Login']);
    await expect(page.locator('footer')).toContainText(content.company.email);
    await expect(page.locator('footer')).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('loads no React: one small script and nothing else @phone-only', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/home-island-[\w-]+\.js$/);
    // Inline, only the role hint (shared/role-hint.ts: the header's signed-in shape from the first paint).
    await expect(page.locator('script:not([src])')).toHaveCount(1);
    expect(await page.locator('script:not([src])').getAttribute('id')).toBe('role-hint');
  });

  test('a signed-in admin opening / sees their links, the stock and balance, and can log out', async ({ page, isMobile }) => {
    await logIn(page, E2E_ADMIN);
    await page.goto('/');
    const header = page.locator('header');
    await expect(header.getByTestId('signed-in-user')).toHaveText(E2E_ADMIN.name);
    await expect(header.getByTestId('header-stock')).toContainText(/^Stock: −?[\d,]+(\.\d+)? KG$/);
    await expect(header.getByTestId('header-balance')).toContainText(/^Balance: −?৳\s(\d{1,2},)*\d{1,3}\.\d{2}$/);
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await header.getByRole('link', { name: 'Dashboard' }).filter({ visible: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await header.getByRole('button', { name: 'Logout' }).filter({ visible: true }).click();
    await expect(header.getByTestId('signed-in-user')).toHaveCount(0);
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(header.getByRole('link', { name: 'Login' }).filter({ visible: true })).toBeVisible();
    await expect(header.getByTestId('signed-in-user')).toHaveCount(0);
  });

  test('a signed-in acounts clerk opening /login sees their own header above the form, not a signed-out one @phone-only', async ({
    page,
    request,
    isMobile,
  }) => {
    const clerk = await createAccount(request, 'acounts', 'Login Page Clerk');
    await logIn(page, clerk);
    await page.goto('/login');
    const header = page.locator('header');
    await expect(header.getByTestId('signed-in-user')).toHaveText(clerk.name);
    await expect(header.getByTestId('header-balance')).toContainText(/^Balance: −?৳\s/);
    if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
    for (const label of ['Dashboard', 'Debit', 'Credit', 'Fire Count']) {
      await expect(header.getByRole('link', { name: label, exact: true }).filter({ visible: true })).toBeVisible();
    }
    // acounts has no Add Users; nobody signed in sees a Login link.
    await expect(header.getByRole('link', { name: 'Add Users', exact: true })).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Login', exact: true }).filter({ visible: true })).toHaveCount(0);
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('nothing is wider than the screen', async ({ page }) => {
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  });
});

test.describe('errors', () => {
  test('an unknown address shows Not Found with a 404 status @phone-only', async ({ page, consoleErrors }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    // Inside the site's header and footer, as every page.
    await expect(page.getByRole('banner').getByRole('link', { name: 'AMA Metal & Wire Industries' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'AMA Metal & Wire Industries' })).toBeVisible();
    // Chromium reports the 404 document itself on the console; that one is expected.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/status of 404/.test(e)));
  });
});
