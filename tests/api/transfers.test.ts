import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody } from '../helpers/factories.ts';

// Transfers (issue 28 part 3), as the accountant makes them: the day's cash deposited at the bank,
// money drawn from the bank, a bKash cash-out that costs a fee. Both accounts move; the header's
// Balance moves by the fee alone; a void puts everything back; a correction moves it again.
describe.each(dialects)('transfers on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  let acc: Agent;
  let bank: number;
  let bkash: number;
  type Account = { id: number; balance: number };
  const balances = async () => {
    const list: Account[] = (await acc.get('/api/accounts')).json().data;
    return Object.fromEntries(list.map((a) => [a.id, a.balance])) as Record<number, number>;
  };
  const header = async () => (await acc.get('/api/dashboard')).json().data.current_balance as number;
  const problems = () => checkBooks(t.app.deps.database.db);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.signedIn('admin')).agent;
    acc = (await t.signedIn('acounts')).agent;
    bank = (await admin.post('/api/accounts', { name: 'City Bank', type: 'bank', bank: 'City Bank', number: '1234' })).json().data.id;
    bkash = (await admin.post('/api/accounts', { name: 'bKash', type: 'mobile', number: '01711000000' })).json().data.id;
    // Money to move: an investor brings 50,000 in cash and 10,000 by bKash.
    await admin.post('/api/userDetailsData', {
      catagories: 'Investor',
      name: 'Karim',
      fname: 'F',
      mname: 'M',
      address: 'Tongi',
      contact: '01700000000',
      nid: '1',
      assignedSalary: '',
      userNote: '',
    });
    expect((await acc.post('/api/investorData', entryBody('investor', { name: 'Karim', paid_amount: '50000' }))).statusCode).toBe(201);
    expect((await acc.post('/api/investorData', entryBody('investor', { name: 'Karim', paid_amount: '10000', account_id: bkash }))).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('deposits 10,000 of cash at the bank: both balances move, the header Balance stays', async () => {
    const before = await header();
    const res = await acc.post('/api/transfers', { from_account_id: 1, to_account_id: bank, amount: '10,000', note: 'Deposit' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ kind: 'transfer', from_account_id: 1, to_account_id: bank, amount: 10000, fee: 0, note: 'Deposit', voided: false });
    expect(await balances()).toMatchObject({ 1: 40000, [bank]: 10000, [bkash]: 10000 });
    expect(await header()).toBe(before);
    const listed = (await acc.get('/api/transfers')).json().data;
    expect(listed.map((x: { id: number }) => x.id)).toEqual([res.json().data.id]);
    expect(await problems()).toEqual([]);
  });

  it('takes a bKash cash-out fee of 185 out of the Balance exactly, the wallet giving amount + fee', async () => {
    const before = await header();
    const res = await acc.post('/api/transfers', { from_account_id: String(bkash), to_account_id: '1', amount: 5000, fee: '185' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ amount: 5000, fee: 185, note: null });
    expect(await balances()).toMatchObject({ 1: 45000, [bkash]: 10000 - 5185 });
    expect(await header()).toBeCloseTo(before - 185, 2);
    const all = await balances();
    expect(Object.values(all).reduce((s, b) => s + b, 0)).toBeCloseTo(await header(), 2);
    expect(await problems()).toEqual([]);
  });

  it('a void puts both accounts and the Balance back; a second void is refused', async () => {
    const before = { balances: await balances(), header: await header() };
    const id = (await acc.post('/api/transfers', { from_account_id: bkash, to_account_id: 1, amount: '1000', fee: '18.50' })).json().data.id as number;
    expect(await header()).toBeCloseTo(before.header - 18.5, 2);
    const v = await acc.post(`/api/entries/${id}/void`, { reason: 'typed twice' });
    expect(v.statusCode, v.body).toBe(200);
    expect(await balances()).toEqual(before.balances);
    expect(await header()).toBeCloseTo(before.header, 2);
    const again = await acc.post(`/api/entries/${id}/void`, { reason: 'typed twice' });
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'already_voided']);
    // Listed, struck through, with who voided it and why.
    const listed = (await acc.get('/api/transfers')).json().data.find((x: { id: number }) => x.id === id);
    expect(listed).toMatchObject({ voided: true, voided_reason: 'typed twice', fee: 18.5, amount: 1000 });
    expect(await problems()).toEqual([]);
  });

  it('a correction replaces a transfer: the accounts follow the new one, on the original day', async () => {
    const before = { balances: await balances(), header: await header() };
    const first = (await acc.post('/api/transfers', { from_account_id: 1, to_account_id: bank, amount: '2000' })).json().data;
    const fixed = await acc.post(`/api/entries/${first.id}/correct`, {
      from_account_id: 1,
      to_account_id: bkash,
      amount: '2500',
      fee: '10',
      reason: 'went to bKash',
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(fixed.json().data).toMatchObject({
      kind: 'transfer',
      from_account_id: 1,
      to_account_id: bkash,
      amount: 2500,
      fee: 10,
      corrects: first.id,
      issue_date: first.issue_date,
    });
    expect(await balances()).toMatchObject({
      1: before.balances[1]! - 2510,
      [bank]: before.balances[bank],
      [bkash]: before.balances[bkash]! + 2500,
    });
    expect(await header()).toBeCloseTo(before.header - 10, 2);
    const original = (await acc.get(`/api/entries/${first.id}`)).json().data;
    expect(original).toMatchObject({ voided: true, corrected_by: fixed.json().data.id });
    // The correction's body is a transfer's: a wrong one is refused, writing nothing.
    const bad = await acc.post(`/api/entries/${fixed.json().data.id}/correct`, { from_account_id: 1, to_account_id: 1, amount: '1' });
    expect([bad.statusCode, bad.json().error.code, bad.json().error.field]).toEqual([400, 'transfer_same_account', 'to_account_id']);
    expect(await problems()).toEqual([]);
  });

  it('refuses, coded and naming the field, writing nothing', async () => {
    const before = { balances: await balances(), count: (await acc.get('/api/transfers')).json().data.length };
    const refused = async (body: Record<string, unknown>, status = 400) => {
      const r = await acc.post('/api/transfers', body);
      expect(r.statusCode, r.body).toBe(status);
      return [r.json().error.code, r.json().error.field];
    };
    expect(await refused({ from_account_id: 1, to_account_id: 1, amount: '5' })).toEqual(['transfer_same_account', 'to_account_id']);
    expect(await refused({ from_account_id: 1, to_account_id: 999, amount: '5' })).toEqual(['account_not_found', 'to_account_id']);
    expect(await refused({ from_account_id: 998, to_account_id: 1, amount: '5' })).toEqual(['account_not_found', 'from_account_id']);
    expect(await refused({ to_account_id: 1, amount: '5' })).toEqual(['field_required', 'from_account_id']);
    expect(await refused({ from_account_id: 'bank', to_account_id: 1, amount: '5' })).toEqual(['account_from_list', 'from_account_id']);
    expect(await refused({ from_account_id: 1, to_account_id: bank, amount: '0' })).toEqual(['field_positive', 'amount']);
    expect(await refused({ from_account_id: 1, to_account_id: bank, amount: '-5' })).toEqual(['field_negative', 'amount']);
    expect(await refused({ from_account_id: 1, to_account_id: bank })).toEqual(['field_required', 'amount']);
    expect(await refused({ from_account_id: 1, to_account_id: bank, amount: '5', fee: '-1' })).toEqual(['field_negative', 'fee']);
    expect(await refused({ from_account_id: 1, to_account_id: bank, amount: '5.123' })).toEqual(['field_decimals', 'amount']);
    expect(await refused({ from_account_id: 1, to_account_id: bank, amount: '5', extra: 1 })).toEqual(['not_a_field', 'extra']);
    // An archived account takes no transfer.
    const old = (await admin.post('/api/accounts', { name: 'Old Nagad', type: 'mobile', number: '019' })).json().data.id as number;
    await admin.put(`/api/accounts/${old}`, { archived: true });
    expect(await refused({ from_account_id: 1, to_account_id: old, amount: '5' })).toEqual(['account_not_open', 'to_account_id']);
    expect(await balances()).toMatchObject(before.balances);
    expect((await acc.get('/api/transfers')).json().data.length).toBe(before.count);
  });

  it('answers a retry with the same idempotency key with the first transfer, recording it once', async () => {
    const before = await balances();
    const body = { from_account_id: 1, to_account_id: bank, amount: '700', idempotency_key: 'transfer-retry-1' };
    const first = await acc.post('/api/transfers', body);
    const second = await acc.post('/api/transfers', body);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect((await balances())[bank]).toBe(before[bank]! + 700);
  });

  it("sent late from a phone's outbox, keeps the day it was made; made too long ago, refused naming made_at", async () => {
    const made = new Date(Date.now() - 24 * 3600 * 1000);
    const body = { from_account_id: 1, to_account_id: bank, amount: '300', idempotency_key: 'transfer-outbox-1', made_at: made.toISOString() };
    const res = await acc.post('/api/transfers', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.issue_date).toBe(todayIn('Asia/Dhaka', made));
    const old = await acc.post('/api/transfers', {
      ...body,
      idempotency_key: 'transfer-outbox-2',
      made_at: new Date(Date.now() - 10 * 24 * 3600 * 1000).toISOString(),
    });
    expect([old.statusCode, old.json().error.code, old.json().error.field]).toEqual([400, 'made_too_long_ago', 'made_at']);
    expect(await problems()).toEqual([]);
  });

  it('is for the accounts staff and admins only', async () => {
    const user = (await t.signedIn('user')).agent;
    expect((await user.post('/api/transfers', { from_account_id: 1, to_account_id: bank, amount: '1' })).statusCode).toBe(403);
    expect((await user.get('/api/transfers')).statusCode).toBe(403);
    expect((await new Agent(t.app).post('/api/transfers', { from_account_id: 1, to_account_id: bank, amount: '1' })).statusCode).toBe(401);
    const byAdmin = await admin.post('/api/transfers', { from_account_id: bank, to_account_id: 1, amount: '1' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(await problems()).toEqual([]);
  });

  it('check says when a transfer or its running totals were changed behind the books', async () => {
    const db = t.app.deps.database.db;
    const id = (await acc.post('/api/transfers', { from_account_id: 1, to_account_id: bank, amount: '100', fee: '5' })).json().data.id as number;
    expect(await problems()).toEqual([]);
    // Its money moved to an account that is not there: the bank's totals and the account both disagree.
    await db.updateTable('entries').set({ to_account_id: 999 }).where('id', '=', id).execute();
    const found = await problems();
    expect(found).toContainEqual(`entry ${id} (transfer): account 999 does not exist`);
    expect(found.some((p) => p.startsWith('account_totals [999]'))).toBe(true);
    // Made to look like money from an account into itself, or a fee turned into income.
    await db.updateTable('entries').set({ to_account_id: 1 }).where('id', '=', id).execute();
    expect(await problems()).toContainEqual(`entry ${id} (transfer): moves money from account 1 to 1`);
    await db.updateTable('entries').set({ to_account_id: bank, cash_p: 500 }).where('id', '=', id).execute();
    expect(await problems()).toContainEqual(`entry ${id} (transfer): cash effect 500: a fee cannot be negative`);
    // Put back as it was, the books agree again.
    await db.updateTable('entries').set({ cash_p: -500 }).where('id', '=', id).execute();
    expect(await problems()).toEqual([]);
  });
});
