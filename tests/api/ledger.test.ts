import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIn } from '../../src/shared/dates.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody as partner } from '../helpers/factories.ts';

describe.each(dialects)('party ledger on %s', (dialect) => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = (await t.signedIn('admin')).agent;
  });
  afterAll(() => t.close());

  it('lists a statement page after page with `before`, every row once, the totals over them all', async () => {
    await admin.post('/api/userDetailsData', partner('Client', 'Paged Client'));
    const ids: number[] = [];
    for (const paid of ['1', '2', '3', '4', '5'])
      ids.push((await admin.post('/api/paymentData', entryBody('partnerPayment', { paid_amount: paid }, 'Paged Client'))).json().data.id);
    const pages: number[][] = [];
    for (let before = ''; ;) {
      const res = await admin.get(`/api/paymentData?name=Paged%20Client&limit=2${before ? `&before=${before}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: { id: number; issue_date: string }[]; totals: { paid_amount: number } };
      expect(body.totals.paid_amount).toBe(15);
      pages.push(body.data.map((r) => r.id));
      const last = body.data.at(-1);
      if (body.data.length < 2 || !last) break;
      before = `${last.issue_date}_${last.id}`;
    }
    expect(pages).toEqual([[ids[4], ids[3]], [ids[2], ids[1]], [ids[0]]]);
    const bad = await admin.get('/api/paymentData?before=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('before: must be a date and an entry number like 2026-11-22_15');
  });

  it('brings forward, runs and closes on the sum of the partner’s dues and payments', async () => {
    const client = (await admin.post('/api/userDetailsData', partner('Client', 'Ledger Client'))).json().data.id as number;
    const agent = (await admin.post('/api/userDetailsData', partner('Wire Agent', 'Ledger Agent'))).json().data.id as number;
    // Client: a sale leaving 1,000.00 due, one overpaid by 250.00, and a voided one.
    const sale = { size: '12', note: 'n', discount_amount: '0' };
    await admin.post('/api/mWireData', entryBody('msWire', { ...sale, weight: '100', price: '50', paid_amount: '4000' }, 'Ledger Client'));
    await admin.post('/api/giWireData', entryBody('giWire', { ...sale, weight: '10', price: '75', paid_amount: '1000' }, 'Ledger Client'));
    const mistake = (await admin.post('/api/mWireData', entryBody('msWire', { ...sale, weight: '1', price: '1', paid_amount: '0' }, 'Ledger Client'))).json()
      .data.id;
    expect((await admin.post(`/api/entries/${mistake}/void`, { reason: 'typo' })).statusCode).toBe(200);
    // Agent: we bought wire and still owe 300.00, then paid 200.00 of it.
    await admin.post(
      '/api/wireCost',
      entryBody('wireCost', { size: '10', weight: '10', price: '80', paid_amount: '500', discount_amount: '0' }, 'Ledger Agent'),
    );
    await admin.post('/api/paymentData', entryBody('partnerPayment', { paid_amount: '200' }, 'Ledger Agent'));

    const res = await admin.get(`/api/ledger/${client}`);
    expect(res.statusCode).toBe(200);
    const l = res.json().data;
    expect(l.opening).toBe(0);
    // The voided sale stays listed, marked, and moves nothing.
    expect(l.rows.map((r: { effect: number; balance: number; voided: boolean }) => [r.effect, r.balance, r.voided])).toEqual([
      [1000, 1000, false],
      [-250, 750, false],
      [0, 750, true],
    ]);
    expect(l.closing).toBe(750);

    const a = (await admin.get(`/api/ledger/${agent}`)).json().data;
    expect(a.rows.map((r: { title: string; effect: number }) => [r.title, r.effect])).toEqual([
      ['Wire Cost', -300],
      ['Partner Payment', 200],
    ]);
    expect(a.closing).toBe(-100);

    // A range after today: everything is brought forward, nothing listed.
    const tomorrow = new Date(`${todayIn('Asia/Dhaka')}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const later = (await admin.get(`/api/ledger/${client}?issue_date>=${tomorrow.toISOString().slice(0, 10)}`)).json().data;
    expect([later.opening, later.rows.length, later.closing]).toEqual([750, 0, 750]);

    const all = (await admin.get('/api/ledger')).json().data as { name: string; balance: number }[];
    expect(all.find((p) => p.name === 'Ledger Client')?.balance).toBe(750);
    expect(all.find((p) => p.name === 'Ledger Agent')?.balance).toBe(-100);
    expect((await admin.get('/api/ledger/999999')).statusCode).toBe(404);
  });

  it('lists the latest entries of a long account and carries the earlier ones in one balance', async () => {
    const client = (await admin.post('/api/userDetailsData', partner('Client', 'Long Account'))).json().data.id as number;
    // Six sales leaving 100.00, 200.00, … 600.00 due: 2,100.00 in all.
    for (let i = 1; i <= 6; i++) {
      await admin.post(
        '/api/mWireData',
        entryBody(
          'msWire',
          { size: '12', weight: '10', price: String(10 * i + 10), paid_amount: '100', discount_amount: '0', note: `sale ${i}` },
          'Long Account',
        ),
      );
    }
    const page = (await admin.get(`/api/ledger/${client}?limit=2`)).json().data;
    expect(page.count).toBe(6);
    expect(page.closing).toBe(2100);
    expect(page.carried).toBe(1000);
    expect(page.rows.map((r: { note: string; balance: number }) => [r.note, r.balance])).toEqual([
      ['sale 5', 1500],
      ['sale 6', 2100],
    ]);
    const all = (await admin.get(`/api/ledger/${client}`)).json().data;
    expect([all.count, all.carried, all.rows.length, all.closing]).toEqual([6, 0, 6, 2100]);
    expect((await admin.get(`/api/ledger/${client}?limit=0`)).statusCode).toBe(400);
  });
});
