import type { APIRequestContext, Page } from '@playwright/test';
import { fill, messages } from '../../src/shared/messages';
import { refusals as bnRefusals } from '../../src/shared/refusals-bn';
import { formatLongDate, todayIn } from '../../src/shared/dates';
import { refusalTexts } from '../../src/shared/refusals';
import { type Account, addMoneyAccount, addPartner, createAccount, logIn, signIn } from './support/accounts';
import { pickParty } from './support/forms';
import { serviceWorkerInCharge } from './support/service-worker';
import { E2E_ADMIN } from './support/world';
import { expect, test } from './fixtures';

// Entries survive a bad connection (issue 16): saved on the phone while offline, kept across a
// reload, sent once by themselves when the connection is back, on the day they were made; a lost
// answer does not double an entry; a refused one waits with the server's message; another user of
// the same browser never sends them.

const FORM = 'Others Expenses';
const run = `${Date.now() % 1_000_000}`;

/** The entries whose note carries `marker`, as the server has them (read as the e2e admin). */
async function onServer(request: APIRequestContext, marker: string): Promise<{ issue_date: string; issued_by: string; note: string }[]> {
  const base = test.info().project.use.baseURL as string;
  const origin = { origin: base };
  expect((await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: origin })).status()).toBe(
    200,
  );
  const res = await request.get(`/api/otherExpanses?s=${encodeURIComponent(marker)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { issue_date: string; issued_by: string; note: string }[] }).data;
}

/** The payments received whose note carries `marker`, as the server has them (read as the e2e admin). */
async function receipts(request: APIRequestContext, marker: string) {
  const base = test.info().project.use.baseURL as string;
  expect(
    (await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: { origin: base } })).status(),
  ).toBe(200);
  const res = await request.get(`/api/receiptData?s=${encodeURIComponent(marker)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown>[] }).data.map(({ issue_date, paid_amount, account_id, name, issued_by }) => ({
    issue_date,
    paid_amount,
    account_id,
    name,
    issued_by,
  }));
}

/** Opens the Others Expenses form on /cashOut (its code loaded). */
async function openForm(page: Page) {
  await page.getByRole('button', { name: FORM, exact: true }).click();
  await expect(page.getByRole('dialog', { name: FORM }).getByLabel('Expense Type')).toBeVisible();
}

/** Saves one entry with this note and bill in the open Others Expenses form, by its button or by Enter in the last field. */
async function saveExpense(page: Page, note: string, bill: string, by: 'button' | 'Enter' = 'button') {
  const dialog = page.getByRole('dialog', { name: FORM });
  if (!(await dialog.isVisible())) await openForm(page);
  await dialog.getByLabel('Expense Type').selectOption('Others');
  await dialog.getByLabel('Month').selectOption('November');
  await dialog.getByLabel('Bill').fill(bill);
  await dialog.getByLabel('Unit').fill('1');
  await dialog.getByLabel('Note').fill(note);
  if (by === 'Enter') await dialog.getByLabel('Note').press('Enter');
  else await dialog.getByRole('button', { name: 'Submit' }).click();
}

const outboxRows = (page: Page) => page.getByTestId('outbox-row');

