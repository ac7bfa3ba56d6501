import { expect, test } from './fixtures';
import { addPartner, booksCheck, logIn } from './support/accounts';
import { pickParty } from './support/forms';
import { E2E_ADMIN } from './support/world';

// Money accounts (issue 28), as the factory starts using them: the admin adds the office bKash
// wallet on the accounts page; a client's payment is booked into it from the Credit screen; the
// wallet's balance shows on the accounts page and under the header's Balance, and the accounts
// add up to the Balance.

const figure = (text: string) => Math.round(Number(text.replace(/[,৳\s]/g, '').replace('\u2212', '-')) * 100);

test('an admin adds a bKash wallet; a payment booked into it shows in its balance and under the header @one-width', async ({ page, request }, testInfo) => {
  const run = `${testInfo.project.name} ${Date.now() % 100000}`;
  const wallet = `bKash ${run}`;
  const client = `Wallet Client ${run}`;
  await addPartner(request, 'Client', client);
  await logIn(page, E2E_ADMIN);

  await page.goto('/dashboard/accounts');
  await expect(page.getByRole('heading', { name: 'Money accounts' })).toBeVisible();
  await page.getByRole('button', { name: 'Add account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add account' });
  await dialog.getByLabel('Type').selectOption('mobile');
  await dialog.getByLabel('Account name').fill(wallet);
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The number is required for a wallet: said under its field, nothing saved.
  await expect(dialog.getByText('number is required')).toBeVisible();
  await dialog.getByLabel('Wallet number').fill('01711000000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Account saved').first()).toBeVisible();
  const row = page.getByTestId('account-row').filter({ hasText: wallet });
  await expect(row).toContainText('Mobile wallet');
  await expect(row).toContainText('৳ 0.00');

  await page.goto('/cashIn');
  await page.getByRole('button', { name: 'Payment Received', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Payment Received' });
  await pickParty(form, client);
  await form.getByLabel('Amount').fill('1,250.50');
  await form.getByLabel('Account').selectOption({ label: wallet });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Confirmed').first()).toBeVisible();
  await form.getByRole('button', { name: 'Close' }).click();
  // The latest entries say where its money went.
  await expect(page.getByTestId('recent-row').filter({ hasText: client }).locator('td[data-label="Account"]')).toHaveText(wallet);

  // The header's Balance, tapped, shows each account; they add up to it.
  const balance = page.getByTestId('header-balance');
  await balance.locator('summary').click();
  const list = page.getByTestId('header-accounts');
  await expect(list.getByRole('listitem').filter({ hasText: wallet })).toContainText('৳ 1,250.50');
  const shares = await list.getByRole('listitem').evaluateAll((items) => items.map((li) => li.lastElementChild?.textContent ?? ''));
  // With the cheques waiting as lines of their own (decision 0035: accounts + cheques in hand − cheques issued): they add up to the Balance.
  const { cheques } = ((await (await page.request.get('/api/dashboard')).json()) as { data: { cheques: { in_hand: number; issued: number } } }).data;
  if (cheques.in_hand) await expect(list.getByRole('listitem').filter({ hasText: 'Cheques in hand' })).toBeVisible();
  if (cheques.issued) await expect(list.getByRole('listitem').filter({ hasText: 'Cheques issued' })).toBeVisible();
  expect(shares.reduce((sum, t) => sum + figure(t), 0)).toBe(figure(await balance.locator('strong').innerText()));
  await expect(list).toBeInViewport();
  // It closes as a menu does: Escape (the focus back on the Balance), a tap elsewhere, a second tap.
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(balance.locator('summary')).toBeFocused();
  await balance.locator('summary').click();
  await expect(list).toBeVisible();
  // (A corner of the page: on a phone the list covers the heading.)
  await page.mouse.click(4, (page.viewportSize()?.height ?? 600) - 4);
  await expect(list).toBeHidden();

  // The form remembers the account this person chose last (the list closed by a second tap).
  await balance.locator('summary').click();
  await expect(list).toBeVisible();
  await balance.locator('summary').click();
  await expect(list).toBeHidden();
  await page.getByRole('button', { name: 'Payment Received', exact: true }).click();
  await expect(form.getByLabel('Account').locator('option:checked')).toHaveText(wallet);
  await form.getByRole('button', { name: 'Close' }).click();

  await page.goto('/dashboard/accounts');
  await expect(row).toContainText('৳ 1,250.50');
  expect(await booksCheck()).toEqual([]);
});
