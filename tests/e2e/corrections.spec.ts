import type { APIRequestContext, Page } from '@playwright/test';
import { entryBody } from '../helpers/factories';
import { expect, test } from './fixtures';
import { addMoneyAccount, addPartner, booksCheck, signIn } from './support/accounts';
import { E2E_ADMIN, e2ePorts } from './support/world';

// Every mistake can be corrected where it is seen, and a party is one party (issue 11), as the
// accountant does it in the browser.

const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };
/** Presses Export CSV: the file, and its lines split into cells. */
async function exportCsv(page: Page): Promise<{ csv: string; lines: string[][] }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = (await import('node:fs')).readFileSync(await (await download).path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((l) => l.split(',').map((c) => c.replace(/^"|"$/g, '')));
  return { csv, lines };
}

const uniq = (label: string, project: string) => `${label} ${project} ${Date.now() % 100000}`;

async function post(request: APIRequestContext, path: string, body: Record<string, unknown>): Promise<number> {
  const res = await request.post(`/api/${path}`, { data: body, headers: origin });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number } }).data.id;
}

const sale = (name: string, paid: string, extra: Record<string, unknown> = {}) =>
  entryBody('msWire', { size: '12', weight: '10', price: '100', paid_amount: paid, discount_amount: '0', note: 'sale', ...extra }, name);

async function openStatement(page: Page, path: string, partner: number, name: string) {
  await page.goto(`/dashboard/details?url=${encodeURIComponent(`${path}?partner=${partner}&name=${encodeURIComponent(name)}`)}`);
  await expect(page.getByRole('heading', { name: `Statement of ${name}` })).toBeVisible();
}

