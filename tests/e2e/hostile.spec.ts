import type { Locator, Page } from '@playwright/test';
import { entryBody } from '../helpers/factories';
import { addPartner, logIn } from './support/accounts';
import { E2E_ADMIN, e2ePorts } from './support/world';
import { expect, test } from './fixtures';

// Text people type is shown as text: markup in a partner's name or an entry's note must reach
// the screen and the printout as the characters typed, never as elements. The page's CSP would
// stop an injected script on its own, so the test looks for the elements themselves (no <img
// src=x>, no <script> with the payload), and also checks that nothing ran.

const PAYLOAD = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };

/** Nothing of the payload became an element, and nothing of it ran. */
async function expectInert(page: Page) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.locator('script').evaluateAll((scripts) => scripts.filter((s) => s.textContent?.includes('__pwned')).length)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

/** Shown on screen and when printing, as the very characters typed. */
async function expectShownLiterally(page: Page, where: Locator, texts: string[]) {
  for (const media of ['screen', 'print'] as const) {
    await page.emulateMedia({ media });
    await expect(where.first()).toBeVisible();
    for (const text of texts) await expect(where.first(), `${text} on ${media}`).toContainText(text);
    await expectInert(page);
  }
  await page.emulateMedia({ media: 'screen' });
}

test.describe('hostile text', () => {
  test('markup in a partner name and an entry note shows as text in the lists, statements and print, and never runs @phone-only', async ({
    page,
    request,
  }, testInfo) => {
    const name = `${PAYLOAD} ${testInfo.project.name} ${Date.now() % 100000}`;
    const note = `${PAYLOAD} note`;
    await addPartner(request, 'Client', name);
    const sale = await request.post('/api/mWireData', {
      data: entryBody('msWire', { size: '12', weight: '2', price: '10', paid_amount: '15', discount_amount: '0', note }, name),
      headers: origin,
    });
    expect(sale.status(), await sale.text()).toBe(201);

    await logIn(page, E2E_ADMIN);

    // The latest entries of the cash-in screen.
    await page.goto('/cashIn');
    const recent = page.getByTestId('recent-row').filter({ hasText: name });
    await expect(recent).toHaveCount(1);
    await expect(recent.locator('td').nth(2)).toHaveText(name);
    await expectInert(page);

    // The party list of MS wire sales, then the statement it links to.
    await page.goto('/dashboard/mwiresData');
    await page.getByPlaceholder('Search by name').fill(name);
    const party = page.getByTestId('party-row').filter({ hasText: name });
    await expect(party).toHaveCount(1);
    await expect(party.locator('td').first()).toHaveText(name);
    await expectInert(page);
    await party.getByRole('link', { name: 'details' }).click();
    await expect(page.getByRole('heading', { name: `Statement of ${name}` })).toBeVisible();
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
    await expectShownLiterally(page, page.getByTestId('statement-row'), [name, note]);
    await expectShownLiterally(page, page.getByRole('heading', { name: `Statement of ${name}` }), [name]);

    // The partners' balances, then the partner's ledger.
    await page.goto('/dashboard/ledger');
    await page.getByPlaceholder('Search by name or category').fill(name);
    const balance = page.getByTestId('ledger-balance-row').filter({ hasText: name });
    await expect(balance).toHaveCount(1);
    await expectShownLiterally(page, balance, [name]);
    await balance.getByRole('link', { name: 'ledger' }).click();
    await expect(page.getByRole('heading', { name: `Ledger of ${name}` })).toBeVisible();
    await expectShownLiterally(page, page.getByTestId('ledger-row'), [note]);

    // The partner list where an admin keeps them.
    await page.goto('/addusers');
    await page.getByPlaceholder('Search by name or category').fill(name);
    await expect(page.getByTestId('partner-row').filter({ hasText: name })).toHaveCount(1);
    await expectInert(page);
  });

  test('a partner called "Rahim & Sons + 100%" has a statement with their entries @phone-only', async ({ page, request }, testInfo) => {
    // '&', '+' and '%' mean something in a query string; in a name they are just characters.
    const name = `Rahim & Sons + 100% ${testInfo.project.name} ${Date.now() % 100000}`;
    await addPartner(request, 'Client', name);
    const sale = await request.post('/api/mWireData', {
      data: entryBody('msWire', { size: '12', weight: '2', price: '10', paid_amount: '15', discount_amount: '0', note: 'first order' }, name),
      headers: origin,
    });
    expect(sale.status(), await sale.text()).toBe(201);
    await logIn(page, E2E_ADMIN);
    await page.goto('/dashboard/mwiresData');
    await page.getByPlaceholder('Search by name').fill(name);
    await page.getByTestId('party-row').filter({ hasText: name }).getByRole('link', { name: 'details' }).click();
    await expect(page.getByRole('heading', { name: `Statement of ${name}` })).toBeVisible();
    await expect(page.getByTestId('statement-row')).toHaveCount(1);
    await expect(page.getByTestId('statement-row')).toContainText('first order');
  });
});
