import type { Locator, Page } from '@playwright/test';
import { type KindDef, kindsInGroup } from '../../src/shared/registry';
import { formatLongDate, todayIn } from '../../src/shared/dates';
import { addPartner, booksCheck, logIn, signIn } from './support/accounts';
import { E2E_ADMIN } from './support/world';
import { expect, test } from './fixtures';
import { pickParty } from './support/forms';

// Money in the header as poisha, read the way a person reads it ('−৳ 23,55,772.17': sign, taka sign, lakh groups).
const figure = (text: string) => text.replace(/[,৳\s]/g, '').replace('\u2212', '-');
async function header(page: Page): Promise<{ balance: number; stockGrams: number }> {
  const balance = figure(await page.getByTestId('header-balance').locator('strong').innerText());
  const stock = figure(await page.getByTestId('header-stock').locator('strong').innerText());
  return { balance: Math.round(Number(balance) * 100), stockGrams: Math.round(Number(stock) * 1000) };
}

const runId = `${Date.now() % 100000}`;
const partnerFor: Record<string, string> = {
  Client: `Client ${runId}`,
  'Wood Powder Agent': `Powder ${runId}`,
  'Wire Agent': `Wire ${runId}`,
  'Acid Agent': `Acid ${runId}`,
  Employee: `Employee ${runId}`,
  Investor: `Investor ${runId}`,
};

/** Fills every field of a kind's form with a valid value; returns the cash and stock it should move. */
async function fillForm(dialog: Locator, kind: KindDef): Promise<{ cash: number; stock: number }> {
  let cash = 0;
  let stock = 0;
  for (const f of kind.fields) {
    const input = dialog.getByLabel(f.label, { exact: false }).first();
    switch (f.input.type) {
      case 'party':
        await pickParty(dialog, partnerFor[f.input.categories[0] as string] as string, f.label);
        break;
      case 'choice':
        await input.selectOption({ index: 1 });
        break;
      case 'decimal': {
        const value =
          f.input.unit === 'weight' ? '10.5' : f.input.unit === 'rate' ? '80' : f.name === 'discount_amount' ? '5' : f.input.unit === 'money' ? '1234.56' : '3';
        await input.fill(value);
        if (kind.cash?.field === f.name) cash = kind.cash.direction * 123456;
        if (kind.stock?.field === f.name) stock = kind.stock.direction * 10500;
        break;
      }
      case 'text':
        if (f.name !== 'assignedSalary') await input.fill(`test ${f.name}`);
        break;
      default:
        break;
    }
  }
  return { cash, stock };
}

