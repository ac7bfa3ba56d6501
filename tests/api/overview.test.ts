import { registry } from '../../src/shared/registry.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../../src/server/modules/books/repository.ts';
import { buildEntryRow } from '../../src/server/modules/books/entries.ts';
import { todayIn } from '../../src/shared/dates.ts';
import type { Overview } from '../../src/shared/overview-api.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { kindNamed, partnerBody } from '../helpers/factories.ts';

// The overview through the API, from entries typed by hand: every figure worked out here in
// integer poisha from the typed texts (a void left out, an asset bought and sold, months before
// the chart's window kept in the balance), the five largest balances each way, open fires.

const TIME_ZONE = 'Asia/Dhaka';
const monthsBack = (month: string, n: number) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 - n, 15)).toISOString().slice(0, 7);
const taka = (poisha: number) => poisha / 100;

describe.each(dialects)('overview on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  let admin: Agent;
  const today = todayIn(TIME_ZONE);
  const month = today.slice(0, 7);
  const partners: Record<string, number> = {};

  async function post(path: string, body: Record<string, unknown>) {
    const res = await acc.post(`/api/${path}`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number };
  }
  async function overview(): Promise<Overview> {
    const res = await acc.get('/api/overview');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Overview;
  }
  /** An entry written as the server would have written it on an earlier day. */
  async function earlier(kind: string, input: Record<string, unknown>, date: string) {
    const row = buildEntryRow(kindNamed(kind), input, null, {
      issue_date: date,
      issued_by: 'Accounts',
      author_id: 'x',
      created_at: new Date().toISOString(),
      idempotency_key: null,
    });
    await t.app.deps.database.db.transaction().execute((trx) => repo.recordEntry(trx, registry, row));
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ agent: admin } = await t.signedIn('admin', 'Owner'));
    ({ agent: acc } = await t.signedIn('acounts', 'Accounts'));
    const people: [string, string][] = [
      ...[1, 2, 3, 4, 5, 6].map((i): [string, string] => ['Client', `Client ${i}`]),
      ['Wood Powder Agent', 'Powder Karim'],
      ['Acid Agent', 'Acid Jamal'],
      ['Investor', 'Investor Nasir'],
      ['Employee', 'Selim Fireman'],
    ];
    for (const [category, name] of people) {
      const res = await admin.post('/api/userDetailsData', partnerBody(category, name));
      expect(res.statusCode, res.body).toBe(201);
      partners[name] = (res.json().data as { id: number }).id;
    }
    const trade = { discount_amount: '0', note: 'n' };
    const path = (kind: string) => kindNamed(kind).path;
    // Receivables: Client i owes 100 × (10 + i) − 100 taka.
    for (let i = 1; i <= 6; i++) {
      await post(path('furnace'), { name: `Client ${i}`, qunatity: '1', size: '12', weight: '100', price: `${10 + i}`, paid_amount: '100', ...trade });
    }
    // Payables: we owe Powder Karim 300, Acid Jamal 1,500, the investor 50,000.
    await post(path('woodPowder'), { name: 'Powder Karim', qunatity: '10', price: '50', paid_amount: '200', ...trade });
    await post(path('acid'), { name: 'Acid Jamal', qunatity: '2', price: '1000', paid_amount: '500', ...trade });
    await post(path('investor'), { name: 'Investor Nasir', paid_amount: '50000', note: '' });
    // A sale paid in full moves no balance: cash in and stock out.
    await post(path('giWire'), { name: 'Client 1', size: '12', weight: '250.25', price: '100', paid_amount: '25025', ...trade });
    await post(path('stock'), { wire_stock: '1000', note: '' });
    await post(path('salary'), { name: 'Selim Fireman', month: 'January', assignedSalary: '15000', paid_amount: '15000', absent: '0', note: 'paid' });
    await post(path('potRepair'), { potNumb: 'P-1', repairsAmount: '1500.50' });
    const asset = await post(path('asset'), { name: 'Crane', paid_amount: '5000', note: '' });
    const sold = await acc.put(`/api/${path('asset')}/${asset.id}`, { sold_status: true, sold_amount: '1200.25' });
    expect(sold.statusCode, sold.body).toBe(200);
    const typo = await post(path('otherExpense'), { name: 'House Rent', month: 'January', paid_amount: '999', qunatity: '1' });
    const voided = await acc.post(`/api/entries/${typo.id}/void`, { reason: 'typed twice' });
    expect(voided.statusCode, voided.body).toBe(200);
    // Fires: one ended, one voided, one open today and one open from before.
    const fires = [];
    for (const roll of ['1', '2', '3']) fires.push(await post(path('fire'), { roll, pot_number: 'P-1', weight: '100', fire_man: 'Rafiq' }));
    const ended = await acc.put(`/api/${path('fire')}/${fires[0]?.id}`, { fire_status: true, fire_time: 'cooled' });
    expect(ended.statusCode, ended.body).toBe(200);
    const gone = await acc.post(`/api/entries/${fires[1]?.id}/void`, { reason: 'typed twice' });
    expect(gone.statusCode, gone.body).toBe(200);
    await earlier('fire', { roll: '0', pot_number: 'P-2', weight: 50_000 }, `${monthsBack(month, 1)}-10`);
    // Months before: 700 out two months ago, 333 out thirteen months ago (before the chart).
    await earlier('otherExpense', { name: 'Rent', month: 'May', paid_amount: 70_000, qunatity: 1000 }, `${monthsBack(month, 2)}-05`);
    await earlier('otherExpense', { name: 'Rent', month: 'May', paid_amount: 33_300, qunatity: 1000 }, `${monthsBack(month, 13)}-05`);
  });
  afterAll(() => t.close());

  it('adds up cash today and this month from what was typed, a void left out and a sale counted in', async () => {
    const o = await overview();
    const cashIn = 6 * 10_000 + 5_000_000 + 2_502_500 + 120_025;
    const cashOut = 20_000 + 50_000 + 1_500_000 + 150_050 + 500_000;
    expect(o.today).toEqual({ cash_in: taka(cashIn), cash_out: taka(cashOut) });
    expect(o.month).toEqual(o.today);
    expect(o.balance).toBe(taka(cashIn - cashOut - 70_000 - 33_300));
    expect(o.stock).toBe(749.75);
    expect(o.open_fires).toBe(2);
  });

  it('draws twelve months ending at the balance of today, worked back month by month', async () => {
    const o = await overview();
    const cashIn = 7_682_525;
    const cashOut = 2_220_050;
    expect(o.months.map((m) => m.month)).toEqual(Array.from({ length: 12 }, (_, i) => monthsBack(month, 11 - i)));
    const last = o.months[11];
    expect(last).toEqual({ month, cash_in: taka(cashIn), cash_out: taka(cashOut), balance: o.balance });
    expect(o.months[10]).toEqual({ month: monthsBack(month, 1), cash_in: 0, cash_out: 0, balance: taka(-103_300) });
    expect(o.months[9]).toEqual({ month: monthsBack(month, 2), cash_in: 0, cash_out: 700, balance: taka(-103_300) });
    for (const m of o.months.slice(0, 9)) expect(m).toEqual({ month: m.month, cash_in: 0, cash_out: 0, balance: -333 });
  });

  it('lists the five largest receivables and payables, largest first, with their partners', async () => {
    const o = await overview();
    expect(o.receivables).toEqual(
      [6, 5, 4, 3, 2].map((i) => ({ partner_id: partners[`Client ${i}`], name: `Client ${i}`, catagories: 'Client', amount: 900 + 100 * i })),
    );
    expect(o.payables).toEqual([
      { partner_id: partners['Investor Nasir'], name: 'Investor Nasir', catagories: 'Investor', amount: 50_000 },
      { partner_id: partners['Acid Jamal'], name: 'Acid Jamal', catagories: 'Acid Agent', amount: 1500 },
      { partner_id: partners['Powder Karim'], name: 'Powder Karim', catagories: 'Wood Powder Agent', amount: 300 },
    ]);
  });

  it('shows where the money is, account by account, and keeps every other figure (an account is where money is, not what it was for)', async () => {
    const before = await overview();
    expect(before.accounts).toEqual([{ id: 1, name: 'Cash in hand', type: 'cash', balance: before.balance }]);
    const bank = (await admin.post('/api/accounts', { name: 'City Bank CD', type: 'bank', bank: 'City Bank', number: '1234' })).json().data.id as number;
    const wallet = (await admin.post('/api/accounts', { name: 'bKash Office', type: 'mobile', number: '01711000000' })).json().data.id as number;
    // Cash deposited to the bank and to the wallet: the money moves, no figure but the accounts does.
    for (const [to, amount] of [
      [bank, '20000'],
      [wallet, '3000'],
    ] as const) {
      const res = await acc.post('/api/transfers', { from_account_id: 1, to_account_id: to, amount, note: 'deposit' });
      expect(res.statusCode, res.body).toBe(201);
    }
    const moved = await overview();
    expect({ ...moved, accounts: [] }).toEqual({ ...before, accounts: [] });
    expect(moved.accounts).toEqual([
      { id: 1, name: 'Cash in hand', type: 'cash', balance: taka(Math.round(before.balance * 100) - 2_300_000) },
      { id: bank, name: 'City Bank CD', type: 'bank', balance: 20_000 },
      { id: wallet, name: 'bKash Office', type: 'mobile', balance: 3000 },
    ]);
    // A client pays 200 by bKash: the same figures move as for cash, and only the wallet holds it.
    await post(kindNamed('paymentReceived').path, { partner_id: partners['Client 6'], paid_amount: '200', note: 'bKash', account_id: wallet });
    const paid = await overview();
    expect(paid.today.cash_in).toBe(moved.today.cash_in + 200);
    expect(paid.balance).toBe(moved.balance + 200);
    const six = (o: Overview) => o.receivables.find((r) => r.partner_id === partners['Client 6'])?.amount;
    expect([six(moved), six(paid)]).toEqual([1500, 1300]);
    expect(paid.accounts.map((a) => a.balance)).toEqual([moved.accounts[0]?.balance, 20_000, 3200]);
    expect(Math.round(paid.accounts.reduce((s, a) => s + a.balance * 100, 0))).toBe(Math.round(paid.balance * 100));
    // An archived (emptied) account is no longer listed.
    await acc.post('/api/transfers', { from_account_id: wallet, to_account_id: 1, amount: '3200' });
    expect((await admin.put(`/api/accounts/${wallet}`, { archived: true })).statusCode).toBe(200);
    expect((await overview()).accounts.map((a) => a.id)).toEqual([1, bank]);
  });
});
