import { entryBody } from '../helpers/factories';
import { addPartner, logIn, signIn } from './support/accounts';
import { takaText } from './support/figures';
import { E2E_ADMIN, e2ePorts } from './support/world';
import { expect, test } from './fixtures';

const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };

test.describe('the day at a glance', () => {
  test('the dashboard opens on figures: a receivable made here, linked to its ledger, nothing wider than a phone', async ({ page, request }, testInfo) => {
    // A long name (a trading house's): on a phone it wraps under itself, never cut off with '…'.
    const client = `Glance Client Chowdhury Wire and Metal House ${testInfo.project.name} ${Date.now() % 100000}`;
    const partnerId = await addPartner(request, 'Client', client);
    // Owes far more than any other test's client, so it is among the five largest.
    const price = testInfo.project.name === 'phone' ? '1000.01' : '1000.02';
    const res = await request.post('/api/furnaceData', {
      data: entryBody('furnace', { qunatity: '1', size: '12', weight: '100000', price, paid_amount: '0', discount_amount: '0' }, client),
      headers: origin,
    });
    expect(res.status(), await res.text()).toBe(201);
    const owed = takaText(Math.round(100_000 * Number(price) * 100));

    await logIn(page, E2E_ADMIN);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/dashboard');
    const row = page.getByTestId('overview-receivable').filter({ hasText: client });
    await expect(row).toContainText(owed);
    expect(await row.getByRole('link', { name: client }).evaluate((a) => a.scrollWidth - a.clientWidth), 'the name is cut').toBeLessThanOrEqual(0);
    await expect(page.getByTestId('overview-balance')).not.toBeEmpty();
    await expect(page.getByRole('img', { name: /Cash in and cash out/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Debit Data' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Credit Data' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await row.getByRole('link', { name: client }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/ledger\\?partner=${partnerId}$`));
    await expect(page.getByText(owed).first()).toBeVisible();
  });

  test('shows the balance of each account, Cash in hand first, each linked to its cash book @phone-only', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard');
    const accounts = page.getByTestId('overview-account');
    await expect(accounts.first()).toContainText('Cash in hand');
    // The accounts hold the balance between them (each other spec's bank and wallet included).
    const header = (await page.request.get('/api/dashboard')).json();
    const { accounts: listed } = (await header).data as { accounts: { name: string; balance: number }[] };
    await expect(accounts).toHaveCount(listed.length);
    // Names in the header's order, each with its figure. Other specs write into Cash at the same
    // time, so the figures themselves are checked by tests/api/overview.test.ts, not against a
    // second read here.
    for (const [i, a] of listed.entries()) {
      await expect(accounts.nth(i)).toContainText(a.name);
      await expect(accounts.nth(i)).toContainText('৳');
    }
    await accounts.first().getByRole('link', { name: 'Cash in hand' }).click();
    await expect(page).toHaveURL(/\/dashboard\/cashbook\?account=1$/);
  });
});
