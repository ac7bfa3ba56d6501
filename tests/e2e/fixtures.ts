import { test as base, expect } from '@playwright/test';

// Every browser test fails if the page logs an error or throws: a user would meet it too.
// A spec may name errors it causes on purpose (`test.use({ expectedConsoleErrors: /…/ })`:
// requests made offline, an answer cut on purpose); any other still fails the test.
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp | null }>({
  expectedConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        // The API refusing a request (wrong password, no right, bad input) is an answer the
        // page shows, not a fault; Chromium still logs it. Server errors (5xx) stay errors.
        const refused = /status of 4\d\d/.test(msg.text()) && msg.location().url.includes('/api/');
        if (!refused && !expectedConsoleErrors?.test(msg.text())) errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

// The one project a test runs in (playwright.config.ts), as a tag in its title: `@one-width` the
// desktop's, `@phone-only` the phone's. Every screen is checked at both widths (every-screen.spec.ts);
// a flow runs at both only where what it checks is drawn differently at the two (decision 0045).
export const onDesktop = '@one-width';
export const onPhone = '@phone-only';
/** A flow written for both languages: English at the office PC, Bangla on the phone, so each width sees it once. */
export const widthOfLanguage = (lang: 'en' | 'bn'): string => (lang === 'en' ? onDesktop : onPhone);
