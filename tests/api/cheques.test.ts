import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody as partner } from '../helpers/factories.ts';

// Cheques (issue 28 part 4), as the accountant meets them: a client pays an old due by a post-dated
// cheque; the due falls at once, the money waits in "Cheques in hand" until it is deposited and
// clears into the bank, or bounces and the client owes it again. A supplier is paid by a cheque drawn
// on the bank. Each state change happens once: two at once, one wins and the other is told why.
describe.each(dialects)('cheques on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  let admin: Agent;
  let bank: number;
  let client: number;
  let supplier: number;
  type Cheque = {
    id: number;
    entry_id: number;
    cheque_no: string;
    state: string;
    direction: string;
    amount: number;
    reason: string | null;
    return_entry_id: number | null;
  };
  const dashboard = async () =>
    (await acc.get('/api/dashboard')).json().data as {
      current_balance: number;
      accounts: { id: number; balance: number }[];
      cheques: { in_hand: number; issued: number };
    };
  const accountBalance = async (id: number) =>
    ((await acc.get('/api/accounts')).json().data as { id: number; balance: number }[]).find((a) => a.id === id)?.balance;
  const due = async (id: number) => (await acc.get(`/api/ledger/${id}`)).json().data.closing as number;
  const cheques = async (state?: string) => (await acc.get(`/api/cheques${state ? `?state=${state}` : ''}`)).json().data as Cheque[];
  const problems = () => checkBooks(t.app.deps.database.db);
  /** The identity of item 5: the header's Balance = the accounts + cheques in hand − cheques issued. */
  const identityHolds = async () => {
    const d = await dashboard();
    const sum = d.accounts.reduce((s, a) => s + Math.round(a.balance * 100), 0);
    const listed = ((await acc.get('/api/accounts')).json().data as { balance: number; archived: boolean }[]).reduce(
      (s, a) => s + Math.round(a.balance * 100),
      0,
    );
    expect(listed).toBe(sum);
    expect(sum + Math.round(d.cheques.in_hand * 100) - Math.round(d.cheques.issued * 100)).toBe(Math.round(d.current_balance * 100));
  };
  const received = (amount: string, no: string, date = '2099-01-10') =>
    acc.post('/api/receiptData', { partner_id: client, paid_amount: amount, payment: 'cheque', cheque_no: no, cheque_bank: 'Sonali Bank', cheque_date: date });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    acc = (await t.signedIn('acounts')).agent;
    admin = (await t.signedIn('admin')).agent;
    bank = (await admin.post('/api/accounts', { name: 'City Bank', type: 'bank', bank: 'City Bank', number: '1234' })).json().data.id;
    client = (await admin.post('/api/userDetailsData', partner('Client', 'Cheque Client'))).json().data.id;
    supplier = (await admin.post('/api/userDetailsData', partner('Wire Agent', 'Cheque Supplier'))).json().data.id;
    // 100 kg at 600 on credit: the client owes 60,000.
    await acc.post(
      '/api/mWireData',
      entryBody('msWire', { size: '12', weight: '100', price: '600', paid_amount: '0', discount_amount: '0', note: 'credit' }, 'Cheque Client'),
    );
  });
  afterAll(() => t.close());

  it('takes a post-dated cheque from a client: the due falls at once, the money waits in Cheques in hand', async () => {
    expect(await due(client)).toBe(60_000);
    const before = await dashboard();
    const res = await received('50,000', 'CHQ-1001');
    expect(res.statusCode, res.body).toBe(201);
    expect(await due(client)).toBe(10_000);
    const after = await dashboard();
    // The Balance is every paid amount in: it rises by the cheque; no money account does.
    expect(after.current_balance).toBe(before.current_balance + 50_000);
    expect(after.accounts).toEqual(before.accounts);
    expect(after.cheques).toEqual({ in_hand: 50_000, issued: 0 });
    const [c] = await cheques('in_hand');
    expect(c).toMatchObject({ entry_id: res.json().data.id, direction: 'received', partner_id: client, amount: 50_000, cheque_no: 'CHQ-1001' });
    expect(c).toMatchObject({ cheque_bank: 'Sonali Bank', cheque_date: '2099-01-10', state: 'in_hand', name: 'Cheque Client' });
    await identityHolds();
    expect(await problems()).toEqual([]);
  });

  it('refuses a cheque without its number, bank or date, naming the field', async () => {
    const res = await acc.post('/api/receiptData', { partner_id: client, paid_amount: '10', payment: 'cheque', cheque_bank: 'X', cheque_date: '2099-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'field_required', field: 'cheque_no' });
    // The cheques' own accounts are not accounts to pick.
    const holders = (await acc.get('/api/accounts')).json().data.map((a: { name: string }) => a.name);
    expect(holders).not.toContain('Cheques in hand');
  });

  it('lists soonest due first, deposits into the bank and clears: the bank balance moves, the Balance does not', async () => {
    await received('1,000', 'CHQ-0999', '2098-12-31');
    const list = await cheques('in_hand');
    expect(list.map((c) => c.cheque_no)).toEqual(['CHQ-0999', 'CHQ-1001']);
    const small = list[0] as Cheque;
    // Not deposited: it cannot clear yet.
    const early = await acc.post(`/api/cheques/${small.id}/clear`, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('cheque_not_deposited');
    expect((await acc.post(`/api/cheques/${small.id}/deposit`, { account_id: 1 })).json().error).toMatchObject({
      code: 'cheque_bank_account',
      field: 'account_id',
    });
    const dep = await acc.post(`/api/cheques/${small.id}/deposit`, { account_id: bank });
    expect(dep.statusCode, dep.body).toBe(200);
    expect(dep.json().data).toMatchObject({ state: 'deposited', account_id: bank, account_name: 'City Bank' });
    const balance = (await dashboard()).current_balance;
    const clear = await acc.post(`/api/cheques/${small.id}/clear`, {});
    expect(clear.statusCode, clear.body).toBe(200);
    expect(clear.json().data.state).toBe('cleared');
    expect(await accountBalance(bank)).toBe(1000);
    expect((await dashboard()).current_balance).toBe(balance);
    expect((await dashboard()).cheques.in_hand).toBe(50_000);
    // The bank's cash book lists the cheque's money coming in.
    const book = (await acc.get(`/api/cashbook?account_id=${bank}`)).json().data;
    expect(book.in).toBe(1000);
    // The waiting accounts have no cash book of their own (not accounts a person opens): 404, never a 500.
    const holders = await t.app.deps.database.db.selectFrom('money_accounts').select(['id', 'type']).execute();
    const kept = holders.filter((a) => a.type.startsWith('cheques_'));
    expect(kept.length).toBeGreaterThan(0);
    for (const h of kept) {
      const res = await acc.get(`/api/cashbook?account_id=${Number(h.id)}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('account_not_found');
    }
    // Done once: a second clear is refused.
    expect((await acc.post(`/api/cheques/${small.id}/clear`, {})).json().error.code).toBe('cheque_cleared');
    await identityHolds();
    expect(await problems()).toEqual([]);
  });

  it('a bounce writes a linked entry: the client owes it again, with the reason, and the row says so', async () => {
    const [c] = await cheques('in_hand');
    expect(c?.cheque_no).toBe('CHQ-1001');
    expect((await acc.post(`/api/cheques/${c?.id}/deposit`, { account_id: bank })).statusCode).toBe(200);
    expect((await acc.post(`/api/cheques/${c?.id}/bounce`, {})).json().error.code).toBe('reason_required');
    const res = await acc.post(`/api/cheques/${c?.id}/bounce`, { reason: 'insufficient funds' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ state: 'bounced', reason: 'insufficient funds' });
    expect(await due(client)).toBe(60_000 - 1000);
    const ledger = (await acc.get(`/api/ledger/${client}`)).json().data;
    const back = ledger.rows.find((r: { id: number }) => r.id === res.json().data.return_entry_id);
    expect(back).toMatchObject({ kind: 'chequeReturned', title: 'Cheque returned', effect: 50_000 });
    expect(back.note).toContain('insufficient funds');
    expect((await dashboard()).cheques.in_hand).toBe(0);
    expect(await accountBalance(bank)).toBe(1000);
    // The payment and the bounce stand: they change only through the cheque.
    const voided = await acc.post(`/api/entries/${c?.entry_id}/void`, { reason: 'try' });
    expect(voided.statusCode).toBe(409);
    expect(voided.json().error.code).toBe('cheque_entry');
    expect((await acc.post(`/api/entries/${res.json().data.return_entry_id}/void`, { reason: 'try' })).statusCode).toBe(409);
    expect((await cheques('bounced')).map((x) => x.id)).toEqual([c?.id]);
    await identityHolds();
    expect(await problems()).toEqual([]);
  });

  it('pays a supplier by a cheque drawn on the bank: Cheques issued until it clears out of the bank', async () => {
    const noBank = await acc.post('/api/paymentData', {
      partner_id: supplier,
      paid_amount: '700',
      payment: 'cheque',
      cheque_no: 'P-1',
      cheque_bank: 'City',
      cheque_date: '2099-02-01',
    });
    expect(noBank.json().error).toMatchObject({ code: 'cheque_bank_account', field: 'account_id' });
    const body = {
      partner_id: supplier,
      paid_amount: '700',
      payment: 'cheque',
      cheque_no: 'P-1',
      cheque_bank: 'City Bank',
      cheque_date: '2099-02-01',
      account_id: bank,
    };
    const res = await acc.post('/api/paymentData', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(await due(supplier)).toBe(700);
    expect((await dashboard()).cheques).toEqual({ in_hand: 0, issued: 700 });
    expect(await accountBalance(bank)).toBe(1000);
    await identityHolds();
    const [c] = await cheques('in_hand');
    expect(c).toMatchObject({ direction: 'issued', account_id: bank, amount: 700 });
    // Presented, then cleared: the bank's balance falls.
    expect((await acc.post(`/api/cheques/${c?.id}/deposit`, {})).json().data.state).toBe('deposited');
    expect((await acc.post(`/api/cheques/${c?.id}/clear`, {})).json().data.state).toBe('cleared');
    expect(await accountBalance(bank)).toBe(300);
    expect((await dashboard()).cheques.issued).toBe(0);
    // A second issued cheque cancelled before it is presented: we owe the supplier again.
    const second = await acc.post('/api/paymentData', { ...body, cheque_no: 'P-2', paid_amount: '200' });
    expect(await due(supplier)).toBe(900);
    const id = (await cheques('in_hand')).find((x) => x.entry_id === second.json().data.id)?.id;
    const cancel = await acc.post(`/api/cheques/${id}/cancel`, { reason: 'written wrong' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.state).toBe('cancelled');
    expect(await due(supplier)).toBe(700);
    await identityHolds();
    expect(await problems()).toEqual([]);
  });

  it('racing clear against bounce on two instances: exactly one wins, the other gets 409', async () => {
    const other = await t.secondInstance(acc);
    try {
      for (const no of ['R-1', 'R-2', 'R-3']) {
        const made = await received('300', no);
        const id = (await cheques('in_hand')).find((c) => c.entry_id === made.json().data.id)?.id as number;
        expect((await acc.post(`/api/cheques/${id}/deposit`, { account_id: bank })).statusCode).toBe(200);
        const [a, b] = await Promise.all([
          acc.post(`/api/cheques/${id}/clear`, {}),
          other.agent.post(`/api/cheques/${id}/bounce`, { reason: 'signature differs' }),
        ]);
        const codes = [a.statusCode, b.statusCode].sort();
        expect(codes, `${a.body} ${b.body}`).toEqual([200, 409]);
        const loser = a.statusCode === 409 ? a : b;
        expect(['cheque_cleared', 'cheque_bounced']).toContain(loser.json().error.code);
      }
      // Two deposits at once: one.
      const made = await received('50', 'R-4');
      const id = (await cheques('in_hand')).find((c) => c.entry_id === made.json().data.id)?.id as number;
      const both = await Promise.all([acc.post(`/api/cheques/${id}/deposit`, { account_id: bank }), other.agent.post(`/api/cheques/${id}/cancel`, {})]);
      expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    } finally {
      await other.close();
    }
    await identityHolds();
    expect(await problems()).toEqual([]);
  });

  it('refuses a cheque action dated into a closed day of the bank account (day_closed)', async () => {
    const made = await received('400', 'D-1');
    const id = (await cheques('in_hand')).find((c) => c.entry_id === made.json().data.id)?.id as number;
    const today = made.json().data.issue_date as string;
    const close = await acc.post('/api/day-close', { account_id: bank, date: today, counted: String(await accountBalance(bank)) });
    expect(close.statusCode, close.body).toBe(201);
    const res = await acc.post(`/api/cheques/${id}/deposit`, { account_id: bank });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'day_closed', params: { day: today, account: 'City Bank' } });
    // The cheques' own accounts are never closed.
    const holder = await t.app.deps.database.db.selectFrom('money_accounts').select('id').where('type', '=', 'cheques_in_hand').executeTakeFirstOrThrow();
    expect((await acc.post('/api/day-close', { account_id: Number(holder.id), date: today, counted: '0' })).json().error.code).toBe('account_not_found');
    expect((await acc.post('/api/transfers', { from_account_id: Number(holder.id), to_account_id: 1, amount: '1' })).json().error.code).toBe(
      'account_not_found',
    );
    // The future is refused too.
    expect((await acc.post(`/api/cheques/${id}/deposit`, { account_id: bank, date: '2099-01-01' })).json().error).toMatchObject({
      code: 'issue_date_future',
      field: 'date',
    });
    expect(await problems()).toEqual([]);
  });

  it('check finds a cheque whose state was changed behind the books', async () => {
    const [c] = await cheques('in_hand');
    const db = t.app.deps.database.db;
    await db
      .updateTable('cheques')
      .set({ state: 'cleared' })
      .where('id', '=', c?.id as number)
      .execute();
    const found = await problems();
    expect(found.join('\n')).toMatch(/cheque .*cleared.*clearing transfer/);
    expect(found.join('\n')).toMatch(/Cheques in hand holds/);
    await db
      .updateTable('cheques')
      .set({ state: 'in_hand' })
      .where('id', '=', c?.id as number)
      .execute();
    expect(await problems()).toEqual([]);
  });
});
