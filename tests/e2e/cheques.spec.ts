import { entryBody } from '../helpers/factories';
import { expect, test } from './fixtures';
import { addPartner, booksCheck, createAccount, logIn } from './support/accounts';
import { pickParty } from './support/forms';
import { E2E_ADMIN } from './support/world';

// Cheques (issue 28 part 4), as the accountant meets one: a client pays an old due by cheque on the
// Payment Received form; the due falls at once; the cheque is deposited at the bank from the
// Cheques screen, then bounces; the client owes it again, and the cheque's row says why.

test('a client pays by cheque: the due falls, the cheque is deposited, bounces, and the due is back @one-width', async ({ page, request }, testInfo) => {
  const run = `${testInfo.project.name} ${Date.now() % 100000}`;
  const client = `Cheque Client ${run}`;
  const bank = `Cheque Bank ${run}`;
  const chequeNo = `C${Date.now() % 1000000}`;
  const origin = String(testInfo.project.use.baseURL);
  expect(
    (await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: { origin } })).status(),
  ).toBe(200);
  expect((await request.post('/api/accounts', { data: { name: bank, type: 'bank', bank: 'Sonali Bank', number: '99' }, headers: { origin } })).status()).toBe(
    201,
  );
  const id = await addPartner(request, 'Client', client);
  // 10 kg × 100 = 1,000 sold on credit.
  const sale = entryBody('msWire', { size: '12', weight: '10', price: '100', paid_amount: '0', discount_amount: '0', note: 'on credit' }, client);
  expect((await request.post('/api/mWireData', { data: sale, headers: { origin } })).status()).toBe(201);
  const accountant = await createAccount(request, 'acounts', `Cashier ${run}`);
  await logIn(page, accountant);

  await page.goto('/cashIn');
  await page.getByRole('button', { name: 'Payment Received', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Payment Received' });
  await pickParty(dialog, client);
  await dialog.getByLabel('Amount').fill('600');
  await dialog.getByLabel('Way of payment').selectOption({ label: 'Cheque' });
  // A cheque received waits in Cheques in hand: the form asks no account for it.
  await expect(dialog.getByLabel('Account')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('cheque_no: Cheque number is required').or(dialog.getByText('is required').first())).toBeVisible();
  await dialog.getByLabel('Cheque number').fill(chequeNo);
  await dialog.getByLabel('Cheque bank').fill('Janata Bank');
  await dialog.getByLabel('Cheque date').fill('2099-03-01');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Confirmed').first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto(`/dashboard/ledger?partner=${id}`);
  await expect(page.getByTestId('ledger-closing')).toContainText('400.00 Dr');

  await page.goto('/dashboard/cheques');
  await expect(page.getByRole('heading', { name: 'Cheques' })).toBeVisible();
  const row = page.getByTestId('cheque-row').filter({ hasText: chequeNo });
  await expect(row).toContainText(client);
  await expect(row).toContainText('600.00');
  await row.getByRole('button', { name: 'Deposit' }).click();
  const ask = page.getByTestId('cheque-ask');
  await ask.getByRole('combobox').selectOption({ label: bank });
  await ask.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Cheque updated').first()).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.getByRole('tab', { name: 'Deposited' }).click();
  await expect(row).toContainText(bank);
  await row.getByRole('button', { name: 'Bounced' }).click();
  await ask.getByRole('textbox').fill('insufficient funds');
  await ask.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Cheque updated').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Bounced' }).click();
  await expect(row).toContainText('Returned: insufficient funds');
  // Every action, deposit to clear, fits the phone's width.
  const width = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(width).toBeLessThanOrEqual(0);

  // The Bangla screen: the states, the columns, the reason line.
  await page.getByTestId('language-switch').getByRole('button', { name: 'বাংলা', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'চেক' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'হাতে আছে' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'বাউন্স' })).toBeVisible();
  await expect(row).toContainText('ফেরত: insufficient funds');
  await page.getByTestId('language-switch').getByRole('button', { name: 'English', exact: true }).click();

  await page.goto(`/dashboard/ledger?partner=${id}`);
  await expect(page.getByTestId('ledger-closing')).toContainText('1,000.00 Dr');
  await expect(page.getByTestId('ledger-row').filter({ hasText: 'Cheque returned' })).toContainText('insufficient funds');
  expect(await booksCheck()).toEqual([]);
});

test("the dashboard shows the cheques due this week, without the entry screens' code, in English and Bangla", async ({ page, request }, testInfo) => {
  const run = `${testInfo.project.name} ${Date.now() % 100000}`;
  const client = `Due Cheque Client ${run}`;
  const origin = String(testInfo.project.use.baseURL);
  expect(
    (await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: { origin } })).status(),
  ).toBe(200);
  await addPartner(request, 'Client', client);
  // Dated three days on: within the week whatever the hour in Dhaka.
  const chequeDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const paid = {
    name: client,
    paid_amount: '700',
    payment: 'cheque',
    cheque_no: `D${Date.now() % 1000000}`,
    cheque_bank: 'Janata Bank',
    cheque_date: chequeDate,
  };
  expect((await request.post('/api/receiptData', { data: paid, headers: { origin } })).status()).toBe(201);
  await logIn(page, await createAccount(request, 'acounts', `Cashier ${run}`));

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/dashboard');
  const due = page.getByTestId('cheques-due');
  await expect(due.getByRole('heading', { name: 'Cheques due this week' })).toBeVisible();
  const row = due.getByRole('listitem').filter({ hasText: client });
  await expect(row).toContainText('Received');
  await expect(row).toContainText('700.00');
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeInViewport({ ratio: 1 });
  // The card comes in its own small chunk: the entry screens' and the lists' chunks stay unloaded.
  expect(scripts.filter((s) => /\/(entry-screens|shared-screens|cheques-page)-/.test(s))).toEqual([]);

  await page.context().addCookies([{ name: 'lang', value: 'bn', url: page.url() }]);
  await page.evaluate(() => localStorage.setItem('lang', 'bn'));
  await page.reload();
  await expect(due.getByRole('heading', { name: 'এই সপ্তাহের চেক' })).toBeVisible();
  await expect(due.getByRole('listitem').filter({ hasText: client })).toContainText('৭০০.০০');
});
