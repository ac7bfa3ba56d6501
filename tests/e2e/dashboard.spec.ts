import type { Locator } from '@playwright/test';
import { todayIn } from '../../src/shared/dates';
import { entryBody } from '../helpers/factories';
import { addMoneyAccount, addPartner, signIn } from './support/accounts';
import { takaText } from './support/figures';
import { E2E_ADMIN, e2ePorts } from './support/world';
import { expect, test } from './fixtures';
import { pickParty } from './support/forms';
import { ROWS_IN_FIRST_FRAME, ROWS_PER_TASK } from '../../src/web/components/table/first-frame';

const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };

test.describe('dashboard and statements', () => {
  test('a party statement lists the entries with totals worked out independently, filters by date, marks voids, prints and exports', async ({
    page,
    request,
  }, testInfo) => {
    const agent = `Powder Agent ${testInfo.project.name} ${Date.now() % 100000}`;
    await addPartner(request, 'Wood Powder Agent', agent);
    // Three purchases: quantity × rate, paid, discount.
    const buys = [
      { qunatity: '12.5', price: '80.40', paid_amount: '900', discount_amount: '5.50' },
      { qunatity: '3', price: '99.99', paid_amount: '299.97', discount_amount: '0' },
      { qunatity: '100', price: '12.34', paid_amount: '1000.01', discount_amount: '10' },
    ];
    const ids: number[] = [];
    // The last is paid by bKash: its account is named on its row and in the CSV.
    const wallet = `bKash ${agent}`;
    const walletId = await addMoneyAccount(request, wallet, 'mobile');
    for (const [i, b] of buys.entries()) {
      // The last note would be a formula in a spreadsheet: the CSV must keep it as text.
      const res = await request.post('/api/powderCost', {
        data: entryBody('woodPowder', { note: i === 2 ? '=1+2, by bKash' : 'bags', ...b, ...(i === 2 ? { account_id: walletId } : {}) }, agent),
        headers: origin,
      });
      expect(res.status()).toBe(201);
      ids.push(((await res.json()) as { data: { id: number } }).data.id);
    }
    // Independent arithmetic in poisha: total = round(qty × rate), due = total − paid − discount.
    const p = (s: string) => Math.round(Number(s) * 100);
    const totals = buys.map((b) => Math.round(Number(b.qunatity) * p(b.price)));
    const dues = buys.map((b, i) => (totals[i] as number) - p(b.paid_amount) - p(b.discount_amount));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const taka = takaText;

    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Debit Data' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Credit Data' })).toBeVisible();
    if (testInfo.project.name === 'phone') await page.getByText('Open Sidebar').click();
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Wood Powder' }).click();
    await page.getByPlaceholder('Search by name').fill(agent);
    const row = page.getByTestId('party-row').filter({ hasText: agent });
    await expect(row).toContainText('3');
    await row.getByRole('link', { name: 'details' }).click();

    await expect(page.getByRole('heading', { name: `Statement of ${agent}` })).toBeVisible();
    await expect(page.getByTestId('statement-row')).toHaveCount(3);
    const footer = page.getByTestId('statement-totals');
    await expect(footer).toContainText(taka(sum(totals)));
    await expect(footer).toContainText(taka(sum(dues)));
    await expect(footer).toContainText(taka(sum(buys.map((b) => p(b.paid_amount)))));
    // Rates per kg are not added up: the totals row leaves the rate column blank.
    const rateColumn = await page.getByRole('columnheader', { includeHidden: true }).allTextContents();
    const rateIndex = rateColumn.findIndex((h) => h.trim() === 'Price/KG');
    expect(rateIndex).toBeGreaterThan(0);
    await expect(footer.locator(':scope > *').nth(rateIndex)).toHaveText('');
    await expect(footer).not.toContainText(taka(sum(buys.map((b) => p(b.price)))));
    // Where each payment went, after Paid Amount: Cash in hand, or the wallet (a small line on a phone's card).
    const accountCells = page.getByTestId('statement-row').locator('td[data-label="Account"]');
    await expect(accountCells).toHaveText([wallet, 'Cash in hand', 'Cash in hand']);
    const headers = (await page.getByRole('columnheader', { includeHidden: true }).allTextContents()).map((h) => h.trim());
    expect(headers[headers.indexOf('Paid Amount') + 1]).toBe('Account');
    const look = (cell: Locator) => cell.evaluate((e) => [parseFloat(getComputedStyle(e).fontSize), getComputedStyle(e).color] as const);
    const [accountLook, paidLook] = [
      await look(accountCells.first()),
      await look(page.getByTestId('statement-row').first().locator('td[data-label="Paid Amount"]')),
    ];
    expect(accountLook[0]).toBeLessThanOrEqual(paidLook[0]);
    if (testInfo.project.name === 'phone') expect(accountLook[1]).not.toBe(paidLook[1]);
    else expect(accountLook).toEqual(paidLook);

    // A voided entry stays in the list, marked, and leaves the totals.
    const v = await request.post(`/api/entries/${ids[0]}/void`, { data: { reason: 'double entry' }, headers: origin });
    expect(v.status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId('statement-row').filter({ hasText: 'voided' })).toHaveCount(1);
    await expect(footer).toContainText(taka(sum(totals.slice(1))));

    // Start date only: today to tomorrow includes them; from tomorrow, nothing.
    const today = todayIn('Asia/Dhaka');
    await page.getByLabel('Start date').fill(today);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByTestId('statement-row')).toHaveCount(3);
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    await page.getByLabel('Start date').fill(tomorrow.toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('No entries in this range.')).toBeVisible();
    // An explicit end date overrides the one-day default; a date is typed day first (issue 32).
    await page.getByLabel('Start date').fill('01/01/2020');
    await page.getByLabel('Start date').press('Tab');
    await expect(page.getByLabel('Start date')).toHaveValue('01/01/2020');
    await page.getByLabel('End date').fill(today);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByTestId('statement-row')).toHaveCount(3);

    // Printing shows only the statement, with the company name on top.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header')).toBeHidden();
    await expect(page.getByText('Export CSV')).toBeHidden();
    await expect(page.locator('.print-only').getByText('AMA Metal & Wire Industries', { exact: true })).toBeVisible();
    if (testInfo.project.name === 'desktop') {
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    }
    await page.emulateMedia({ media: 'screen' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = (await import('node:fs')).readFileSync(file, 'utf8');
    expect(csv.startsWith('\uFEFF"Status","Name","Date","Quantity"')).toBe(true);
    expect(csv).toContain(`"Total"`);
    // From a start date: the two live rows (the voided one counts nowhere, so it is left out), then
    // after an empty line what came before (nothing since 2020 here), the range's total and the closing.
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 2 + 1 + 1 + 1 + 1);
    expect(lines[3]).toBe('');
    expect(csv).not.toContain('voided');
    expect(lines.at(-3)).toMatch(/^"Brought forward","","","0",/);
    // The Total row has no sum of rates (Status, Name, Date, Quantity, Size, Price/KG, ...).
    const header = (lines[0] ?? '').replace(/^\uFEFF/, '').split(',');
    const rateAt = header.indexOf('"Price/KG"');
    expect(rateAt).toBeGreaterThan(0);
    expect(lines.at(-2)?.split(',')[rateAt]).toBe('""');
    expect(lines.at(-1)?.replace(/^"Closing"/, '"Total"')).toBe(lines.at(-2));
    expect(csv).toContain(`"'=1+2, by bKash"`);
    // The Account column follows Paid Amount on every line; the lines after the rows leave it blank.
    const cells = lines.map((l) => l.split(','));
    const accountAt = header.indexOf('"Account"');
    expect(header[accountAt - 1]).toBe('"Paid Amount"');
    expect(cells.slice(1, 3).map((l) => l[accountAt])).toEqual([`"${wallet}"`, '"Cash in hand"']);
    expect(cells.at(-2)?.[accountAt]).toBe('""');
    expect(cells.slice(-3).map((l) => l.length)).toEqual([header.length, header.length, header.length]);
  });

  test('a statement opened before a save shows the new entry when you come back, without a reload @phone-only', async ({ page, request }, testInfo) => {
    const client = `Fresh Client ${testInfo.project.name} ${Date.now() % 100000}`;
    await addPartner(request, 'Client', client);
    const first = await request.post('/api/mWireData', {
      data: { name: client, size: '12', weight: '10', price: '90', paid_amount: '900', discount_amount: '0', note: 'first' },
      headers: origin,
    });
    expect(first.status()).toBe(201);

    await signIn(page, E2E_ADMIN);
    await page.goto(`/dashboard/details?url=${encodeURIComponent(`mWireData?name=${client}`)}`);
    await expect(page.getByTestId('statement-row')).toHaveCount(1);

    // Record a second sale for the same client from the Credit screen, in the same tab.
    if (testInfo.project.name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Credit', exact: true }).filter({ visible: true }).click();
    await page.getByRole('button', { name: 'MS Wire Form', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'MS Wire Form' });
    await pickParty(dialog, client);
    await dialog.getByLabel('Size').selectOption('12');
    await dialog.getByLabel('Weight (KG)').fill('5');
    await dialog.getByLabel('Rate (per KG)').fill('90');
    await dialog.getByLabel('Paid Amount').fill('450');
    await dialog.getByLabel('Discount').fill('0');
    await dialog.getByLabel('Note').fill('second');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Confirmed').first()).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { name: `Statement of ${client}` })).toBeVisible();
    await expect(page.getByTestId('statement-row')).toHaveCount(2);
    await expect(page.getByTestId('statement-row').first()).toContainText('second');
    await expect(page.getByTestId('statement-totals')).toContainText('৳ 1,350.00');
  });

  test('history lists the days with entries, newest first, each opening that day’s statement @phone-only', async ({ page, request }, testInfo) => {
    const investor = `Investor ${testInfo.project.name} ${Date.now() % 100000}`;
    await addPartner(request, 'Investor', investor);
    expect((await request.post('/api/investorData', { data: entryBody('investor', { paid_amount: '5000' }, investor), headers: origin })).status()).toBe(201);
    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard/historyInvest');
    const today = todayIn('Asia/Dhaka');
    const first = page.getByTestId('history-row').first();
    await expect(first).toContainText(
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${today}T12:00:00Z`)),
    );
    await first.getByRole('link', { name: 'details' }).click();
    await expect(page.getByRole('heading', { name: `Statement of ${today}` })).toBeVisible();
    await expect(page.getByTestId('statement-row').filter({ hasText: investor })).toHaveCount(1);
  });

  test('the party ledger closes on the sum of the partner’s dues and payments @phone-only', async ({ page, request }, testInfo) => {
    const client = `Ledger Client ${testInfo.project.name} ${Date.now() % 100000}`;
    await addPartner(request, 'Client', client);
    const sale = { size: '12', note: 'n', discount_amount: '0' };
    // Dues: 5,000 − 4,000 = 1,000.00 owed to us; then 750 − 1,000 = −250.00 (paid ahead).
    for (const s of [
      { weight: '100', price: '50', paid_amount: '4000' },
      { weight: '10', price: '75', paid_amount: '1000' },
    ]) {
      expect((await request.post('/api/mWireData', { data: entryBody('msWire', { ...sale, ...s }, client), headers: origin })).status()).toBe(201);
    }
    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard/ledger');
    await page.getByPlaceholder('Search by name or category').fill(client);
    const row = page.getByTestId('ledger-balance-row').filter({ hasText: client });
    await expect(row).toContainText('750.00');
    await expect(row).toContainText('owes us');
    await row.getByRole('link', { name: 'ledger' }).click();
    await expect(page.getByRole('heading', { name: `Ledger of ${client}` })).toBeVisible();
    await expect(page.getByTestId('ledger-row')).toHaveCount(2);
    await expect(page.getByTestId('ledger-row').nth(0)).toContainText('৳ 1,000.00 Dr');
    await expect(page.getByTestId('ledger-row').nth(1)).toContainText('750.00 Dr');
    await expect(page.getByTestId('ledger-closing')).toContainText('750.00 Dr');
    // The brought-forward and closing figures end where the rows' figures end, on a phone's cards as on a desktop's columns.
    const textRight = (cell: Locator) =>
      cell.evaluate((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return Math.round(Math.max(...[...range.getClientRects()].map((r) => r.right)));
      });
    const rowFigure = await textRight(page.getByTestId('ledger-row').nth(1).locator('td').filter({ hasText: '750.00 Dr' }).last());
    expect(Math.abs((await textRight(page.getByTestId('ledger-closing').locator('td').filter({ hasText: '750.00 Dr' }))) - rowFigure)).toBeLessThanOrEqual(2);
    expect(Math.abs((await textRight(page.getByTestId('ledger-opening').locator('td').filter({ hasText: '৳' }))) - rowFigure)).toBeLessThanOrEqual(2);
  });

  test('a long ledger shows its latest 500 entries, carries the rest, and shows all on request @one-width', async ({ page, request }, testInfo) => {
    const client = `Long Ledger ${testInfo.project.name} ${Date.now() % 100000}`;
    await addPartner(request, 'Client', client);
    // 503 sales, each leaving 1.00 due.
    const sale = entryBody('msWire', { size: '12', note: 'n', discount_amount: '0', weight: '1', price: '1', paid_amount: '0' }, client);
    for (let i = 0; i < 503; i += 25) {
      const batch = Array.from({ length: Math.min(25, 503 - i) }, () =>
        request.post('/api/mWireData', { data: sale, headers: origin }).then((r) => r.status()),
      );
      expect(new Set(await Promise.all(batch))).toEqual(new Set([201]));
    }
    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard/ledger');
    await page.getByPlaceholder('Search by name or category').fill(client);
    await page.getByTestId('ledger-balance-row').filter({ hasText: client }).getByRole('link', { name: 'ledger' }).click();
    await expect(page.getByTestId('ledger-row')).toHaveCount(500);
    const opening = page.getByTestId('ledger-opening');
    await expect(opening).toContainText('Balance brought forward (with 3 earlier entries of this range)');
    await expect(opening).toContainText('৳ 3.00 Dr');
    await expect(page.getByTestId('ledger-row').first()).toContainText('4.00 Dr');
    await expect(page.getByTestId('ledger-closing')).toContainText('503.00 Dr');

    await opening.getByRole('button', { name: 'Show all 503 entries' }).click();
    await expect(page.getByTestId('ledger-row')).toHaveCount(503);
    await expect(opening).toHaveText(/^Balance brought forward\s*৳\s0\.00$/);
    await expect(page.getByTestId('ledger-row').first()).toContainText('1.00 Dr');
    await expect(page.getByTestId('ledger-closing')).toContainText('503.00 Dr');
  });

  // A table draws its first rows in the first frame and the rest in the next (data-table.tsx,
  // issue 32 item 4). Frames are held here: the first rows are there, and printing still gets
  // every row at once; given its frame, the table draws the rest.
  test('a statement draws its first rows first and the rest a frame later; printing gets every row @phone-only', async ({ page, request }, testInfo) => {
    const client = `Frames ${testInfo.project.name} ${Date.now() % 100000}`;
    const id = await addPartner(request, 'Client', client);
    const sale = entryBody('msWire', { size: '12', note: 'n', discount_amount: '0', weight: '1', price: '1', paid_amount: '0' }, client);
    const made = await Promise.all(Array.from({ length: 24 }, () => request.post('/api/mWireData', { data: sale, headers: origin }).then((r) => r.status())));
    expect(new Set(made)).toEqual(new Set([201]));
    await signIn(page, E2E_ADMIN);
    await page.addInitScript(() => {
      const w = window as unknown as { heldFrames: FrameRequestCallback[] };
      w.heldFrames = [];
      window.requestAnimationFrame = (callback) => w.heldFrames.push(callback);
    });
    await page.goto(`/dashboard/ledger?partner=${id}`);
    await expect(page.getByTestId('ledger-closing')).toContainText('24.00 Dr');
    await expect(page.getByTestId('ledger-row')).toHaveCount(ROWS_IN_FIRST_FRAME);
    const printed = await page.evaluate(() => {
      window.dispatchEvent(new Event('beforeprint'));
      return document.querySelectorAll('[data-testid="ledger-row"]').length;
    });
    expect(printed).toBe(24);
    await page.reload();
    await expect(page.getByTestId('ledger-row')).toHaveCount(ROWS_IN_FIRST_FRAME);
    await page.evaluate(() => {
      const w = window as unknown as { heldFrames: FrameRequestCallback[] };
      for (const callback of w.heldFrames.splice(0)) callback(performance.now());
    });
    await expect(page.getByTestId('ledger-row')).toHaveCount(24);
  });

  // After the first frame, the rest of a long table comes in batches, each in a task of its own
  // (data-table.tsx, issue 32 item 4): no task draws every row of a statement.
  test('a long statement draws its rows in batches after the first frame @phone-only', async ({ page, request }, testInfo) => {
    const client = `Batches ${testInfo.project.name} ${Date.now() % 100000}`;
    const id = await addPartner(request, 'Client', client);
    const sale = entryBody('msWire', { size: '12', note: 'n', discount_amount: '0', weight: '1', price: '1', paid_amount: '0' }, client);
    const total = ROWS_IN_FIRST_FRAME + ROWS_PER_TASK + 5;
    const made = await Promise.all(
      Array.from({ length: total }, () => request.post('/api/mWireData', { data: sale, headers: origin }).then((r) => r.status())),
    );
    expect(new Set(made)).toEqual(new Set([201]));
    await signIn(page, E2E_ADMIN);
    // Every count of the statement's rows the page ever had, in order (one record per drawing).
    await page.addInitScript(() => {
      const w = window as unknown as { rowCounts: number[] };
      w.rowCounts = [];
      new MutationObserver(() => {
        const n = document.querySelectorAll('[data-testid="ledger-row"]').length;
        if (n > 0 && w.rowCounts.at(-1) !== n) w.rowCounts.push(n);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/dashboard/ledger?partner=${id}`);
    await expect(page.getByTestId('ledger-row')).toHaveCount(total);
    expect(await page.evaluate(() => (window as unknown as { rowCounts: number[] }).rowCounts)).toEqual([
      ROWS_IN_FIRST_FRAME,
      ROWS_IN_FIRST_FRAME + ROWS_PER_TASK,
      total,
    ]);
  });

  // The sidebar's and the home's menus are plain links with one click handler (issue 32 item 4): a
  // tap opens the page in place (no new page load) and closes the phone's sidebar; the open page is
  // marked; a Ctrl-click is the browser's own (a new tab), not a navigation of this one.
  test('the sidebar opens a page in place, marks it, closes on a phone, and leaves a Ctrl-click to the browser', async ({ page, context }, testInfo) => {
    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const phone = testInfo.project.name === 'phone';
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    if (phone) await page.getByText('Open Sidebar').click();
    await nav.getByRole('link', { name: 'Party Ledger', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/ledger$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Party Ledger' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    if (phone) {
      await expect(page.locator('#dashboard-drawer')).not.toBeChecked();
      await page.getByText('Open Sidebar').click();
    }
    await expect(nav.getByRole('link', { name: 'Party Ledger', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    // The home's history menus go the same way.
    const opened = context.waitForEvent('page');
    await page.goto('/dashboard');
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const history = page.getByRole('main').getByRole('link', { name: 'Wood Powder' }).first();
    await history.click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await tab.waitForURL(/\/dashboard\/./);
    await tab.close();
    await expect(page).toHaveURL(/\/dashboard$/);
    await history.click();
    await expect(page).toHaveURL(/\/dashboard\/./);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Dashboard');
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test('an unknown statement path says so plainly @phone-only', async ({ page }) => {
    await signIn(page, E2E_ADMIN);
    await page.goto('/dashboard/details?url=secrets%3Fname%3Dx');
    await expect(page.getByRole('alert')).toContainText('There is no statement for “secrets”');
  });
});