test.describe('the outbox', () => {
  test.describe.configure({ timeout: 90_000 });
  // Offline, the browser logs every request it could not make; those, and the answer cut on purpose, are what these tests do.
  test.use({ expectedConsoleErrors: /net::ERR_INTERNET_DISCONNECTED|net::ERR_CONNECTION_RESET/ });

  test.describe('with the service worker', () => {
    // Offline, a request the service worker cannot answer fails as ERR_FAILED (a background refresh of the lookups, say).
    test.use({ serviceWorkers: 'allow', expectedConsoleErrors: /net::ERR_INTERNET_DISCONNECTED|net::ERR_CONNECTION_RESET|net::ERR_FAILED/ });

    test('two entries saved offline survive a reload offline and reach the server once each, on the day they were made @phone-only', async ({
      page,
      context,
      request,
    }) => {
      const clerk = await createAccount(request, 'acounts', 'Offline Clerk');
      await logIn(page, clerk);
      await page.goto('/cashOut');
      await expect(page.getByTestId('header-balance')).toBeVisible();
      // The worker is in charge of this page (it keeps the app for offline use).
      await serviceWorkerInCharge(page);

      // Made at 23:50 in Dhaka yesterday: they must keep that day, though they reach the server today.
      const today = todayIn('Asia/Dhaka');
      const yesterday = todayIn('Asia/Dhaka', new Date(Date.now() - 86_400_000));
      await page.clock.setFixedTime(new Date(`${yesterday}T23:50:00+06:00`));
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Debit' })).toBeVisible();

      await context.setOffline(true);
      const marker = `offline ${run}`;
      await saveExpense(page, `${marker} one`, '101');
      await expect(page.getByRole('status').filter({ hasText: messages.savedOnPhone })).toBeVisible();
      await saveExpense(page, `${marker} two`, '202');
      await expect(page.getByTestId('outbox-count')).toHaveText('2 waiting');
      await page.getByRole('dialog', { name: FORM }).getByRole('button', { name: /close/i }).click();

      // Reloaded without a network: the app, the waiting entries with their amounts, the figures 'as of'.
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Debit' })).toBeVisible();
      await expect(page.getByTestId('outbox-count')).toHaveText('2 waiting');
      await expect(outboxRows(page)).toHaveCount(2);
      await expect(outboxRows(page).nth(0)).toContainText('101.00');
      await expect(outboxRows(page).nth(1)).toContainText('202.00');
      await expect(page.getByTestId('header-as-of')).toHaveText(/^as of \d\d:\d\d$/);
      expect(await onServer(request, marker)).toEqual([]);

      await page.clock.setFixedTime(new Date());
      await context.setOffline(false);
      await expect(page.getByTestId('outbox-count')).toHaveCount(0, { timeout: 20_000 });
      await expect(outboxRows(page)).toHaveCount(0);
      const sent = await onServer(request, marker);
      expect(sent.map((e) => e.note).sort()).toEqual([`${marker} one`, `${marker} two`]);
      expect(sent.map((e) => e.issue_date)).toEqual([yesterday, yesterday]);
      expect(yesterday).not.toBe(today);
      expect(sent.every((e) => e.issued_by === 'Offline Clerk')).toBe(true);
      await expect(page.getByTestId('header-as-of')).toHaveCount(0);
    });
  });

  test.describe('a transfer, with the service worker', () => {
    test.use({ serviceWorkers: 'allow', expectedConsoleErrors: /net::ERR_INTERNET_DISCONNECTED|net::ERR_CONNECTION_RESET|net::ERR_FAILED/ });

    test('a transfer saved offline survives a reload; refused once sent (its bank archived meanwhile), it is fixed and sent once @phone-only', async ({
      page,
      context,
      request,
    }) => {
      const bankX = `Bank X ${run}`;
      const bankY = `Bank Y ${run}`;
      const x = await addMoneyAccount(request, bankX);
      await addMoneyAccount(request, bankY);
      const clerk = await createAccount(request, 'acounts', 'Transfer Clerk');
      await logIn(page, clerk);
      await page.goto('/dashboard/accounts');
      await expect(page.getByTestId('account-row').filter({ hasText: bankX })).toBeVisible();
      await serviceWorkerInCharge(page);
      // The worker's first page is reloaded to put it in charge: the accounts shown again before the network goes.
      await expect(page.getByTestId('account-row').filter({ hasText: bankX })).toBeVisible();

      await context.setOffline(true);
      const note = `offline deposit ${run}`;
      await page.getByRole('button', { name: 'Transfer', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Move money between accounts' });
      await dialog.getByLabel('To account').selectOption({ label: bankX });
      await dialog.getByLabel('Amount').fill('500');
      await dialog.getByLabel('Note (optional)').fill(note);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: messages.savedOnPhone })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('outbox-count')).toHaveText('1 waiting');

      // Reloaded without a network, where the header's count leads: the transfer waits, by its accounts and amount.
      await page.getByTestId('outbox-count').click();
      // On the outbox's screen before the reload (else the reload may beat the link and reload this one).
      await expect(page).toHaveURL(/\/cashIn#outbox$/);
      await page.reload();
      const row = outboxRows(page);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Transfer');
      await expect(row).toContainText(`Cash in hand → ${bankX}`);
      await expect(row).toContainText('500.00');

      // Meanwhile an admin archives Bank X: sent, it is refused and waits with the reason.
      const origin = { origin: String(test.info().project.use.baseURL) };
      expect(
        (await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: origin })).status(),
      ).toBe(200);
      const admin = await request.put(`/api/accounts/${x}`, { data: { archived: true }, headers: origin });
      expect(admin.status(), await admin.text()).toBe(200);
      await context.setOffline(false);
      await expect(row).toContainText(refusalTexts.account_not_open.replace('{name}', bankX), { timeout: 20_000 });

      await row.getByRole('button', { name: messages.outboxFix }).click();
      const fix = page.getByRole('dialog', { name: 'Transfer' });
      await expect(fix.getByLabel('Amount')).toHaveValue('500');
      await expect(fix.getByLabel('Note (optional)')).toHaveValue(note);
      // The account it named is shown, archived or not, until another is chosen.
      await expect(fix.getByLabel('To account').locator('option:checked')).toHaveText(bankX);
      await fix.getByLabel('To account').selectOption({ label: bankY });
      await fix.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Transfer saved').first()).toBeVisible();
      await expect(outboxRows(page)).toHaveCount(0);
      await expect(page.getByTestId('outbox-count')).toHaveCount(0);

      const listed = await request.get('/api/transfers');
      const mine = ((await listed.json()) as { data: { note: string | null; to_account_id: number; amount: number }[] }).data.filter((t) => t.note === note);
      expect(mine.map((t) => [t.to_account_id === x, t.amount])).toEqual([[false, 500]]);
    });
  });

  test('an answer lost after the server saved the entry: sent again, still one entry @phone-only', async ({ page, request }) => {
    await logIn(page, await createAccount(request, 'acounts', 'Lost Answer Clerk'));
    await page.goto('/cashOut');
    await openForm(page);
    let posts = 0;
    await page.route('**/api/otherExpanses', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts += 1;
      const answer = await route.fetch();
      // The first answer is lost on the way back: the server has the entry, the phone does not know.
      if (posts === 1) return route.abort('connectionreset');
      return route.fulfill({ response: answer });
    });
    const marker = `lost answer ${run}`;
    await saveExpense(page, marker, '303');
    await expect(page.getByRole('status').filter({ hasText: messages.savedOnPhone })).toBeVisible();
    await expect(page.getByTestId('outbox-count')).toHaveText('1 waiting');
    expect(await onServer(request, marker)).toHaveLength(1);

    // Start-up sends what waits: the same key again.
    await page.reload();
    await expect.poll(() => posts).toBe(2);
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    expect(await onServer(request, marker)).toHaveLength(1);
  });

  test('a refused entry waits with the server message, is fixed and sent, or discarded on purpose @phone-only', async ({ page, context, request }) => {
    await logIn(page, await createAccount(request, 'acounts', 'Refused Clerk'));
    await page.goto('/cashOut');
    await openForm(page);
    await context.setOffline(true);
    const marker = `refused ${run}`;
    await saveExpense(page, `${marker} fix`, '404');
    await expect(page.getByTestId('outbox-count')).toHaveText('1 waiting');
    await saveExpense(page, `${marker} discard`, '505');
    await expect(page.getByTestId('outbox-count')).toHaveText('2 waiting');
    await page.getByRole('dialog', { name: FORM }).getByRole('button', { name: /close/i }).click();
    // Both were made five days ago (the phone was off the network that long): too old to send.
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000);
    await page.evaluate(
      (madeAt) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('ama-outbox');
          open.onsuccess = () => {
            const tx = open.result.transaction('entries', 'readwrite');
            const store = tx.objectStore('entries');
            const all = store.getAll();
            all.onsuccess = () => {
              for (const e of all.result as { madeAt: string }[]) store.put({ ...e, madeAt });
            };
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      fiveDaysAgo.toISOString(),
    );
    await context.setOffline(false);
    await page.reload();
    const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Dhaka' }).format(fiveDaysAgo);
    await expect(outboxRows(page).filter({ hasText: 'Refused' })).toHaveCount(2);
    await expect(outboxRows(page).first()).toContainText(`this entry was made on ${day}, more than 3 days ago`);
    // The refusal is kept as its code: read in Bangla, its day too, once the language is switched.
    const language = page.getByTestId('language-switch');
    await language.getByRole('button', { name: 'বাংলা', exact: true }).click();
    const dayBn = formatLongDate(new Date(`${todayIn('Asia/Dhaka', fiveDaysAgo)}T12:00:00Z`), 'bn');
    await expect(outboxRows(page).first()).toContainText(fill(bnRefusals.made_too_long_ago, { day: dayBn }));
    // The whole row: the day and time it was made, the form, the headings; no English left.
    await expect(outboxRows(page).first()).not.toContainText(/[A-Za-z0-9]/);
    await page.screenshot({ path: test.info().outputPath('refused-bn.png'), fullPage: true });
    await language.getByRole('button', { name: 'English', exact: true }).click();
    await expect(outboxRows(page).first()).toContainText(`this entry was made on ${day}, more than 3 days ago`);
    await expect(page.getByTestId('outbox-count')).toHaveText('2 waiting');
    await page.screenshot({ path: test.info().outputPath('refused.png'), fullPage: true });
    expect(await onServer(request, marker)).toEqual([]);

    // Fix: the form opens with what was typed; sent now, it is today's entry.
    await outboxRows(page).filter({ hasText: '404.00' }).getByRole('button', { name: messages.outboxFix }).click();
    const dialog = page.getByRole('dialog', { name: FORM });
    await expect(dialog.getByLabel('Bill')).toHaveValue('404');
    await expect(dialog.getByLabel('Note')).toHaveValue(`${marker} fix`);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.confirmed })).toBeVisible();
    await expect(outboxRows(page)).toHaveCount(1);

    // Discard: asked first; saying no keeps it, yes removes it.
    page.once('dialog', (d) => void d.dismiss());
    await outboxRows(page).getByRole('button', { name: messages.outboxDiscard }).click();
    await expect(outboxRows(page)).toHaveCount(1);
    page.once('dialog', (d) => void d.accept());
    await outboxRows(page).getByRole('button', { name: messages.outboxDiscard }).click();
    await expect(outboxRows(page)).toHaveCount(0);
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    const sent = await onServer(request, marker);
    expect(sent.map((e) => [e.note, e.issue_date])).toEqual([[`${marker} fix`, todayIn('Asia/Dhaka')]]);
  });

  test('a payment taken offline yesterday reaches the server after yesterday was closed: refused naming the day, entered again today with nothing lost @phone-only', async ({
    page,
    context,
    request,
  }, info) => {
    const base = info.project.use.baseURL as string;
    const tag = `${info.project.name} ${run}`;
    // A drawer of its own (no other test's Cash in hand is closed) and a client who pays into it.
    const drawer = `Outbox Drawer ${tag}`;
    const drawerId = await addMoneyAccount(request, drawer, 'cash');
    const client = `Outbox Client ${tag}`;
    await addPartner(request, 'Client', client);
    const marker = `closed day ${tag}`;
    const clerk = await createAccount(request, 'acounts', 'Closed Day Clerk');
    await logIn(page, clerk);

    // Yesterday evening in Dhaka, the payment is typed while the connection is down.
    const today = todayIn('Asia/Dhaka');
    const yesterday = todayIn('Asia/Dhaka', new Date(Date.now() - 86_400_000));
    await page.clock.setFixedTime(new Date(`${yesterday}T18:00:00+06:00`));
    await page.goto('/cashIn');
    await page.getByRole('button', { name: 'Payment Received', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment Received' });
    await pickParty(dialog, client);
    await dialog.getByLabel('Amount').fill('750');
    await dialog.getByLabel('Account').selectOption({ label: drawer });
    await dialog.getByLabel('Note').fill(marker);
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.savedOnPhone })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('outbox-count')).toHaveText('1 waiting');

    // Meanwhile the accountant closes yesterday for the drawer (nothing in it then).
    expect(
      (await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: { origin: base } })).status(),
    ).toBe(200);
    const close = await request.post('/api/day-close', { data: { account_id: drawerId, date: yesterday, counted: '0' }, headers: { origin: base } });
    expect(close.status(), await close.text()).toBe(201);

    // The next morning the phone is back online: the payment is refused, kept, naming the closed day.
    await page.clock.setFixedTime(new Date());
    await context.setOffline(false);
    const row = outboxRows(page).filter({ hasText: messages.outboxRefusedState });
    const longDay = (lang: 'en' | 'bn') => formatLongDate(new Date(`${yesterday}T12:00:00Z`), lang);
    await expect(row).toContainText(fill(refusalTexts.day_closed, { day: longDay('en'), account: drawer }), { timeout: 40_000 });
    await expect(row).toContainText('750.00');
    await expect(row).toContainText(client);
    // In Bangla, the refusal and its day read in Bangla.
    const language = page.getByTestId('language-switch');
    await language.getByRole('button', { name: 'বাংলা', exact: true }).click();
    await expect(outboxRows(page).first()).toContainText(fill(bnRefusals.day_closed, { day: longDay('bn'), account: drawer }));
    await page.screenshot({ path: info.outputPath('closed-day-bn.png'), fullPage: true });
    await language.getByRole('button', { name: 'English', exact: true }).click();
    expect(await receipts(request, marker)).toEqual([]);

    // Entered again: the form opens with everything typed; sent now, it is today's payment.
    await row.getByRole('button', { name: messages.outboxFix }).click();
    await expect(dialog.getByRole('combobox', { name: 'Name' })).toHaveValue(client);
    await expect(dialog.getByLabel('Amount')).toHaveValue('750');
    await expect(dialog.getByLabel('Account').locator('option:checked')).toHaveText(drawer);
    await expect(dialog.getByLabel('Note')).toHaveValue(marker);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.confirmed })).toBeVisible();
    await expect(outboxRows(page)).toHaveCount(0);
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    expect(await receipts(request, marker)).toEqual([
      { issue_date: today, paid_amount: 750, account_id: drawerId, name: client, issued_by: 'Closed Day Clerk' },
    ]);
  });

  test('a cheque taken offline reaches the server with its number, bank and date: in hand, and the due down @phone-only', async ({
    page,
    context,
    request,
  }, info) => {
    const base = info.project.use.baseURL as string;
    const tag = `${info.project.name} ${run}`;
    const client = `Offline Cheque Client ${tag}`;
    const partner = await addPartner(request, 'Client', client);
    const chequeNo = `OC${info.project.name === 'phone' ? 1 : 2}${run}`;
    const clerk = await createAccount(request, 'acounts', 'Cheque Clerk');
    await logIn(page, clerk);
    await page.goto('/cashIn');
    await page.getByRole('button', { name: 'Payment Received', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Payment Received' });
    await pickParty(dialog, client);
    await dialog.getByLabel('Amount').fill('1250');
    await dialog.getByLabel('Way of payment').selectOption({ label: 'Cheque' });
    await dialog.getByLabel('Cheque number').fill(chequeNo);
    await dialog.getByLabel('Cheque bank').fill('Pubali Bank');
    await dialog.getByLabel('Cheque date').fill('2099-04-15');
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: messages.savedOnPhone })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('outbox-count')).toHaveText('1 waiting');
    await expect(outboxRows(page)).toContainText('1,250.00');

    // Back online, it goes by itself: one cheque in hand, the client's due 1,250 lower.
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-count')).toHaveCount(0, { timeout: 40_000 });
    expect(
      (await request.post('/api/auth/sign-in/email', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password }, headers: { origin: base } })).status(),
    ).toBe(200);
    const inHand = (await (await request.get('/api/cheques?state=in_hand')).json()) as { data: Record<string, unknown>[] };
    expect(
      inHand.data
        .filter((c) => c.cheque_no === chequeNo)
        .map(({ direction, partner_id, amount, cheque_bank, cheque_date }) => ({ direction, partner_id, amount, cheque_bank, cheque_date })),
    ).toEqual([{ direction: 'received', partner_id: partner, amount: 1250, cheque_bank: 'Pubali Bank', cheque_date: '2099-04-15' }]);
    await page.goto(`/dashboard/ledger?partner=${partner}`);
    await expect(page.getByTestId('ledger-closing')).toContainText('1,250.00 Cr');
  });

  test('offline before any note was shown, a save still says so: the note drawn plainly, then sent once back online @phone-only', async ({
    page,
    context,
    request,
  }) => {
    const clerk = await createAccount(request, 'acounts', 'Plain Note Clerk');
    // Signed in without the form: no "Logged In" note, so the notes' code has not been fetched.
    await signIn(page, clerk);
    await page.goto('/cashOut');
    await openForm(page);
    await context.setOffline(true);
    const marker = `plain note ${run} ${test.info().project.name}`;
    await saveExpense(page, marker, '303');
    await expect(page.locator('#plain-toasts').getByRole('status')).toContainText(messages.savedOnPhone);
    await expect(page.getByTestId('outbox-count')).toHaveText('1 waiting');
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-count')).toHaveCount(0, { timeout: 40_000 });
    expect((await onServer(request, marker)).map((e) => e.issued_by)).toEqual(['Plain Note Clerk']);
  });

  test("another user signing in on the same browser does not send the first user's entries @phone-only", async ({ page, context, request }) => {
    const first: Account = await createAccount(request, 'acounts', 'First Clerk');
    const second: Account = await createAccount(request, 'acounts', 'Second Clerk');
    await logIn(page, first);
    await page.goto('/cashOut');
    await openForm(page);
    await context.setOffline(true);
    const marker = `first user ${run}`;
    await saveExpense(page, marker, '606');
    await expect(page.getByTestId('outbox-count')).toHaveText('1 waiting');

    // The first user's session ends (expired, or signed out elsewhere) while the entry waits.
    await context.clearCookies();
    await context.setOffline(false);
    await logIn(page, second);
    await expect(page.getByTestId('signed-in-user')).toHaveText('Second Clerk');
    await page.goto('/cashOut');
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    // The second user saves (and so sends their outbox): only their own entry reaches the server.
    await saveExpense(page, `${marker} second`, '707');
    await expect(page.getByRole('status').filter({ hasText: messages.confirmed })).toBeVisible();
    expect((await onServer(request, marker)).map((e) => [e.note, e.issued_by])).toEqual([[`${marker} second`, 'Second Clerk']]);

    // The first user back: their entry goes, under their name.
    await page.getByRole('dialog', { name: FORM }).getByRole('button', { name: /close/i }).click();
    await context.clearCookies();
    await logIn(page, first);
    await page.goto('/cashOut');
    await expect(page.getByTestId('outbox-count')).toHaveCount(0);
    await expect.poll(async () => (await onServer(request, marker)).map((e) => e.issued_by).sort()).toEqual(['First Clerk', 'Second Clerk']);
  });

  test('what is typed while an entry is still saving is not wiped when it is saved @phone-only', async ({ page, request }) => {
    const clerk = await createAccount(request, 'acounts', 'Quick Clerk');
    await logIn(page, clerk);
    await page.goto('/cashOut');
    await openForm(page);
    // A slow server: the save takes a second and a half.
    await page.route('**/api/otherExpanses', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    const marker = `quick typist ${run}`;
    const dialog = page.getByRole('dialog', { name: FORM });
    const note = dialog.getByLabel('Note');
    // The first entry sent from the keyboard: Enter in the last field saves.
    await saveExpense(page, `${marker} first`, '404', 'Enter');
    await expect(note).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: messages.confirmed })).toBeVisible();
    // Saved: the form is empty and the focus is back where it was, ready for the next entry.
    await expect(note).toHaveValue('');
    await expect(note).toBeFocused();

    // The second: typing goes on at once. While it saves the form is shut, so what is typed waits
    // until it is saved and then stays (it was emptied away by the save before).
    await saveExpense(page, `${marker} second`, '505');
    await note.fill(`${marker} third`);
    // Saved (its bill is gone from the form), and the note typed meanwhile is still there.
    await expect(dialog.getByLabel('Bill')).toHaveValue('');
    await expect(note).toHaveValue(`${marker} third`);
    await expect.poll(async () => (await onServer(request, marker)).map((e) => e.note).sort()).toEqual([`${marker} first`, `${marker} second`]);
  });

  test('two tabs of the same user send each waiting entry once between them @phone-only', async ({ page, context, request }) => {
    const clerk = await createAccount(request, 'acounts', 'Two Tab Clerk');
    await logIn(page, clerk);
    await page.goto('/cashOut');
    const other = await context.newPage();
    await other.goto('/cashOut');
    await expect(other.getByTestId('signed-in-user')).toHaveText('Two Tab Clerk');
    await page.bringToFront();
    await openForm(page);

    await context.setOffline(true);
    const marker = `two tabs ${run}`;
    // Three entries, each typed once the last one is kept (the form is shut while one saves).
    for (const [i, bill] of ['111', '222', '333'].entries()) {
      await saveExpense(page, `${marker} ${i}`, bill);
      await expect(page.getByTestId('outbox-count')).toHaveText(`${i + 1} waiting`);
    }
    // The other tab hears of them: its header is honest too.
    await expect(other.getByTestId('outbox-count')).toHaveText('3 waiting');
    // The count takes room in the header: on a phone too, nothing is pushed off the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    // Both tabs see the connection come back at the same moment and both try to send; the server
    // answers slowly, so their attempts overlap. The browser's lock lets one tab send: each entry
    // is posted once, not once per tab (the idempotency key would keep a double post one entry,
    // but the test asks for no double post at all).
    const posts: string[] = [];
    context.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/otherExpanses')
        posts.push(String((r.postDataJSON() as { idempotency_key?: string }).idempotency_key));
    });
    await context.route('**/api/otherExpanses', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 500));
      await route.continue();
    });
    await context.setOffline(false);
    await expect(page.getByTestId('outbox-count')).toHaveCount(0, { timeout: 20_000 });
    await expect(other.getByTestId('outbox-count')).toHaveCount(0, { timeout: 20_000 });
    const sent = await onServer(request, marker);
    expect(sent.map((e) => e.note).sort()).toEqual([0, 1, 2].map((i) => `${marker} ${i}`));
    expect(posts).toHaveLength(3);
    expect(new Set(posts).size).toBe(3);
  });

  test('the app can be installed on the phone: name, icons, start page @phone-only', async ({ page }) => {
    await logIn(page, E2E_ADMIN);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: 'AMA Metal & Wire Industries', display: 'standalone' });
    // Chromium's own verdict on the page and its manifest (the icons are fetched and checked).
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });
});
