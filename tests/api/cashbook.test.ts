import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { CashbookAnswer } from '../../src/shared/api-schemas.ts';
import { todayIn } from '../../src/shared/dates.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody as partner } from '../helpers/factories.ts';

// The cash book (issue 28 part 6), as the accountant counts the drawer at the end of a day: the
// cash brought forward from yesterday, every entry in and out with its party, a deposit at the
// bank and a bKash cash-out (each listed in both of its accounts), a voided entry shown moving
// nothing, and a closing that is the account's balance; the next day opens with it.
const ZONE = 'Asia/Dhaka';
const dayOf = (d: Date) => todayIn(ZONE, d);

describe.each(dialects)('the cash book on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  let acc: Agent;
  let bank: number;
  let bkash: number;
  const today = dayOf(new Date());
  const yesterday = dayOf(new Date(Date.now() - 24 * 3600_000));
  const tomorrow = dayOf(new Date(Date.now() + 24 * 3600_000));
  type Book = CashbookAnswer;
  const book = async (query: string): Promise<Book> => {
    const res = await acc.get(`/api/cashbook${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const balanceOf = async (id: number) => ((await acc.get('/api/accounts')).json().data as { id: number; balance: number }[]).find((a) => a.id === id)?.balance;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect, { APP_TIME_ZONE: ZONE });
    admin = (await t.signedIn('admin')).agent;
    acc = (await t.signedIn('acounts')).agent;
    bank = (await admin.post('/api/accounts', { name: 'City Bank', type: 'bank', bank: 'City Bank', number: '1234' })).json().data.id;
    bkash = (await admin.post('/api/accounts', { name: 'bKash', type: 'mobile', number: '01711000000' })).json().data.id;
    await admin.post('/api/userDetailsData', partner('Investor', 'Karim'));
    await admin.post('/api/userDetailsData', partner('Client', 'Rahim Traders'));
    await admin.post('/api/userDetailsData', partner('Wire Agent', 'Wire House'));
    const post = async (label: string, path: string, body: Record<string, unknown>) => {
      const res = await acc.post(path, body);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(201);
      ids[label] = res.json().data.id;
    };
    // Yesterday (sent late from a phone: it keeps its day): 50,000 brought in, 3,000 by bKash.
    const lastNight = new Date(Date.now() - 24 * 3600_000).toISOString();
    await post('invest', '/api/investorData', entryBody('investor', { name: 'Karim', paid_amount: '50000', made_at: lastNight }));
    await post('wallet', '/api/investorData', entryBody('investor', { name: 'Karim', paid_amount: '3000', account_id: bkash, made_at: lastNight }));
    // Today: a sale paid 1,000 in cash, a supplier paid 300, cash deposited, a bKash cash-out with its fee,
    // an expense voided, and a payment into the bank that Cash never sees.
    await post(
      'sale',
      '/api/mWireData',
      entryBody('msWire', { size: '12', weight: '10', price: '100', paid_amount: '1000', discount_amount: '0', note: 'sale' }, 'Rahim Traders'),
    );
    await post('paid', '/api/paymentData', entryBody('partnerPayment', { paid_amount: '300', note: 'advance' }, 'Wire House'));
    await post('deposit', '/api/transfers', { from_account_id: 1, to_account_id: bank, amount: '10000', note: 'to the bank' });
    await post('cashout', '/api/transfers', { from_account_id: bkash, to_account_id: 1, amount: '2000', fee: '37' });
    await post('mistake', '/api/otherExpanses', entryBody('otherExpense', { paid_amount: '99' }));
    expect((await acc.post(`/api/entries/${ids.mistake}/void`, { reason: 'wrong day' })).statusCode).toBe(200);
    await post('bankIn', '/api/receiptData', { name: 'Rahim Traders', paid_amount: '500', account_id: bank });
  });
  afterAll(() => t.close());

  it("shows today's Cash in hand: opening, every entry in and out, closing = the account's balance", async () => {
    const b = await book('');
    expect([b.account, b.from, b.to]).toEqual([{ id: 1, name: 'Cash in hand', type: 'cash' }, today, today]);
    expect([b.opening, b.in, b.out, b.closing, b.count]).toEqual([50000, 3000, 10300, 42700, 4]);
    expect(b.closing).toBe(await balanceOf(1));
    expect(b.rows.map((r) => [r.id, r.kind, r.name, r.in, r.out, r.balance, r.voided])).toEqual([
      [ids.sale, 'msWire', 'Rahim Traders', 1000, 0, 51000, false],
      [ids.paid, 'partnerPayment', 'Wire House', 0, 300, 50700, false],
      [ids.deposit, 'transfer', null, 0, 10000, 40700, false],
      [ids.cashout, 'transfer', null, 2000, 0, 42700, false],
      // Voided: listed with its amount, struck through on screen, moving nothing.
      [ids.mistake, 'otherExpense', 'House Rent', 0, 99, 42700, true],
    ]);
    expect(b.rows.map((r) => r.title)).toEqual(['MS Wire Form', 'Partner Payment', 'Transfer', 'Transfer', 'Others Expenses']);
    expect(b.rows[2]).toMatchObject({ note: 'to the bank', from_account_id: 1, to_account_id: bank });
    expect(b.rows[4]).toMatchObject({ voided_reason: 'wrong day' });
  });

  it('lists a transfer in both accounts: out of the wallet with amount + fee, into the bank with the amount', async () => {
    const wallet = await book(`?account_id=${bkash}&issue_date>=${today}&issue_date<=${today}`);
    expect([wallet.opening, wallet.in, wallet.out, wallet.closing]).toEqual([3000, 0, 2037, 963]);
    expect(wallet.rows.map((r) => [r.id, r.out])).toEqual([[ids.cashout, 2037]]);
    expect(wallet.closing).toBe(await balanceOf(bkash));
    const b = await book(`?account_id=${bank}`);
    expect([b.opening, b.in, b.out, b.closing]).toEqual([0, 10500, 0, 10500]);
    expect(b.rows.map((r) => [r.id, r.in])).toEqual([
      [ids.deposit, 10000],
      [ids.bankIn, 500],
    ]);
    expect(b.closing).toBe(await balanceOf(bank));
  });

  it('opens the next day with the closing, and a range with what came before it', async () => {
    const next = await book(`?issue_date>=${tomorrow}&issue_date<=${tomorrow}`);
    expect([next.opening, next.in, next.out, next.closing, next.rows]).toEqual([42700, 0, 0, 42700, []]);
    const before = await book(`?issue_date>=${yesterday}&issue_date<=${yesterday}`);
    expect([before.opening, before.in, before.out, before.closing, before.rows.map((r) => r.id)]).toEqual([0, 50000, 0, 50000, [ids.invest]]);
    const both = await book(`?issue_date>=${yesterday}&issue_date<=${today}`);
    expect([both.opening, both.in, both.out, both.closing, both.count]).toEqual([0, 53000, 10300, 42700, 5]);
    // The latest rows only: what comes before them is carried in one figure.
    const last = await book(`?issue_date>=${yesterday}&issue_date<=${today}&limit=2`);
    expect(last.rows.map((r) => r.id)).toEqual([ids.cashout, ids.mistake]);
    expect([last.carried, last.rows[0]?.balance]).toEqual([40700, 42700]);
  });

  it('follows a void: the day closes lower, and the next day opens with it', async () => {
    expect((await acc.post(`/api/entries/${ids.sale}/void`, { reason: 'not paid' })).statusCode).toBe(200);
    const b = await book('');
    expect([b.opening, b.in, b.out, b.closing]).toEqual([50000, 2000, 10300, 41700]);
    expect(b.closing).toBe(await balanceOf(1));
    expect((await book(`?issue_date<=${tomorrow}`)).opening).toBe(41700);
    // A start alone runs to today.
    expect(await book(`?issue_date>=${yesterday}`)).toMatchObject({ from: yesterday, to: today, opening: 0, closing: 41700 });
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('refuses an unknown account, a bad date and a reversed range, coded', async () => {
    const unknown = await acc.get('/api/cashbook?account_id=999');
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'account_not_found']);
    const junk = await acc.get('/api/cashbook?account_id=cash');
    expect([junk.statusCode, junk.json().error.code, junk.json().error.field]).toEqual([400, 'account_from_list', 'account_id']);
    const badDate = await acc.get('/api/cashbook?issue_date>=2026-02-30');
    expect([badDate.statusCode, badDate.json().error.code]).toEqual([400, 'date_not_real']);
    const reversed = await acc.get(`/api/cashbook?issue_date>=${today}&issue_date<=${yesterday}`);
    expect([reversed.statusCode, reversed.json().error.code]).toEqual([400, 'range_reversed']);
    const user = (await t.signedIn('user')).agent;
    expect((await user.get('/api/cashbook')).statusCode).toBe(403);
  });
});
