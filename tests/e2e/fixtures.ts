import { test as base, expect } from '@playwright/test';

// Every browser test fails if the page logs an error or throws: a user would meet it too.
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        // The API refusing a request (wrong password, no right, bad input) is an answer the
        // page shows, not a fault; Chromium still logs it. Server errors (5xx) stay errors.
        const refused = /status of 4\d\d/.test(msg.text()) && msg.location().url.includes('/api/');
        if (!refused) errors.push(`${msg.text()} (${msg.location().url})`);
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
