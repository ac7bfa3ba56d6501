import { todayIn } from '../../src/shared/dates';
import { messages } from '../../src/shared/messages';
import { dateText } from '../../src/web/lib/format';
import { addPartner, createAccount, signIn } from './support/accounts';
import { E2E_ADMIN } from './support/world';
import { expect, test } from './fixtures';

const runId = `${Date.now() % 100000}`;

test.describe('spec details', () => {
  test('an unknown /dashboard/… path shows the Not Found page @phone-only', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard/noSuchPage');
    await expect(page.getByRole('heading', { name: messages.notFound })).toBeVisible();
    await expect(page.getByText('404')).toBeVisible();
  });

  test('a reversed date range says so @phone-only', async ({ page, request }) => {
    const id = await addPartner(request, 'Client', `Range ${runId}`);
    await signIn(page, E2E_ADMIN);
    await page.goto(`/dashboard/ledger?partner=${id}&from=2026-05-10&to=2026-05-01`);
    await expect(page.getByRole('alert').filter({ hasText: 'The start date is after the end date' })).toBeVisible();
    await page.goto(`/dashboard/ledger?partner=${id}&from=2026-05-01&to=2026-05-10`);
    await expect(page.getByRole('form', { name: 'Date filter' })).toBeVisible();
    await expect(page.getByText('The start date is after the end date')).toHaveCount(0);
  });

  test('a refused page keeps the spec words and says whom to ask @phone-only', async ({ page, request }) => {
    await signIn(page, await createAccount(request, 'user', 'Plain User'));
    await page.goto('/cashIn');
    await expect(page.getByRole('heading', { name: messages.notAcounts, exact: true })).toBeVisible();
    await expect(page.getByText(messages.askAdmin)).toBeVisible();
    await page.goto('/loggedInUsers');
    await expect(page.getByRole('heading', { name: messages.notAdmin, exact: true })).toBeVisible();
    await expect(page.getByText(messages.askAdmin)).toBeVisible();
  });

  test('Partners Info searches by name, and contact numbers are tap-to-call links', async ({ page, request }) => {
    const name = `Callable ${runId}`;
    await addPartner(request, 'Client', name, { contact: '01711000111' });
    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard/userDetailsData');
    await page.getByPlaceholder('Search by name').fill(`callable ${runId}`);
    const call = page.getByRole('link', { name: '01711000111' });
    await expect(call).toHaveAttribute('href', 'tel:01711000111');
    await expect(page.getByRole('link', { name })).toBeVisible();
    await page.getByPlaceholder('Search by name').fill(`nobody-${runId}`);
    await expect(page.getByText('No partners match.')).toBeVisible();
  });

  test.describe('on a phone set to another time zone', () => {
    test.use({ timezoneId: 'America/Los_Angeles' });
    test('an entry form shows the business day (Asia/Dhaka), as the server stamps it @phone-only', async ({ page, request }) => {
      const config = (await (await request.get('/api/config')).json()) as { data: { timeZone: string } };
      expect(config.data.timeZone).toBe('Asia/Dhaka');
      await signIn(page, E2E_ADMIN);
      await page.goto('/cashIn');
      await page.getByRole('button', { name: 'MS Wire Form', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'MS Wire Form' });
      await expect(dialog.getByLabel('Date')).toHaveValue(dateText(todayIn('Asia/Dhaka')));
    });
  });
});
