import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { importOldSystem } from '../../src/server/modules/import/old-system.ts';
import { todayIn } from '../../src/shared/dates.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';

// Opening balances (issue 30 item 2, docs/decisions/0041): a party's due and a money account's
// balance as of the cut-over day, entered by an admin (or from the opening balances' sheets).
// They move no cash in the day's cash in or out: a due is the party's ledger and dues only; an
// account's balance is the account's and the header's, and the cash book's opening line.
const ZONE = 'Asia/Dhaka';

describe.each(dialects)('opening balances on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  let acc: Agent;
  let bank: number;
  const today = todayIn(ZONE, new Date());
  const ids: Record<string, number> = {};
  const data = async (agent: Agent, url: string) => {
    const res = await agent.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const dueOf = async (side: 'receivable' | 'payable', name: string) =>
    ((await data(acc, `/api/dues?side=${side}`)).rows as { name: string; due: number }[]).find((r) => r.name === name)?.due;
  const balances = async () => {
    const d = await data(acc, '/api/dashboard');
    return { balance: d.current_balance, accounts: Object.fromEntries((d.accounts as { name: string; balance: number }[]).map((a) => [a.name, a.balance])) };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { APP_TIME_ZONE: ZONE });
    admin = (await t.signedIn('admin')).agent;
    acc = (await t.signedIn('acounts')).agent;
    bank = (await admin.post('/api/accounts', { name: 'City Bank', type: 'bank', bank: 'City Bank', number: '1234' })).json().data.id;
    await admin.post('/api/userDetailsData', partnerBody('Client', 'Rahim Traders'));
    await admin.post('/api/userDetailsData', partnerBody('Wire Agent', 'Wire House'));
    const post = async (label: string, path: string, body: Record<string, unknown>) => {
      const res = await admin.post(path, body);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(201);
      ids[label] = res.json().data.id;
    };
    await post('owes', '/api/openingDues', { name: 'Rahim Traders', side: 'Receivable', paid_amount: '5000', note: 'khata page 12' });
    await post('owed', '/api/openingDues', { name: 'Wire House', side: 'Payable', paid_amount: '2000' });
    await post('cash', '/api/openingBalances', { paid_amount: '10000', note: 'counted' });
    await post('bank', '/api/openingBalances', { paid_amount: '50000', account_id: bank, note: 'statement' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('only an admin enters, voids or corrects one', async () => {
    expect((await acc.post('/api/openingDues', { name: 'Rahim Traders', side: 'Receivable', paid_amount: '1' })).statusCode).toBe(403);
    expect((await acc.post('/api/openingBalances', { paid_amount: '1' })).statusCode).toBe(403);
    expect((await acc.post(`/api/entries/${ids.owes}/void`, { reason: 'typo' })).statusCode).toBe(403);
    expect(
      (await acc.post(`/api/entries/${ids.owes}/correct`, { name: 'Rahim Traders', side: 'Receivable', paid_amount: '1', reason: 'typo' })).statusCode,
    ).toBe(403);
    const bad = await admin.post('/api/openingDues', { name: 'Rahim Traders', side: 'Sideways', paid_amount: '1' });
    expect([bad.statusCode, bad.json().error.field]).toEqual([400, 'side']);
  });

  it("a party's due is its ledger's first line and in the dues, receivable or payable; no cash moves", async () => {
    expect(await dueOf('receivable', 'Rahim Traders')).toBe(5000);
    expect(await dueOf('payable', 'Wire House')).toBe(2000);
    const partners = (await data(acc, '/api/userDetailsData')) as { id: number; name: string }[];
    const rahim = partners.find((p) => p.name === 'Rahim Traders')!.id;
    const ledger = await data(acc, `/api/ledger/${rahim}`);
    expect(ledger.rows.map((r: { title: string; effect: number; account_id: number | null }) => [r.title, r.effect, r.account_id])).toEqual([
      ['Opening Due', 5000, null],
    ]);
    expect(ledger.closing).toBe(5000);
    // The opening dues' totals row nets them: 5,000 receivable less 2,000 payable.
    expect((await acc.get('/api/openingDues')).json().totals).toEqual({ paid_amount: 3000 });
    const overview = await data(acc, '/api/overview');
    expect(overview.today).toEqual({ cash_in: 0, cash_out: 0 });
    expect(overview.receivables).toEqual([expect.objectContaining({ name: 'Rahim Traders', amount: 5000 })]);
  });

  it("an account's balance is the account's and the header's, and the cash book's opening line, never a day's money in", async () => {
    expect(await balances()).toEqual({ balance: 60000, accounts: { 'Cash in hand': 10000, 'City Bank': 50000 } });
    const sale = await acc.post(
      '/api/mWireData',
      entryBody('msWire', { size: '12', weight: '10', price: '100', paid_amount: '1000', discount_amount: '0', note: 'sale' }, 'Rahim Traders'),
    );
    expect(sale.statusCode, sale.body).toBe(201);
    const book = await data(acc, `/api/cashbook?account_id=1&issue_date>=${today}&issue_date<=${today}`);
    expect([book.opening, book.in, book.out, book.closing, book.count, book.carried]).toEqual([10000, 1000, 0, 11000, 1, 10000]);
    expect(book.rows.map((r: { kind: string }) => r.kind)).toEqual(['msWire']);
    expect((await data(acc, '/api/overview')).today).toEqual({ cash_in: 1000, cash_out: 0 });
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('is voided and corrected like every entry; check follows', async () => {
    expect((await admin.post(`/api/entries/${ids.bank}/void`, { reason: 'wrong bank' })).statusCode).toBe(200);
    expect((await balances()).accounts['City Bank']).toBe(0);
    const fixed = await admin.post(`/api/entries/${ids.owes}/correct`, { name: 'Rahim Traders', side: 'Payable', paid_amount: '700', reason: 'we owe them' });
    expect(fixed.statusCode, fixed.body).toBe(201);
    // The sale of 1,000 (its due 0) and an opening payable of 700: they are owed 700.
    expect(await dueOf('payable', 'Rahim Traders')).toBe(700);
    const db = t.app.deps.database.db;
    expect(await checkBooks(db)).toEqual([]);
    // A stored opening balance moved into the cash book's days is found.
    await db
      .updateTable('account_day_totals')
      .set({ cash_in_p: 1000000 + 100000 })
      .where('account_id', '=', 1)
      .where('issue_date', '=', today)
      .execute();
    expect((await checkBooks(db)).join('\n')).toMatch(/account_day_totals \[1,"[\d-]+"\] cash_in_p: stored 1100000, entries add up to 100000/);
    await db.updateTable('account_day_totals').set({ cash_in_p: 100000 }).where('account_id', '=', 1).where('issue_date', '=', today).execute();
  });

  it('come from the opening balances sheets, headers in Bangla, an account by name', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-opening-'));
    fs.writeFileSync(path.join(folder, 'openingDues.csv'), 'তারিখ,নাম,দিক,পরিমাণ,নোট\r\n01/07/2025,Wire House,দেনা,1500,khata\r\n');
    fs.writeFileSync(
      path.join(folder, 'Opening Balance.csv'),
      'Date,Amount,Account,Note\r\n2025-07-01,2500,city  bank,statement\r\n2025-07-01,1,Nowhere Bank,\r\n',
    );
    const db = t.app.deps.database.db;
    const run = () => importOldSystem(db, { folder, write: true, skipBadRows: true, timeZone: ZONE, actor: { id: 'cli:test', name: 'test' } });
    expect((await run()).lines).toEqual(['Opening Balance.csv:2: account: No such account', 'import: 2 imported, 0 already imported, 1 with problems']);
    expect(await dueOf('payable', 'Wire House')).toBe(3500);
    expect((await balances()).accounts['City Bank']).toBe(2500);
    expect(await checkBooks(db)).toEqual([]);
  });

  it("an opening adjustment adds money or stock, or takes it away, with its reason; it is no day's money in or out", async () => {
    const header = async () => {
      const d = await data(acc, '/api/dashboard');
      return {
        balance: d.current_balance as number,
        stock: d.wire_stock as number,
        cash: (d.accounts as { id: number; balance: number }[]).find((a) => a.id === 1)?.balance,
      };
    };
    const before = await header();
    const book = async () =>
      (await data(acc, `/api/cashbook?account_id=1&issue_date>=${today}&issue_date<=${today}`)) as { in: number; out: number; count: number };
    const dayBefore = await book();
    const adjust = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/openingAdjustments', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    // The old dashboard said 1,234.50 taka less, and 37.5 kg more, than its entries add up to.
    const less = await adjust({ side: 'Take away', paid_amount: '1234.50', note: 'old dashboard: 1,20,829.50 taka' });
    await adjust({ side: 'Add', wire_stock: '37.5', note: 'old dashboard: 61,958.25 kg' });
    const after = await header();
    expect(after.balance).toBeCloseTo(before.balance - 1234.5, 2);
    expect(after.cash).toBeCloseTo((before.cash ?? 0) - 1234.5, 2);
    expect(after.stock).toBeCloseTo(before.stock + 37.5, 3);
    // The cash book carries it in the opening, not as the day's money out; the overview counts nothing.
    // The list's totals row adds them up the way each went: 1,234.50 taken away, 37.5 kg added.
    expect((await acc.get('/api/openingAdjustments')).json().totals).toMatchObject({ paid_amount: -1234.5, wire_stock: 37.5 });
    const dayAfter = await book();
    expect([dayAfter.in, dayAfter.out, dayAfter.count]).toEqual([dayBefore.in, dayBefore.out, dayBefore.count]);
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
    // Its reason is required, its side one of two, and only an admin makes one.
    const refusal = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/openingAdjustments', body);
      expect(res.statusCode).toBe(400);
      return [res.json().error.code, res.json().error.field];
    };
    expect(await refusal({ side: 'Sideways', paid_amount: '1', note: 'x' })).toEqual(['field_choose', 'side']);
    expect(await refusal({ side: 'Add', paid_amount: '1' })).toEqual(['field_required', 'note']);
    // One that moves nothing (no money, no stock, or zeros) is refused, naming both.
    expect(await refusal({ side: 'Add', note: 'x' })).toEqual(['fill_one_of', 'paid_amount']);
    expect(await refusal({ side: 'Add', paid_amount: '0', wire_stock: '0', note: 'x' })).toEqual(['fill_one_of', 'paid_amount']);
    expect((await acc.post('/api/openingAdjustments', { side: 'Add', paid_amount: '1', note: 'x' })).statusCode).toBe(403);
    // Voided, the money comes back.
    expect((await admin.post(`/api/entries/${less}/void`, { reason: 'counted again' })).statusCode).toBe(200);
    expect((await header()).balance).toBeCloseTo(before.balance, 2);
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
    // The check knows which way each went: a side that is no choice, or a stock effect turned, is found.
    const db = t.app.deps.database.db;
    const stockOne = await db
      .selectFrom('entries')
      .select(['id', 'stock_g'])
      .where('kind', '=', 'openingAdjustment')
      .where('stock_g', '>', 0)
      .executeTakeFirstOrThrow();
    await db.updateTable('entries').set({ side: 'Sideways' }).where('id', '=', less).execute();
    await db
      .updateTable('entries')
      .set({ stock_g: -Number(stockOne.stock_g) })
      .where('id', '=', stockOne.id)
      .execute();
    const found = (await checkBooks(db)).join('\n');
    expect(found).toContain(`entry ${less} (openingAdjustment): side Sideways is not one of Add, Take away`);
    expect(found).toContain(`entry ${stockOne.id} (openingAdjustment): stock effect -37500, expected 37500`);
    await db.updateTable('entries').set({ side: 'Take away' }).where('id', '=', less).execute();
    await db
      .updateTable('entries')
      .set({ stock_g: Number(stockOne.stock_g) })
      .where('id', '=', stockOne.id)
      .execute();
  });
});
