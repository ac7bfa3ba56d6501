import { readFileSync } from 'node:fs';
import { addPartner, logIn, signIn } from './support/accounts';
import { takaText } from './support/figures';
import { pickParty } from './support/forms';
import { E2E_ADMIN, e2ePorts } from './support/world';
import { expect, test } from './fixtures';

// Money the Bangladeshi way (issue 13): the taka sign and lakh groups on screen and in print,
// amounts in words on paper, Bengali digits typed into a form, an entry's printed receipt.

const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };
const statementOf = (client: string) => `/dashboard/details?url=${encodeURIComponent(`mWireData?name=${client}`)}`;
const noSidewaysScroll = () => document.documentElement.scrollWidth - window.innerWidth;

test.describe('lakh money', () => {
  test('a statement shows ৳ and lakh groups at 360 px without sideways scrolling, the amounts in words in print, plain numbers in the CSV @phone-only', async ({
    page,
    request,
  }, testInfo) => {
    const client = `Lakh Client ${testInfo.project.name} ${Date.now() % 100000}`;
    const partnerId = await addPartner(request, 'Client', client);
    // 26,175.25 kg × 90 = 23,55,772.50 sold; 23,55,772.17 paid (typed in lakh groups); 0.33 due.
    const res = await request.post('/api/mWireData', {
      data: { name: client, size: '12', weight: '26,175.25', price: '90', paid_amount: '23,55,772.17', discount_amount: '0', note: 'lakh' },
      headers: origin,
    });
    expect(res.status(), await res.text()).toBe(201);

    await logIn(page, E2E_ADMIN);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(statementOf(client));
    const totals = page.getByTestId('statement-totals');
    await expect(totals).toContainText(takaText(235577217));
    await expect(totals).toContainText('৳ 23,55,772.50');
    await expect(totals).toContainText('৳ 0.33');
    await expect(page.getByTestId('statement-row')).toContainText('26,175.25');
    expect(await page.evaluate(noSidewaysScroll)).toBeLessThanOrEqual(0);
    await expect(page.getByTestId('header-balance')).toContainText('৳');
    await expect(page.getByTestId('in-words')).toBeHidden();

    await page.emulateMedia({ media: 'print' });
    const words = page.getByTestId('in-words');
    await expect(words).toBeVisible();
    await expect(words).toContainText('Paid Amount (in words): Taka Twenty-Three Lakh Fifty-Five Thousand Seven Hundred Seventy-Two and Paisa Seventeen Only');
    await expect(words).toContainText('Taka Twenty-Three Lakh Fifty-Five Thousand Seven Hundred Seventy-Two and Paisa Fifty Only');
    // A sum of rates per kg is no amount of money: no words for it.
    await expect(words).not.toContainText('Price/KG');
    if (testInfo.project.name === 'desktop') {
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    }
    await page.emulateMedia({ media: 'screen' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain('"2355772.17"');
    expect(csv).toContain('"2355772.50"');
    expect(csv).not.toContain('৳');
    expect(csv).not.toContain('23,55,772');

    // The partner's ledger: the closing balance in words on paper, with who owes whom beside it.
    await page.goto(`/dashboard/ledger?partner=${partnerId}`);
    await expect(page.getByTestId('ledger-closing')).toContainText('৳ 0.33 Dr');
    expect(await page.evaluate(noSidewaysScroll)).toBeLessThanOrEqual(0);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('in-words')).toHaveText('Closing balance (owes us) (in words): Taka Zero and Paisa Thirty-Three Only');
  });

  test('a sale typed with Bengali digits is saved with the right figures; its receipt prints @phone-only', async ({ page, request }, testInfo) => {
    const client = `Bangla Digits ${testInfo.project.name} ${Date.now() % 100000}`;
    await addPartner(request, 'Client', client);
    await signIn(page, E2E_ADMIN);
    await page.goto('/cashIn');
    await page.getByRole('button', { name: 'MS Wire Form', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'MS Wire Form' });
    await pickParty(dialog, client);
    await dialog.getByLabel('Size').selectOption('12');
    // ১,২৩৪.৫৬৭ kg × ৮৯.৯৯ = 1,11,098.684… → 1,11,098.68; due = 1,11,098.68 − (1,00,000 + 98.68) = 11,000.
    await dialog.getByLabel('Weight (KG)').fill('১,২৩৪.৫৬৭');
    await dialog.getByLabel('Rate (per KG)').fill('৮৯.৯৯');
    await dialog.getByLabel('Paid Amount').fill('১,০০,০০০');
    await dialog.getByLabel('Discount').fill('৯৮.৬৮');
    await expect(dialog.getByTestId('live-total')).toHaveText('৳ 1,11,098.68');
    await expect(dialog.getByTestId('live-due')).toHaveText('৳ 11,000.00');
    await dialog.getByLabel('Note').fill('বাংলা অঙ্ক');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Confirmed').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(statementOf(client));
    const row = page.getByTestId('statement-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('1,234.567');
    await expect(row).toContainText('৳ 1,11,098.68');
    await expect(row).toContainText('৳ 1,00,000.00');
    await expect(row).toContainText('৳ 11,000.00');

    // The receipt: from the entry's actions, one page for any kind, printed without the buttons.
    await row.getByRole('link', { name: /^Receipt #\d+$/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/receipt\?id=\d+$/);
    const receipt = page.getByTestId('receipt');
    await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
    await expect(receipt).toContainText('AMA Metal & Wire Industries');
    await expect(receipt).toContainText(client);
    await expect(receipt).toContainText('MS Wire');
    await expect(receipt.getByTestId('receipt-line').filter({ hasText: 'Total' }).first()).toContainText('৳ 1,11,098.68');
    await expect(receipt.getByTestId('receipt-line').filter({ hasText: 'Paid Amount' })).toContainText('৳ 1,00,000.00');
    await expect(receipt.getByTestId('receipt-line').filter({ hasText: 'Due' })).toContainText('৳ 11,000.00');
    await expect(receipt.getByTestId('receipt-words')).toHaveText('In words: Taka One Lakh Only');
    await expect(receipt).toContainText(`Issued by: ${E2E_ADMIN.name}`);
    await expect(receipt.getByText('Authorised signature')).toBeVisible();
    expect(await page.evaluate(noSidewaysScroll)).toBeLessThanOrEqual(0);

    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.locator('header').first()).toBeHidden();
    await expect(receipt.getByTestId('receipt-words')).toBeVisible();
    await expect(receipt.getByText('Authorised signature')).toBeVisible();
    if (testInfo.project.name === 'desktop') {
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    }
  });
});
