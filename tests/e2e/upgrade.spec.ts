import { expect } from '@playwright/test';
import { messages as en } from '../../src/shared/messages';
import { messages as bn } from '../../src/shared/messages-bn';
import { createAccount, logIn } from './support/accounts';
import { test, widthOfLanguage } from './fixtures';
import { serviceWorkerInCharge } from './support/service-worker';

// Issue 31, item 5: a page opened before an upgrade meets a release the server no longer serves.

test.describe('a page of the old release', () => {
  // The gone chunk's 404 and its failed import are what this test makes happen.
  test.use({ expectedConsoleErrors: /status of 404 \(Not Found\)|Failed to fetch dynamically imported module/ });

  test('a form whose code is gone since the page opened reloads the page once onto the new release, and never in a loop @phone-only', async ({
    page,
    request,
    context,
  }) => {
    const staff = await createAccount(request, 'acounts', 'Upgrade Staff');
    await logIn(page, staff);
    await page.goto('/cashIn');
    await expect(page.getByTestId('header-balance')).toBeVisible();
    // The upgrade: the forms' chunk this page knows is no longer on the server.
    let asked = 0;
    await context.route('**/assets/book-forms-*.js', (route) => {
      asked += 1;
      return route.fulfill({ status: 404, body: 'gone' });
    });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'MS Wire Form', exact: true }).click();
    await reloaded;
    expect(asked).toBeGreaterThan(0);
    await expect(page.getByTestId('header-balance')).toBeVisible();

    // Still gone right after the reload (a broken release, not an old page): said plainly, no second reload.
    let reloads = 0;
    page.on('load', () => (reloads += 1));
    await page.getByRole('button', { name: 'MS Wire Form', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: en.formNotLoaded })).toBeVisible();
    await page.waitForTimeout(1500);
    expect(reloads).toBe(0);

    // Once the chunk is there, Try again opens the form.
    await context.unroute('**/assets/book-forms-*.js');
    await page.getByRole('button', { name: en.tryAgain }).click();
    await expect(page.getByRole('dialog', { name: 'MS Wire Form' })).toBeVisible();
  });
});

test.describe('a new release taking over an open page', () => {
  test.use({ serviceWorkers: 'allow' });

  for (const lang of ['en', 'bn'] as const) {
    test(`says a new version is ready, and reloads when tapped (${lang}) ${widthOfLanguage(lang)}`, async ({ page, request }) => {
      const staff = await createAccount(request, 'acounts', `Release Staff ${lang}`);
      await logIn(page, staff);
      await page.evaluate((l) => localStorage.setItem('lang', l), lang);
      await page.goto('/cashIn');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await serviceWorkerInCharge(page);
      const banner = page.getByTestId('new-version');
      await expect(banner).toHaveCount(0);
      // The new release's worker takes over this page (it skips waiting and claims its pages).
      await page.evaluate(() => navigator.serviceWorker.dispatchEvent(new Event('controllerchange')));
      await expect(banner).toHaveText((lang === 'en' ? en : bn).newVersionReady);
      await expect(banner).toBeInViewport();
      const reloaded = page.waitForEvent('load');
      await banner.click();
      await reloaded;
      await expect(page.getByTestId('new-version')).toHaveCount(0);
    });
  }
});
