import { createAccount, logIn } from './support/accounts';
import { test } from './fixtures';
import { serviceWorkerInCharge } from './support/service-worker';

// Tests that need the app's service worker in charge of a page wait with serviceWorkerInCharge.
// A page still loading when the worker starts is passed over by it (Clients.claim skips a document
// that is not yet running); waiting for the worker alone then never ends (the CI failure of
// home-bangla.spec.ts, session 14). Here that moment is made certain: the page is held back until
// the worker has started.
test.describe('the service worker helper', () => {
  test.use({ serviceWorkers: 'allow' });

  test('finds the worker in charge of a page that was still loading when it started @one-width', async ({ page, request, context }) => {
    const owner = await createAccount(request, 'admin', 'Worker Owner');
    let held = false;
    await context.route('**/dashboard', async (route) => {
      if (!held && route.request().resourceType() === 'document') {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 4000));
      }
      await route.continue();
    });
    await logIn(page, owner);
    await page.goto('/dashboard');
    await serviceWorkerInCharge(page);
  });
});