test.describe('corrections and parties', () => {
  test('void a row of a party statement: it stays, struck through with who voided it, and the totals drop at once', async ({ page, request }, testInfo) => {
    const client = uniq('Void Client', testInfo.project.name);
    const id = await addPartner(request, 'Client', client);
    await post(request, 'mWireData', sale(client, '700', { note: 'first' }));
    await post(request, 'mWireData', sale(client, '300', { note: 'second' }));
    await signIn(page, E2E_ADMIN);
    await openStatement(page, 'mWireData', id, client);
    const totals = page.getByTestId('statement-totals');
    await expect(totals).toContainText('৳ 1,000.00');

    const row = page.getByTestId('statement-row').filter({ hasText: 'second' });
    await row.getByRole('button', { name: 'Void' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void entry' });
    await dialog.getByLabel('Reason').fill('typed twice');
    await dialog.getByRole('button', { name: 'Void entry' }).click();
    await expect(page.getByText('Entry voided').first()).toBeVisible();
    await expect(totals).toContainText('700.00');
    await expect(row).toContainText(`voided by ${E2E_ADMIN.name}`);
    await expect(row).toContainText('typed twice');
    await expect(row).toHaveClass(/line-through/);
    expect(await booksCheck()).toEqual([]);
  });

  test('correct from a party ledger row: the replacement stands on the original date and the closing follows', async ({ page, request }, testInfo) => {
    const client = uniq('Ledger Client', testInfo.project.name);
    const id = await addPartner(request, 'Client', client);
    // Paid into the bank: the ledger says so on the row, in its CSV, and the correction keeps it.
    const bank = uniq('Ledger Bank', testInfo.project.name);
    const bankId = await addMoneyAccount(request, bank);
    const original = await post(request, 'mWireData', sale(client, '400', { account_id: bankId }));
    await signIn(page, E2E_ADMIN);
    await page.goto(`/dashboard/ledger?partner=${id}`);
    await expect(page.getByRole('heading', { name: `Ledger of ${client}` })).toBeVisible();
    // 10 kg × 100 = 1,000 sold, 400 paid: they owe 600.
    await expect(page.getByTestId('ledger-closing')).toContainText('600.00 Dr');
    const first = page.getByTestId('ledger-row').first();
    const originalDate = await first.locator('td').first().innerText();
    await expect(first.locator('td[data-label="Account"]')).toHaveText(bank);

    await first.getByRole('button', { name: 'Correct' }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct MS Wire Form' });
    await expect(dialog.getByRole('combobox', { name: 'Name' })).toHaveValue(client);
    await expect(dialog.getByLabel('Paid Amount')).toHaveValue('400');
    await dialog.getByLabel('Paid Amount').fill('900');
    await dialog.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByText('Entry corrected').first()).toBeVisible();
    // Printed while the toast still shows, the page has no toast on it.
    // (Asked at once: waiting would only see the toast go by itself.)
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByText('Entry corrected').first().isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByText('Entry corrected').first()).toBeVisible();

    await expect(page.getByTestId('ledger-closing')).toContainText('100.00 Dr');
    await expect(page.getByTestId('ledger-row')).toHaveCount(2);
    const replaced = page.getByTestId('ledger-row').filter({ hasText: `corrects #${original}` });
    await expect(replaced).toHaveCount(1);
    await expect(replaced.locator('td').first()).toHaveText(originalDate);
    await expect(page.getByTestId('ledger-row').filter({ hasText: 'corrected by #' })).toHaveClass(/line-through/);

    // Its CSV: the live row only (the corrected original moves nothing), Debit and Credit as columns.
    const { csv, lines } = await exportCsv(page);
    const header = lines[0] ?? [];
    expect(header.slice(-3)).toEqual(['Debit', 'Credit', 'Balance']);
    expect(lines).toHaveLength(1 + 1 + 1 + 1);
    const row = lines[2] ?? [];
    expect(row[header.indexOf('Status')]).toBe(`corrects #${original}`);
    expect(row.slice(-3)).toEqual(['100.00', '', '100.00']);
    expect(header.slice(3, 7)).toEqual(['Total Price', 'Paid Amount', 'Account', 'Discount']);
    expect(row[header.indexOf('Account')]).toBe(bank);
    expect(lines.at(-1)?.slice(-3)).toEqual(['', '', '100.00']);
    expect(lines.every((l) => l.length === header.length)).toBe(true);
    await expect(replaced.locator('td[data-label="Account"]')).toHaveText(bank);
    expect(csv).not.toContain('corrected by');
    expect(await booksCheck()).toEqual([]);
  });

  test('a ledger with lakh figures and a correction prints within A4: no figure or mark is cut off at the edge @one-width', async ({
    page,
    request,
  }, testInfo) => {
    const client = uniq('Print Client', testInfo.project.name);
    const id = await addPartner(request, 'Client', client);
    const big = { weight: '1320.5', price: '80.5', discount_amount: '100', note: 'MS wire sale test' };
    // One paid into a bank of a long name: the Account column is on paper too.
    const bankId = await addMoneyAccount(request, uniq('Dutch-Bangla Bank Tongi Branch Current', testInfo.project.name));
    for (const paid of ['25910', '53393']) await post(request, 'mWireData', sale(client, paid, { ...big, account_id: bankId }));
    const original = await post(request, 'mWireData', sale(client, '50000', big));
    const fixed = await request.post(`/api/entries/${original}/correct`, { data: { ...sale(client, '60000', big), reason: 'paid more' }, headers: origin });
    expect(fixed.status(), await fixed.text()).toBe(201);
    await signIn(page, E2E_ADMIN);
    await page.goto(`/dashboard/ledger?partner=${id}`);
    await expect(page.getByTestId('ledger-row').filter({ hasText: 'corrected by #' })).toHaveCount(1);

    // A4 between the margins (190 mm) is 718 px: the table and every mark end inside it.
    await page.setViewportSize({ width: 718, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('columnheader', { name: 'Account' })).toBeVisible();
    const edges = await page
      .getByRole('table')
      .first()
      .evaluate((t) => [t, ...t.querySelectorAll('td, .badge')].map((e) => Math.round(e.getBoundingClientRect().right)));
    expect(Math.max(...edges)).toBeLessThanOrEqual(718);
    await testInfo.attach('ledger-print-a4', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });

  test('a fire is voided from the fire log, and a fire with nothing in it is refused @phone-only', async ({ page }, testInfo) => {
    const pot = uniq('P', testInfo.project.name);
    await signIn(page, E2E_ADMIN);
    await page.goto('/fireCount');
    const form = page.getByRole('form', { name: 'Fire Count' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByText('Fill in at least one field')).toBeVisible();
    await form.getByLabel('Pot Number').fill(pot);
    await form.getByLabel('Weight (KG)').fill('250');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Confirmed').first()).toBeVisible();

    const row = page.getByTestId('fire-row').filter({ hasText: pot });
    await row.getByRole('button', { name: 'Void' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void entry' });
    await dialog.getByLabel('Reason').fill('wrong pot');
    await dialog.getByRole('button', { name: 'Void entry' }).click();
    await expect(row).toContainText('voided by');
    await expect(row.getByRole('button', { name: 'End Time' })).toHaveCount(0);
    expect(await booksCheck()).toEqual([]);
  });

  test('a renamed partner keeps one history under the new name @phone-only', async ({ page, request }, testInfo) => {
    const before = uniq('Karim Akter', testInfo.project.name);
    const after = `${before} Traders`;
    const id = await addPartner(request, 'Client', before);
    await post(request, 'mWireData', sale(before, '100'));
    const renamed = await request.put(`/api/userDetailsData/${id}`, {
      data: {
        catagories: 'Client',
        name: after,
        fname: 'Father',
        mname: 'Mother',
        address: 'Fatullah',
        contact: '01711000000',
        nid: '1990123456',
        assignedSalary: 'N/A',
        userNote: '',
      },
      headers: origin,
    });
    expect(renamed.status()).toBe(200);
    await post(request, 'mWireData', sale(after, '200'));

    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard/mwiresData');
    await page.getByPlaceholder('Search by name').fill(before);
    const rows = page.getByTestId('party-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(after);
    await rows.first().getByRole('link', { name: 'details' }).click();
    await expect(page.getByRole('heading', { name: `Statement of ${after}` })).toBeVisible();
    await expect(page.getByTestId('statement-row')).toHaveCount(2);
    await expect(page.getByTestId('statement-totals')).toContainText('300.00');
  });

  test('two partners of one name in two categories are two parties, each with its own statement, and the CSV adds up @one-width', async ({
    page,
    request,
  }, testInfo) => {
    const name = uniq('Rahim & Sons Wire', testInfo.project.name);
    const client = await addPartner(request, 'Client', name);
    const agent = await addPartner(request, 'Wire Agent', name);
    await post(request, 'paymentData', entryBody('partnerPayment', { paid_amount: '1000', note: 'advance', partner_id: client }, name));
    await post(request, 'paymentData', entryBody('partnerPayment', { paid_amount: '250', note: 'advance', partner_id: agent }, name));
    const extra = await post(request, 'paymentData', entryBody('partnerPayment', { paid_amount: '99', note: 'mistake', partner_id: client }, name));
    const voided = await request.post(`/api/entries/${extra}/void`, { data: { reason: 'mistake' }, headers: origin });
    expect(voided.status()).toBe(200);

    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard/othersData');
    await page.getByPlaceholder('Search by name').fill(name);
    const rows = page.getByTestId('party-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Client' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Wire Agent' })).toHaveCount(1);

    await rows.filter({ hasText: 'Wire Agent' }).getByRole('link', { name: 'details' }).click();
    await expect(page.getByTestId('statement-totals')).toContainText('250.00');
    await page.goBack();
    await page.getByPlaceholder('Search by name').fill(name);
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: 'Client' }).getByRole('link', { name: 'details' }).click();
    await expect(page.getByTestId('statement-totals')).toContainText('৳ 1,000.00');
    await expect(page.getByTestId('statement-row')).toHaveCount(2);

    const { lines } = await exportCsv(page);
    const header = lines[0] as string[];
    const paid = header.indexOf('Paid Amount');
    // The account each payment went through follows its amount (Cash in hand: no account named).
    expect(header[paid + 1]).toBe('Account');
    expect(lines[1]?.[paid + 1]).toBe('Cash in hand');
    // The live rows, then an empty line, then the Total line: a sum of the rows is the total.
    const blank = lines.findIndex((l) => l.join('') === '');
    const body = lines.slice(1, blank);
    const live = body.reduce((s, l) => s + Number(l[paid]), 0);
    expect(body).toHaveLength(1);
    expect(body.filter((l) => (l[0] ?? '').includes('voided'))).toHaveLength(0);
    expect(Number(lines.find((l) => l[0] === 'Total')?.[paid])).toBe(live);
    expect(live).toBe(1000);
  });
});
