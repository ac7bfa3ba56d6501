import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody as partner } from '../helpers/factories.ts';

// Payment Received (issue 28, part 0): a party pays the factory what it owes. The accountant's day:
// a client who bought on credit pays part of the due; the due comes down in the ledger, the cash
// goes up, and a mistaken receipt is voided or corrected like any entry.
describe.each(dialects)('payments received on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  let admin: Agent;
  const sale = { size: '12', note: 'on credit', discount_amount: '0' };
  const balance = async () => (await acc.get('/api/dashboard')).json().data.current_balance as number;
  const closing = async (id: number) => (await acc.get(`/api/ledger/${id}`)).json().data.closing as number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    acc = (await t.signedIn('acounts')).agent;
    // Partners are an admin's to add; the accountant enters the money.
    admin = (await t.signedIn('admin')).agent;
  });
  afterAll(() => t.close());

  it('brings a client’s due down by what it pays, by name or by partner_id, and adds it to the cash', async () => {
    const client = (await admin.post('/api/userDetailsData', partner('Client', 'Due Paying Client'))).json().data.id as number;
    // 100 kg at 120 = 12,000, 2,000 paid: 10,000 due.
    await acc.post('/api/mWireData', entryBody('msWire', { ...sale, weight: '100', price: '120', paid_amount: '2000' }, 'Due Paying Client'));
    expect(await closing(client)).toBe(10_000);
    const cash = await balance();

    const first = await acc.post('/api/receiptData', { name: 'Due Paying Client', paid_amount: '4,000', note: 'cash at the gate' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ name: 'Due Paying Client', paid_amount: 4000, note: 'cash at the gate' });
    const second = await acc.post('/api/receiptData', { partner_id: client, paid_amount: '1500.50' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.name).toBe('Due Paying Client');

    expect(await closing(client)).toBe(4499.5);
    expect(await balance()).toBe(cash + 5500.5);
    const ledger = (await acc.get(`/api/ledger/${client}`)).json().data;
    expect(ledger.rows.map((r: { title: string; effect: number }) => [r.title, r.effect])).toEqual([
      ['MS Wire Form', 10_000],
      ['Payment Received', -4000],
      ['Payment Received', -1500.5],
    ]);
    // The kind's own statement lists both, with their total.
    const statement = (await acc.get('/api/receiptData?name=Due%20Paying%20Client')).json();
    expect(statement.data).toHaveLength(2);
    expect(statement.totals.paid_amount).toBe(5500.5);
  });

  it('takes a payment from a party of any category: a supplier’s refund raises what the factory owes it', async () => {
    const agent = (await admin.post('/api/userDetailsData', partner('Wire Agent', 'Refunding Agent'))).json().data.id as number;
    await acc.post(
      '/api/wireCost',
      entryBody('wireCost', { size: '10', weight: '10', price: '80', paid_amount: '800', discount_amount: '0' }, 'Refunding Agent'),
    );
    expect(await closing(agent)).toBe(0);
    expect((await acc.post('/api/receiptData', { name: 'Refunding Agent', paid_amount: '300' })).statusCode).toBe(201);
    expect(await closing(agent)).toBe(-300);
  });

  it('is voided and corrected like every entry: the due comes back, or follows the corrected amount', async () => {
    const client = (await admin.post('/api/userDetailsData', partner('Client', 'Mistaken Client'))).json().data.id as number;
    await acc.post('/api/mWireData', entryBody('msWire', { ...sale, weight: '10', price: '100', paid_amount: '0' }, 'Mistaken Client'));
    const cash = await balance();
    const id = (await acc.post('/api/receiptData', { name: 'Mistaken Client', paid_amount: '700' })).json().data.id as number;
    expect(await closing(client)).toBe(300);

    const fixed = await acc.post(`/api/entries/${id}/correct`, { name: 'Mistaken Client', paid_amount: '600', reason: 'counted 100 less' });
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await closing(client)).toBe(400);
    expect(await balance()).toBe(cash + 600);

    const replacement = fixed.json().data.id as number;
    expect((await acc.post(`/api/entries/${replacement}/void`, { reason: 'cheque, not cash' })).statusCode).toBe(200);
    expect(await closing(client)).toBe(1000);
    expect(await balance()).toBe(cash);
  });

  it('refuses, coded and naming the field, an amount missing, a party unknown, and writes nothing', async () => {
    const cash = await balance();
    const none = await acc.post('/api/receiptData', { name: 'Due Paying Client', note: 'forgot the amount' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({ field: 'paid_amount' });
    const stranger = await acc.post('/api/receiptData', { name: 'Nobody We Know', paid_amount: '10' });
    expect(stranger.statusCode).toBeGreaterThanOrEqual(400);
    expect(stranger.statusCode).toBeLessThan(500);
    expect(stranger.json().error.field).toBe('name');
    expect(await balance()).toBe(cash);
  });
});