test.describe('the books', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.beforeAll(async ({ request }) => {
    for (const [category, name] of Object.entries(partnerFor)) await addPartner(request, category, name);
  });

  test('every cash-in and cash-out form: required fields, save, and the header moves by the exact amount @single-run', async ({ page }) => {
    test.setTimeout(240_000);
    await logIn(page, E2E_ADMIN);
    await expect(page.getByTestId('header-balance')).toBeVisible();
    for (const [path, group] of [
      ['/cashIn', 'cashIn'],
      ['/cashOut', 'cashOut'],
    ] as const) {
      await page.goto(path);
      // (Kinds with a form on an entry screen: opening balances come from a sheet or the API, decision 0041.)
      for (const kind of kindsInGroup(group).filter((k) => k.screens.length > 0)) {
        await page.getByRole('button', { name: kind.button ?? kind.title, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: kind.title });
        await expect(dialog.getByLabel('Issued by')).toHaveValue(E2E_ADMIN.name);
        await dialog.getByRole('button', { name: 'Submit' }).click();
        const firstRequired = kind.fields.find((f) => f.required && f.input.type !== 'computed');
        await expect(dialog.getByText(`${firstRequired?.label} is required`)).toBeVisible();

        const before = await header(page);
        const expected = await fillForm(dialog, kind);
        if (kind.kind === 'salary') await expect(dialog.getByLabel('Assigned Salary')).toHaveValue('15000');
        if (kind.pricing) await expect(dialog.getByTestId('live-total')).not.toHaveText('—');
        await dialog.getByRole('button', { name: 'Submit' }).click();
        await expect(page.getByText('Confirmed').first()).toBeVisible();
        await expect
          .poll(() => header(page), { message: `${kind.title} moves the header` })
          .toEqual({ balance: before.balance + expected.cash, stockGrams: before.stockGrams + expected.stock });
        // The form resets for the next entry.
        await expect(dialog.getByLabel(kind.fields[0]?.label ?? '').first()).toHaveValue('');
        await dialog.getByRole('button', { name: 'Close' }).click();
        // The latest entries list it at once; stock added says it is kilograms, among the taka.
        const latest = page.getByTestId('recent-row').first();
        await expect(latest).toContainText(kind.title);
        if (kind.kind === 'stock') await expect(latest).toContainText('10.5 KG');
      }
    }
    expect(await booksCheck()).toEqual([]);
  });

  test('an MS wire sale shows total and due as typed, and a void puts the header back @single-run', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await page.goto('/cashIn');
    await expect(page.getByTestId('header-balance')).toBeVisible();
    const before = await header(page);
    await page.getByRole('button', { name: 'MS Wire Form', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'MS Wire Form' });
    await pickParty(dialog, partnerFor.Client as string);
    await dialog.getByLabel('Size').selectOption('12');
    await dialog.getByLabel('Weight (KG)').fill('1234.567');
    await dialog.getByLabel('Rate (per KG)').fill('89.99');
    await dialog.getByLabel('Paid Amount').fill('100000');
    await dialog.getByLabel('Discount').fill('98.68');
    // 1234.567 kg × 89.99 = 1,11,098.684… → 1,11,098.68; due = 1,11,098.68 − (1,00,000 + 98.68).
    await expect(dialog.getByTestId('live-total')).toHaveText('৳ 1,11,098.68');
    await expect(dialog.getByTestId('live-due')).toHaveText('৳ 11,000.00');
    await dialog.getByLabel('Note').fill('first order');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Confirmed').first()).toBeVisible();
    await expect.poll(() => header(page)).toEqual({ balance: before.balance + 10_000_000, stockGrams: before.stockGrams - 1_234_567 });
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The latest entries show the bill with what is left to pay under it (not only the amount paid).
    const row = page.getByTestId('recent-row').filter({ hasText: 'MS Wire Form' }).first();
    await expect(row).toContainText('৳ 1,11,098.68');
    await expect(row.getByTestId('entry-due')).toHaveText('Due ৳ 11,000.00');
    await row.getByRole('button', { name: 'Void' }).click();
    const voidDialog = page.getByRole('dialog', { name: 'Void entry' });
    await voidDialog.getByRole('button', { name: 'Void entry' }).click();
    await expect(voidDialog.getByText('Reason is required')).toBeVisible();
    await voidDialog.getByLabel('Reason').fill('wrong client');
    await voidDialog.getByRole('button', { name: 'Void entry' }).click();
    await expect(page.getByText('Entry voided')).toBeVisible();
    await expect.poll(() => header(page)).toEqual(before);
    // The reversal reads as money taken back out, not as a second sale.
    const reversal = page.getByTestId('recent-row').filter({ hasText: 'reversal of' }).first();
    await expect(reversal).toBeVisible();
    await expect(reversal).toContainText('−৳ 1,11,098.68');
    await expect(reversal.getByTestId('entry-due')).toHaveText('Due −৳ 11,000.00');
    // The voided sale stays listed, struck through.
    await expect(page.getByTestId('recent-row').filter({ hasText: 'MS Wire Form' }).filter({ hasText: 'voided' }).first()).toHaveClass(/line-through/);
    // Listed on its original's day (today here), its mark saying when it was made.
    const today = await reversal.locator('td').first().innerText();
    await expect(reversal).toContainText(new RegExp(`reversal of #\\d+, made on ${today}`));
    expect(await booksCheck()).toEqual([]);
  });

  test('a fire is logged, asks for an end note, and shows the time it ended with the note @single-run', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await page.goto('/fireCount');
    const form = page.getByRole('form', { name: 'Fire Count' });
    await form.getByLabel('Pot Number').fill(`P-${runId}`);
    await form.getByLabel('Fire Man').fill('Babul');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Confirmed').first()).toBeVisible();
    const row = page.getByTestId('fire-row').filter({ hasText: `P-${runId}` });
    await expect(row).toContainText('Babul');
    await expect(row).toContainText(E2E_ADMIN.name);
    await row.getByRole('button', { name: 'End Time' }).click();
    const dialog = page.getByRole('dialog', { name: 'End fire' });
    await dialog.getByRole('button', { name: 'End fire' }).click();
    await expect(dialog.getByText('End note is required')).toBeVisible();
    await dialog.getByLabel('End note').fill('Ended 9 pm');
    await dialog.getByRole('button', { name: 'End fire' }).click();
    await expect(page.getByText('End Fire', { exact: true })).toBeVisible();
    await expect(row).toContainText('Ended 9 pm');
    await expect(row.getByRole('button', { name: 'End Time' })).toHaveCount(0);
    // The End Time column shows the time the fire was ended (the business day, 24-hour clock), the note beside it.
    const time = row.getByTestId('lifecycle-time');
    await expect(time).toHaveText(new RegExp(`^${formatLongDate(new Date(`${todayIn('Asia/Dhaka')}T12:00:00Z`), 'en')}, \\d{2}:\\d{2}$`));
  });

  test('an asset is bought, then sold: the sale amount shows and enters the balance @single-run', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await page.goto('/cashOut');
    await expect(page.getByTestId('header-balance')).toBeVisible();
    await page.getByRole('button', { name: 'Assets Form', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Assets Form' });
    await dialog.getByLabel('Asset Name').fill(`Hoist ${runId}`);
    await dialog.getByLabel('Amount').fill('50000');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Confirmed').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const before = await header(page);
    const row = page.getByTestId('asset-row').filter({ hasText: `Hoist ${runId}` });
    await row.getByRole('button', { name: 'Sell' }).click();
    const sell = page.getByRole('dialog', { name: `Sell Hoist ${runId}` });
    await sell.getByRole('button', { name: 'Sell' }).click();
    await expect(sell.getByText('Amount is required')).toBeVisible();
    await sell.getByLabel('Amount').fill('42500.50');
    await sell.getByRole('button', { name: 'Sell' }).click();
    await expect(page.getByText('item sold')).toBeVisible();
    await expect(row).toContainText('৳ 42,500.50');
    await expect.poll(() => header(page)).toEqual({ balance: before.balance + 4_250_050, stockGrams: before.stockGrams });
    expect(await booksCheck()).toEqual([]);
  });

  test('partners: every field but the note is required, contact is a number, and edits save', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await page.goto('/addusers');
    const form = page.getByRole('form', { name: 'Add partner' });
    await form.getByRole('button', { name: 'Add partner' }).click();
    for (const label of ['Category', 'Name', "Father's Name", "Mother's Name", 'Address', 'Contact Number', 'NID / Trade License']) {
      await expect(form.getByText(`${label} is required`, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel('Assigned Salary')).toHaveValue('N/A');
    const name = `Partner ${runId} ${test.info().project.name}`;
    await form.getByLabel('Category').selectOption('Client');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await form.getByLabel("Father's Name").fill('Abdul');
    await form.getByLabel("Mother's Name").fill('Amena');
    await form.getByLabel('Address').fill('Tongi, Gazipur');
    await form.getByLabel('Contact Number').fill('call me');
    await form.getByLabel('NID / Trade License').fill('TL-2201');
    await form.getByRole('button', { name: 'Add partner' }).click();
    await expect(form.getByText('Contact Number must be a number')).toBeVisible();
    await form.getByLabel('Contact Number').fill('01811223344');
    await form.getByRole('button', { name: 'Add partner' }).click();
    await expect(page.getByText('Confirmed').first()).toBeVisible();

    await page.getByPlaceholder('Search by name or category').fill(name);
    const row = page.getByTestId('partner-row').filter({ hasText: name });
    await expect(row).toContainText('01811223344');
    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByLabel('Address').fill('Savar, Dhaka');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('updated')).toBeVisible();
    await expect(row).toContainText('Savar, Dhaka');
  });

  test('the forms work on a phone: a furnace entry with live totals, nothing wider than the screen @phone-only', async ({ page, isMobile }) => {
    test.info().annotations.push({ type: 'viewport', description: isMobile ? '360 px' : 'desktop' });
    await signIn(page, E2E_ADMIN);
    await page.goto('/cashIn');
    await page.getByRole('button', { name: 'Furnace Form', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Furnace Form' });
    await pickParty(dialog, partnerFor.Client as string);
    await dialog.getByLabel('Quantity').fill('4');
    await dialog.getByLabel('Size').selectOption('16');
    await dialog.getByLabel('Weight (KG)').fill('250');
    await dialog.getByLabel('Rate (per KG)').fill('12.5');
    await dialog.getByLabel('Paid Amount').fill('3000');
    await dialog.getByLabel('Discount').fill('0');
    await expect(dialog.getByTestId('live-total')).toHaveText('৳ 3,125.00');
    await expect(dialog.getByTestId('live-due')).toHaveText('৳ 125.00');
    // A paid amount that cannot be read leaves the due unknown, not worked out as if nothing was paid.
    await dialog.getByLabel('Paid Amount').fill('3000abc');
    await expect(dialog.getByTestId('live-due')).toHaveText('—');
    await dialog.getByLabel('Paid Amount').fill('3000');
    await expect(dialog.getByTestId('live-due')).toHaveText('৳ 125.00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Confirmed').first()).toBeVisible();
    expect(await booksCheck()).toEqual([]);
  });
});
