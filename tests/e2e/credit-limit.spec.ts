import { entryBody } from '../helpers/factories';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { addPartner, booksCheck, createAccount, signIn } from './support/accounts';
import { pickParty } from './support/forms';
import { e2ePorts } from './support/world';

// Credit limits in the sale form (issue 29 item 2): a sale that would take a client past its limit
// shows the figures before it is saved and waits for "Save anyway"; a changed amount asks again; a
// party set to refuse past its limit is not sent at all. Then the due list marks the party.

const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };

/** A 12-gauge MS wire sale of `kg` at 100 a kg, `paid` paid, in either language (fields found by name). */
async function fillSale(form: Locator, kg: string, paid: string) {
  await form.locator('select[id$="-size"]').selectOption('12');
  await form.locator('input[id$="-weight"]').fill(kg);
  await form.locator('input[id$="-price"]').fill('100');
  await form.locator('input[id$="-paid_amount"]').fill(paid);
  await form.locator('input[id$="-discount_amount"]').fill('0');
}

test('a sale past a client’s credit limit shows the figures and saves only on "Save anyway"; in Bangla too @phone-only', async ({
  page,
  request,
}, testInfo) => {
  const client = `Limit Client ${testInfo.project.name} ${Date.now() % 100000}`;
  await addPartner(request, 'Client', client, { credit_limit: '1000' });
  // 6 kg × 100 = 600 sold on credit: 600 due, within the 1,000 limit.
  const sale = entryBody('msWire', { size: '12', weight: '6', price: '100', paid_amount: '0', discount_amount: '0', note: 'on credit' }, client);
  expect((await request.post('/api/mWireData', { data: sale, headers: origin })).status()).toBe(201);

  // An account of its own: the language chosen below is remembered for the person.
  await signIn(page, await createAccount(request, 'acounts', 'Credit Clerk'));
  await page.goto('/cashIn');
  await page.getByRole('button', { name: 'MS Wire Form', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'MS Wire Form' });
  await pickParty(dialog, client);
  await fillSale(dialog, '3', '0');
  // 300 more: 900 due, still within; no notice.
  await expect(dialog.getByTestId('live-due')).toHaveText('৳ 300.00');
  await expect(dialog.getByTestId('credit-limit')).toHaveCount(0);

  // 5 kg: 600 + 500 = 1,100, past the 1,000 limit: the figures show before saving.
  await dialog.getByLabel('Weight (KG)').fill('5');
  const notice = dialog.getByTestId('credit-limit');
  await expect(notice).toContainText(`Past the credit limit: ${client}`);
  await expect(notice).toContainText('Due now৳ 600.00');
  await expect(notice).toContainText('This sale’s due৳ 500.00');
  await expect(notice).toContainText('Due after this sale৳ 1,100.00');
  await expect(notice).toContainText('Credit limit৳ 1,000.00');
  await dialog.getByLabel('Note').fill('past the limit');

  // Submit does not save: the notice's "Save anyway" takes the focus.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(notice.getByRole('button', { name: 'Save anyway' })).toBeFocused();
  await expect(page.getByText('Confirmed')).toHaveCount(0);

  // A changed amount asks again, for the new figures.
  await dialog.getByLabel('Weight (KG)').fill('6');
  await expect(notice).toContainText('Due after this sale৳ 1,200.00');
  await notice.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByText('Confirmed').first()).toBeVisible();
  await expect(dialog.getByTestId('credit-limit')).toHaveCount(0);

  // In Bangla, the same notice in Bangla words and digits.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByTestId('language-switch').getByRole('button', { name: 'বাংলা', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.getByRole('button', { name: 'এমএস তার ফর্ম', exact: true }).click();
  const bn = page.getByRole('dialog');
  await pickParty(bn, client, 'নাম');
  await fillSale(bn, '1', '0');
  const bnNotice = bn.getByTestId('credit-limit');
  await expect(bnNotice).toContainText(`ক্রেডিট সীমা ছাড়িয়ে যাচ্ছে: ${client}`);
  await expect(bnNotice).toContainText('এই বিক্রির পরে বাকি৳ ১,৩০০.০০');
  await expect(bnNotice.getByRole('button', { name: 'তবুও সংরক্ষণ করুন' })).toBeVisible();

  // The due list marks the party past its limit.
  await page.goto('/dashboard/dues');
  await expect(page.getByText(client).first()).toBeVisible();
  expect(await booksCheck()).toEqual([]);
});

test('a party set to refuse past its limit: the form says so and does not send the sale @phone-only', async ({ page, request }, testInfo) => {
  const client = `Refusing Client ${testInfo.project.name} ${Date.now() % 100000}`;
  await addPartner(request, 'Client', client, { credit_limit: '100', refuse_past_limit: true });
  // An account of its own: the language chosen below is remembered for the person.
  await signIn(page, await createAccount(request, 'acounts', 'Credit Clerk'));
  await page.goto('/cashIn');
  await page.getByRole('button', { name: 'MS Wire Form', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'MS Wire Form' });
  await pickParty(dialog, client);
  await fillSale(dialog, '2', '0');
  await dialog.getByLabel('Note').fill('refused');
  const notice = dialog.getByTestId('credit-limit');
  await expect(notice).toContainText('This party is set to refuse sales past its limit: the sale will not be saved.');
  await expect(notice.getByRole('button', { name: 'Save anyway' })).toHaveCount(0);
  let posted = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/mWireData')) posted++;
  });
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(notice).toBeFocused();
  // Paid in full, nothing goes on credit: the sale saves.
  await dialog.locator('input[id$="-paid_amount"]').fill('200');
  await expect(notice).toHaveCount(0);
  expect(posted).toBe(0);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Confirmed').first()).toBeVisible();
});
