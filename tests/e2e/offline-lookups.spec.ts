import { messages } from '../../src/shared/messages';
import { formTexts } from '../../src/web/features/books/texts';
import { addMoneyAccount, addPartner, createAccount, logIn } from './support/accounts';
import { pickParty } from './support/forms';
import { serviceWorkerInCharge } from './support/service-worker';
import { expect, test } from './fixtures';

// Offline lookups (issue 32 item 3): what an entry form looks up (the partners, the accounts) is on
// the phone from the moment an entry screen opens online, not only once a form has been opened;
// it survives a reload offline; offline with no list yet the form says so; a list kept for more than
// a day says from when it is.

const FORM = 'Payment Received';

test.describe('offline lookups', () => {
  test.describe.configure({ timeout: 90_000 });
  test.use({ expectedConsoleErrors: /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED/ });

  test.describe('with the service worker', () => {
    test.use({ serviceWorkers: 'allow' });

    test('a screen opened online, no form opened: offline after a reload the party is picked and the entry waits to be sent @phone-only', async ({
      page,
      context,
      request,
    }, testInfo) => {
      const run = `${testInfo.project.name} ${Date.now() % 100000}`;
      const client = `Offline Lookup ${run}`;
      await addPartner(request, 'Client', client);
      const bank = `Lookup Bank ${run}`;
      await addMoneyAccount(request, bank);
      await logIn(page, await createAccount(request, 'acounts', 'Lookup Clerk'));
      await page.goto('/cashIn');
      await serviceWorkerInCharge(page);
      // The screen opened again, as on any day after the first (the worker was installed at sign-in).
      await page.reload();
      // The screen fetched the lists by itself; the worker kept them.
      await expect
        .poll(() =>
          page.evaluate(async () =>
            Promise.all(['/api/userDetailsData', '/api/accounts'].map(async (u) => Boolean(await (await caches.open('ama-data')).match(u)))),
          ),
        )
        .toEqual([true, true]);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('button', { name: FORM, exact: true }).click();
      const form = page.getByRole('dialog', { name: FORM });
      await pickParty(form, client);
      await expect(form.getByTestId('party-list-note')).toHaveCount(0);
      // The accounts too: the bank is offered.
      await form.getByLabel('Account').selectOption({ label: bank });
      await form.getByLabel('Amount').fill('750');
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('status').filter({ hasText: messages.savedOnPhone })).toBeVisible();
      await expect(page.getByTestId('outbox-count')).toHaveText('1 waiting');
      await form.getByRole('button', { name: /close/i }).click();

      // The kept list is two days old: the form says from when it is.
      await page.evaluate(async () => {
        const cache = await caches.open('ama-data');
        const kept = await cache.match('/api/userDetailsData');
        if (!kept) throw new Error('no kept list');
        const headers = new Headers(kept.headers);
        headers.set('x-kept-at', String(Date.now() - 2 * 86_400_000));
        await cache.put('/api/userDetailsData', new Response(await kept.blob(), { headers }));
      });
      await page.reload();
      await page.getByRole('button', { name: FORM, exact: true }).click();
      await expect(form.getByTestId('party-list-note')).toContainText('Partner list kept on this phone from');
      await pickParty(form, client);
      await form.getByRole('button', { name: /close/i }).click();

      // Back online: the entry is sent, and the list is fresh again (no note).
      await context.setOffline(false);
      await expect(page.getByTestId('outbox-count')).toHaveCount(0, { timeout: 20_000 });
      await page.reload();
      await page.getByRole('button', { name: FORM, exact: true }).click();
      await pickParty(form, client);
      await expect(form.getByTestId('party-list-note')).toHaveCount(0);
    });
  });

  test('offline before the list ever came: the form says so plainly, not "No partner matches" @phone-only', async ({ page, request }) => {
    await logIn(page, await createAccount(request, 'acounts', 'No List Clerk'));
    // The list never arrives (no worker, no network for it).
    await page.route('**/api/userDetailsData', (route) => route.abort('internetdisconnected'));
    await page.goto('/cashIn');
    await page.getByRole('button', { name: FORM, exact: true }).click();
    const form = page.getByRole('dialog', { name: FORM });
    const note = form.getByTestId('party-list-note');
    await expect(note).toHaveText(formTexts.en.partnersMissing, { timeout: 20_000 });
    await form.getByRole('combobox', { name: 'Name' }).fill('Anyone');
    await expect(form.getByRole('listbox').locator('..')).toContainText(formTexts.en.partnersMissing);
    await expect(form.getByText('No partner matches')).toHaveCount(0);
    await expect(note).toBeInViewport();
  });
});
