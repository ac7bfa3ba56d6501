import type { Page } from '@playwright/test';

/**
 * Waits until the app's service worker is in charge of `page`. The app registers it at sign-in,
 * and it takes over the open pages when it starts (Clients.claim), but a page that is still
 * loading at that moment is passed over (as the Service Workers spec says): it stays without a
 * worker until it is loaded again. So once the worker runs, a page it has not taken is reloaded.
 */
export async function serviceWorkerInCharge(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}
