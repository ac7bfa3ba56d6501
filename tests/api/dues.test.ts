import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/shared/dates.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody as partner } from '../helpers/factories.ts';

// The due list (issue 29): who owes what and since when, payments applied to the oldest dues
// first; credit limits that warn, or refuse when an admin says so. Entries can be dated at most
// 31 days back, so the older buckets are reached by counting the dues on a later day (as_of).
const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(dialects)('dues on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  let admin: Agent;
  const today = todayIn('Asia/Dhaka');
  const late = (days: number) => ({ issue_date: shift(today, -days), backdate_reason: 'slip found late' });
  /** An MS wire sale to `name` leaving `due` taka unpaid (100 kg at `due`/100, nothing paid). */
  const sale = (name: string, due: number, extra: Record<string, unknown> = {}) =>
    acc.post(
      '/api/mWireData',
      entryBody('msWire', { size: '12', weight: '100', price: String(due / 100), paid_amount: '0', discount_amount: '0', note: 'on credit', ...extra }, name),
    );
  const pay = (name: string, amount: number, extra: Record<string, unknown> = {}) =>
    acc.post('/api/receiptData', { name, paid_amount: String(amount), ...extra });
  const dues = async (query = '') => {
    const res = await acc.get(`/api/dues${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { side: string; as_of: string; rows: Record<string, unknown>[] };
  };
  const rowOf = async (name: string, query = '') => (await dues(query)).rows.find((r) => r.name === name);
  const addPartner = async (category: string, name: string, extra: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/userDetailsData', { ...partner(category, name), ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; credit_limit: number | null; refuse_past_limit: boolean };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    acc = (await t.signedIn('acounts')).agent;
    admin = (await t.signedIn('admin')).agent;
  });
  afterAll(() => t.close());

  it('ages a due by applying payments to the oldest dues first, across each bucket’s edge', async () => {
    await addPartner('Client', 'Edge Client');
    // 1,000 due 31 days ago, 500 due today, 1,200 paid today: the payment clears the old sale
    // and 200 of today's, so 300 is due, and it is today's.
    expect((await sale('Edge Client', 1000, late(31))).statusCode).toBe(201);
    expect((await sale('Edge Client', 500)).statusCode).toBe(201);
    expect((await pay('Edge Client', 1200)).statusCode).toBe(201);
    expect(await rowOf('Edge Client')).toMatchObject({
      due: 300,
      d0_30: 300,
      d31_60: 0,
      d61_90: 0,
      d90_plus: 0,
      oldest_due_date: today,
      last_payment_date: today,
      credit_limit: null,
      over_limit: false,
      last_answer: null,
    });

    await addPartner('Client', 'Aged Client');
    // 1,000 due 31 days ago, 500 due 10 days ago, 400 paid today: 600 of the old sale is still due.
    await sale('Aged Client', 1000, late(31));
    await sale('Aged Client', 500, late(10));
    await pay('Aged Client', 400);
    const buckets = async (asOf: string) => {
      const r = await rowOf('Aged Client', `?as_of=${asOf}`);
      return [r?.due, r?.d0_30, r?.d31_60, r?.d61_90, r?.d90_plus];
    };
    // Today the old part is 31 days old, the other 10.
    expect(await buckets(today)).toEqual([1100, 500, 600, 0, 0]);
    expect((await rowOf('Aged Client'))?.oldest_due_date).toBe(shift(today, -31));
    // Counted on later days, each edge from both sides: 30 and 31 days old, 60 and 61, 90 and 91.
    for (const [k, want] of [
      [20, [1100, 500, 600, 0, 0]], // the recent part 30 days old
      [21, [1100, 0, 1100, 0, 0]], // 31
      [29, [1100, 0, 1100, 0, 0]], // the old part 60 days old
      [30, [1100, 0, 500, 600, 0]], // 61
      [50, [1100, 0, 500, 600, 0]], // the recent part 60
      [51, [1100, 0, 0, 1100, 0]], // 61
      [59, [1100, 0, 0, 1100, 0]], // the old part 90
      [60, [1100, 0, 0, 500, 600]], // 91
      [80, [1100, 0, 0, 500, 600]], // the recent part 90
      [81, [1100, 0, 0, 0, 1100]], // 91
    ] as const)
      expect(await buckets(shift(today, k)), `today + ${k}`).toEqual(want);

    // In the past: before today's payment, nothing paid yet; before the first sale, nothing due.
    expect(await buckets(shift(today, -1))).toEqual([1500, 1500, 0, 0, 0]);
    expect((await rowOf('Aged Client', `?as_of=${shift(today, -1)}`))?.last_payment_date).toBeNull();
    expect(await rowOf('Aged Client', `?as_of=${shift(today, -32)}`)).toBeUndefined();

    // Oldest overdue first.
    const names = (await dues()).rows.map((r) => r.name);
    expect(names.indexOf('Aged Client')).toBeLessThan(names.indexOf('Edge Client'));
  });

  it('leaves voided and corrected entries out, and lists payables the other way round', async () => {
    await addPartner('Client', 'Mended Client');
    const old = (await sale('Mended Client', 1000, late(31))).json().data.id as number;
    expect((await acc.post(`/api/entries/${old}/void`, { reason: 'wrong party' })).statusCode).toBe(200);
    const recent = (await sale('Mended Client', 700, late(5))).json().data.id as number;
    const fixed = await acc.post(`/api/entries/${recent}/correct`, {
      ...entryBody('msWire', { size: '12', weight: '100', price: '3', paid_amount: '0', discount_amount: '0', note: 'on credit' }, 'Mended Client'),
      reason: 'rate was 3',
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await rowOf('Mended Client')).toMatchObject({ due: 300, d0_30: 300, oldest_due_date: shift(today, -5) });

    // A supplier we owe: a purchase on credit, part paid.
    await addPartner('Wood Powder Agent', 'Powder Supplier');
    const bought = await acc.post(
      '/api/powderCost',
      entryBody('woodPowder', { qunatity: '10', price: '200', paid_amount: '0', discount_amount: '0', note: 'on credit', ...late(31) }, 'Powder Supplier'),
    );
    expect(bought.statusCode, bought.body).toBe(201);
    expect((await acc.post('/api/paymentData', { name: 'Powder Supplier', paid_amount: '500' })).statusCode).toBe(201);
    const payable = await dues('?side=payable');
    expect(payable.side).toBe('payable');
    expect(payable.rows.find((r) => r.name === 'Powder Supplier')).toMatchObject({
      due: 1500,
      d31_60: 1500,
      oldest_due_date: shift(today, -31),
      last_payment_date: today,
      over_limit: false,
    });
    expect((await dues()).rows.find((r) => r.name === 'Powder Supplier')).toBeUndefined();
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('warns of a sale past a client’s credit limit, refuses it when the admin says so, and marks the party', async () => {
    const p = await addPartner('Client', 'Limited Client', { credit_limit: '1,000' });
    expect(p).toMatchObject({ credit_limit: 1000, refuse_past_limit: false });
    const first = await sale('Limited Client', 800);
    expect(first.statusCode).toBe(201);
    expect(first.json().warnings).toBeUndefined();
    const past = await sale('Limited Client', 500);
    expect(past.statusCode).toBe(201);
    expect(past.json().warnings).toEqual([
      expect.objectContaining({
        code: 'credit_limit',
        params: {
          name: 'Limited Client',
          due: expect.stringContaining('800.00'),
          sale: expect.stringContaining('500.00'),
          after: expect.stringContaining('1,300.00'),
          limit: expect.stringContaining('1,000.00'),
        },
      }),
    ]);
    expect(await rowOf('Limited Client')).toMatchObject({ due: 1300, credit_limit: 1000, over_limit: true });

    // The admin sets it to refuse; the spec's partner form (no limit fields) keeps the limit.
    const body = partner('Client', 'Limited Client');
    expect((await admin.put(`/api/userDetailsData/${p.id}`, { ...body, refuse_past_limit: true })).json().data).toMatchObject({
      credit_limit: 1000,
      refuse_past_limit: true,
    });
    expect((await admin.put(`/api/userDetailsData/${p.id}`, body)).json().data).toMatchObject({ credit_limit: 1000, refuse_past_limit: true });
    const refused = await sale('Limited Client', 100);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'credit_limit',
      field: 'name',
      params: { limit: expect.stringContaining('1,000.00'), after: expect.stringContaining('1,400.00') },
    });
    expect((await rowOf('Limited Client'))?.due).toBe(1300);
    // Picked from the list (by its partner id) as typed by name: the same limit.
    const picked = await sale('', 100, { partner_id: p.id });
    expect(picked.statusCode, picked.body).toBe(409);
    expect(picked.json().error).toMatchObject({ code: 'credit_limit', params: { after: expect.stringContaining('1,400.00') } });
    // A payment is never refused; once paid down, a sale within the limit goes through.
    expect((await pay('Limited Client', 1000)).statusCode).toBe(201);
    expect((await sale('Limited Client', 600)).statusCode).toBe(201);
    // Cleared, there is no limit.
    expect((await admin.put(`/api/userDetailsData/${p.id}`, { ...body, credit_limit: '' })).json().data.credit_limit).toBeNull();
    // Only an admin writes partners.
    expect((await acc.put(`/api/userDetailsData/${p.id}`, { ...body, credit_limit: '5' })).statusCode).toBe(403);
    expect((await admin.post('/api/userDetailsData', { ...partner('Client', 'Bad Limit'), credit_limit: '-5' })).json().error.field).toBe('credit_limit');
  });

  it('refuses bad parameters with a coded 400 naming the field', async () => {
    for (const [query, field] of [
      ['?side=owed', 'side'],
      ['?as_of=2026-02-30', 'as_of'],
      ['?as_of=yesterday', 'as_of'],
      ['?sort=due', 'sort'],
    ] as const) {
      const res = await acc.get(`/api/dues${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.field, query).toBe(field);
    }
  });
});
