import { entryBody } from '../helpers/factories';
import { todayIn } from '../../src/shared/dates';
import { addPartner, logIn, signIn } from './support/accounts';
import { E2E_ADMIN, e2ePorts } from './support/world';
import { expect, test } from './fixtures';

// Statements and the ledger print like a business's papers: the company with its address, the
// party with theirs, what was brought forward, the closing figures, and lines to sign.

const origin = { origin: `http://127.0.0.1:${e2ePorts().port}` };

function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

test('a party statement from a later start prints the company, the party, brought forward, closing and signature lines @one-width', async ({
  page,
  request,
}, testInfo) => {
  const client = `Print Client ${testInfo.project.name} ${Date.now() % 100000}`;
  const id = await addPartner(request, 'Client', client, { address: 'House 12, Road 5, Fatullah', contact: '01711000111' });
  for (const paid of ['100', '250.50']) {
    const res = await request.post('/api/furnaceData', {
      data: entryBody('furnace', { qunatity: '1', size: '12', weight: '10', price: '100', paid_amount: paid, discount_amount: '0' }, client),
      headers: origin,
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await logIn(page, E2E_ADMIN);
  // From tomorrow (the business day's), so today's two entries are all brought forward.
  const from = nextDay(todayIn('Asia/Dhaka'));
  const url = encodeURIComponent(`furnaceData?partner=${id}&name=${client}`);
  await page.goto(`/dashboard/details?url=${url}&from=${from}`);
  const opening = page.getByTestId('statement-opening');
  await expect(opening).toContainText('Brought forward');
  // Paid 100.00 + 250.50 before the start; the two sales' totals 1,000.00 each.
  await expect(opening).toContainText('350.50');
  await expect(opening).toContainText('2,000.00');
  await expect(page.getByTestId('statement-closing')).toContainText('350.50');
  await expect(page.getByTestId('statement-row')).toHaveCount(0);

  await page.emulateMedia({ media: 'print' });
  const heading = page.getByTestId('print-heading');
  await expect(heading).toContainText('AMA Metal & Wire Industries');
  await expect(heading).toContainText('BSCIC Industrial Area, Fatullah, Narayanganj');
  const party = page.getByTestId('print-party');
  await expect(party).toContainText(client);
  await expect(party).toContainText('House 12, Road 5, Fatullah');
  await expect(party).toContainText('01711000111');
  await expect(page.getByTestId('print-signatures')).toContainText('Received by');
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();

  // A statement saved as PDF is named after the party and its dates, then the tab's title comes back.
  const screenTitle = await page.title();
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(page).toHaveTitle(new RegExp(`^${client} · .+ · AMA Metal & Wire Industries$`));
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page).toHaveTitle(screenTitle);
});

test('the printed ledger names the party with address and contact, keeps Dr with its figure and ends with lines to sign @one-width', async ({
  page,
  request,
}, testInfo) => {
  const client = `Print Ledger ${testInfo.project.name} ${Date.now() % 100000}`;
  const id = await addPartner(request, 'Client', client, { address: 'Plot 7, Kanchpur', contact: '01811000222' });
  const res = await request.post('/api/mWireData', {
    data: entryBody('msWire', { size: '12', note: 'n', discount_amount: '0', weight: '10', price: '100', paid_amount: '0' }, client),
    headers: origin,
  });
  expect(res.status(), await res.text()).toBe(201);
  await signIn(page, E2E_ADMIN);
  await page.goto(`/dashboard/ledger?partner=${id}`);
  const closing = page.getByTestId('ledger-closing');
  await expect(closing).toContainText('Dr');
  // 'Dr' never wraps away from its figure: one line, joined by a no-break space.
  const text = await closing.locator('td').nth(-2).textContent();
  expect(text).toMatch(/\d\u00a0Dr$/);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('print-party')).toContainText('Plot 7, Kanchpur');
  await expect(page.getByTestId('print-party')).toContainText('01811000222');
  await expect(page.getByTestId('print-signatures')).toBeVisible();
});
