import fs from 'node:fs';
import { expect, test } from './fixtures';
import { booksCheck, createAccount, logIn } from './support/accounts';
import { E2E_ADMIN } from './support/world';

// Transfers and the cash book (issue 28, parts 3 and 6), as the accountant ends a day: the day's
// cash goes to the bank (Transfer on the Money accounts page), both balances follow at once, and
// the cash book of today shows it leaving Cash in hand and arriving in the bank, with the day's
// opening and closing. Then the transfer is voided, and both books take it back.

test('an accountant moves cash to the bank and opens the cash book of today showing it @one-width', async ({ page, request }, testInfo) => {
  const run = `${testInfo.project.name} ${Date.now() % 100000}`;
  const bank = `Bank ${run}`;
  const note = `Deposit ${run}`;
  const origin = String(testInfo.project.use.baseURL);
  const admin = await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: { origin } });
  expect(admin.status()).toBe(200);
  const added = await request.post('/api/accounts', { data: { name: bank, type: 'bank', bank: 'City Bank', number: '1234' }, headers: { origin } });
  expect(added.status(), await added.text()).toBe(201);
  const accountant = await createAccount(request, 'acounts', `Cashier ${run}`);
  await logIn(page, accountant);

  await page.goto('/dashboard/accounts');
  const bankRow = page.getByTestId('account-row').filter({ hasText: bank });
  await expect(bankRow).toContainText('৳ 0.00');
  await page.getByRole('button', { name: 'Transfer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Move money between accounts' });
  await expect(dialog.getByLabel('From account').locator('option:checked')).toHaveText('Cash in hand');
  await dialog.getByLabel('To account').selectOption({ label: 'Cash in hand' });
  await dialog.getByLabel('Amount').fill('10,000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // The same account twice is refused under its field, nothing saved.
  await expect(dialog.getByText('choose another account')).toBeVisible();
  await dialog.getByLabel('To account').selectOption({ label: bank });
  await dialog.getByLabel('Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transfer saved').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(bankRow).toContainText('৳ 10,000.00');
  const listed = page.getByTestId('transfer-row').filter({ hasText: note });
  await expect(listed).toContainText(bank);
  await expect(listed).toContainText('10,000.00');

  // The cash book, from the sidebar (a drawer on a phone): Cash in hand, today.
  const openSidebar = page.getByText('Open Sidebar');
  if (await openSidebar.isVisible()) await openSidebar.click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Cash book' }).click();
  await expect(page.getByRole('heading', { name: 'Cash book' })).toBeVisible();
  await expect(page.getByTestId('cashbook-range')).toContainText('Cash in hand');
  const cashRow = page.getByTestId('cashbook-row').filter({ hasText: note });
  await expect(cashRow).toContainText(`Cash in hand → ${bank}`);
  await expect(cashRow).toContainText('10,000.00');
  await expect(page.getByTestId('cashbook-opening')).toBeVisible();
  await expect(page.getByTestId('cashbook-closing')).toBeVisible();
  // The bank's cash book: it opened with nothing and closes with the deposit.
  await page.getByTestId('cashbook-account').selectOption({ label: bank });
  await expect(page.getByTestId('cashbook-range')).toContainText(bank);
  await expect(page.getByTestId('cashbook-opening')).toContainText('৳ 0.00');
  await expect(page.getByTestId('cashbook-row').filter({ hasText: note })).toContainText('10,000.00');
  await expect(page.getByTestId('cashbook-closing')).toContainText('৳ 10,000.00');
  // As a spreadsheet: the opening, the row with its plain figure, the closing.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync((await (await download).path()) as string, 'utf8');
  expect(csv).toContain('"Opening balance"');
  expect(csv).toMatch(new RegExp(`"${note}","10000.00",,"10000.00"`));
  expect(csv).toContain('"Closing balance"');
  // On paper (A4): the letterhead with the account and the day, the signatures; no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-heading')).toBeVisible();
  await expect(page.getByTestId('print-party')).toContainText(bank);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Voided from the bank's cash book: struck through, moving nothing; the bank is back at 0.
  const bankBookRow = page.getByTestId('cashbook-row').filter({ hasText: note });
  await bankBookRow.getByRole('button', { name: 'Void' }).click();
  const voiding = page.getByRole('dialog', { name: 'Void entry' });
  await voiding.getByLabel('Reason').fill('deposited twice');
  await voiding.getByRole('button', { name: 'Void entry' }).click();
  await expect(page.getByText('Entry voided').first()).toBeVisible();
  await expect(bankBookRow).toHaveClass(/line-through/);
  await expect(page.getByTestId('cashbook-closing')).toContainText('৳ 0.00');
  // In Bangla: the page's words, the entry's kind and the lines.
  await page.getByTestId('language-switch').getByRole('button', { name: 'বাংলা', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'ক্যাশ বই' })).toBeVisible();
  await expect(page.getByTestId('cashbook-opening')).toContainText('শুরুর ব্যালেন্স');
  await expect(page.getByTestId('cashbook-closing')).toContainText('শেষের ব্যালেন্স');
  await expect(bankBookRow).toContainText('স্থানান্তর');
  expect(await booksCheck()).toEqual([]);
});

test('a transfer typed wrong is corrected from the transfers list: the accounts follow the correction @phone-only', async ({ page, request }, testInfo) => {
  const run = `${testInfo.project.name} ${Date.now() % 100000}`;
  const wallet = `bKash ${run}`;
  const note = `Cash-out ${run}`;
  const origin = String(testInfo.project.use.baseURL);
  expect(
    (await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: { origin } })).status(),
  ).toBe(200);
  const added = await request.post('/api/accounts', { data: { name: wallet, type: 'mobile', number: '01711000000' }, headers: { origin } });
  expect(added.status(), await added.text()).toBe(201);
  const walletId = (await added.json()).data.id as number;
  // 2,000 moved from Cash to the wallet, typed as 200.
  const typed = await request.post('/api/transfers', { data: { from_account_id: 1, to_account_id: walletId, amount: '200', note }, headers: { origin } });
  expect(typed.status(), await typed.text()).toBe(201);
  await logIn(page, E2E_ADMIN);

  await page.goto('/dashboard/accounts');
  const walletRow = page.getByTestId('account-row').filter({ hasText: wallet });
  await expect(walletRow).toContainText('৳ 200.00');
  await page.getByTestId('transfer-row').filter({ hasText: note }).getByRole('button', { name: 'Correct' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct transfer' });
  await expect(dialog.getByLabel('Amount')).toHaveValue('200');
  await expect(dialog.getByLabel('To account').locator('option:checked')).toHaveText(wallet);
  await dialog.getByLabel('Amount').fill('2,000');
  await dialog.getByLabel('Reason (optional)').fill('typed 200');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Transfer saved').first()).toBeVisible();
  await expect(walletRow).toContainText('৳ 2,000.00');
  const rows = page.getByTestId('transfer-row').filter({ hasText: note });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'corrected by' })).toHaveClass(/line-through/);
  await expect(rows.filter({ hasText: '2,000.00' })).not.toHaveClass(/line-through/);
  expect(await booksCheck()).toEqual([]);
});
