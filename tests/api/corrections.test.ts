import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { todayIn } from '../../src/shared/dates.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';

// Correct = void + replacement in one step (POST /api/entries/:id/correct), as the accountant
// fixes yesterday's slip: the replacement stands on the original's date, by the person
// correcting, both linked; the books stay exact.

describe.each(dialects)('corrections on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  const client = `Correct Client ${Date.now() % 100000}`;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const { agent: admin } = await t.signedIn('admin');
    expect((await admin.post('/api/userDetailsData', partnerBody('Client', client))).statusCode).toBe(201);
    ({ agent: acc } = await t.signedIn('acounts', 'Nasrin Corrector'));
  });
  afterAll(() => t.close());

  const sale = (overrides: Record<string, unknown> = {}) =>
    entryBody('msWire', { size: '12', weight: '100', price: '90', paid_amount: '5000', discount_amount: '0', note: 'sale', ...overrides }, client);
  const balance = async () => (await acc.get('/api/dashboard')).json().data as { current_balance: number; wire_stock: number };
  const count = async () => Number((await sql<{ n: number }>`select count(*) as n from entries`.execute(t.app.deps.database.db)).rows[0]?.n);

  it('writes the reversal and the replacement on the original date, linked both ways, and the totals follow', async () => {
    const made = await acc.post('/api/mWireData', sale());
    expect(made.statusCode).toBe(201);
    const id = made.json().data.id as number;
    // The slip was made three days ago.
    await sql`update entries set issue_date = '2026-11-20' where id = ${id}`.execute(t.app.deps.database.db);
    await sql`update kind_day_totals set issue_date = '2026-11-20' where kind = 'msWire'`.execute(t.app.deps.database.db);
    await sql`update kind_name_day_totals set issue_date = '2026-11-20' where kind = 'msWire'`.execute(t.app.deps.database.db);
    await sql`update party_day_totals set issue_date = '2026-11-20'`.execute(t.app.deps.database.db);
    await sql`update account_day_totals set issue_date = '2026-11-20'`.execute(t.app.deps.database.db);
    const before = await balance();

    const fixed = await acc.post(`/api/entries/${id}/correct`, { ...sale({ paid_amount: '4500', weight: '90' }), reason: 'paid 500 less' });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const replacement = fixed.json().data;
    expect(replacement).toMatchObject({
      issue_date: '2026-11-20',
      issued_by: 'Nasrin Corrector',
      corrects: id,
      paid_amount: 4500,
      weight: 90,
      total_price: 8100,
    });

    // Cash and stock move by the difference only.
    const after = await balance();
    expect(after.current_balance).toBeCloseTo(before.current_balance - 500, 2);
    expect(after.wire_stock).toBeCloseTo(before.wire_stock + 10, 3);

    // The original stays listed, voided, saying who corrected it; the statement of that day adds up the replacement only.
    const list = (await acc.get(`/api/mWireData?name=${encodeURIComponent(client)}&issue_date>=2026-11-20&issue_date<=2026-11-20`)).json();
    const original = list.data.find((e: { id: number }) => e.id === id);
    expect(original).toMatchObject({ voided: true, corrected_by: replacement.id, voided_by: 'Nasrin Corrector' });
    expect(String(original.voided_reason)).toContain(`Corrected by #${replacement.id}: paid 500 less`);
    expect(list.totals.paid_amount).toBe(4500);
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);

    // Among the latest entries the reversal says which day it takes the amount out of (the
    // original's), beside the day it was made; the replacement stands on the original's day.
    const recent = (await acc.get('/api/entries/recent?group=cashIn&limit=100')).json().data as Record<string, unknown>[];
    const reversal = recent.find((r) => r.void_of === id);
    expect(reversal).toMatchObject({ reverses_date: '2026-11-20', issue_date: todayIn('Asia/Dhaka') });
    expect(recent.find((r) => r.id === replacement.id)).toMatchObject({ issue_date: '2026-11-20' });
    expect(recent.find((r) => r.id === replacement.id)).not.toHaveProperty('reverses_date');
    // One entry read by id says the same.
    expect((await acc.get(`/api/entries/${String(reversal?.id)}`)).json().data).toMatchObject({ reverses_date: '2026-11-20' });

    // The audit log has it.
    const audit = await sql<{
      action: string;
      after_json: string;
    }>`select action, after_json from audit_log where subject_id = ${String(id)} and action = 'correct'`.execute(t.app.deps.database.db);
    expect(JSON.parse(audit.rows[0]?.after_json ?? '{}')).toMatchObject({ replacement: replacement.id, reason: 'paid 500 less' });

    // Corrected once: a second correction, or a void, is refused; the replacement itself can be corrected.
    expect((await acc.post(`/api/entries/${id}/correct`, sale())).statusCode).toBe(409);
    expect((await acc.post(`/api/entries/${id}/void`, { reason: 'again' })).statusCode).toBe(409);
    const again = await acc.post(`/api/entries/${replacement.id}/correct`, sale({ paid_amount: '4400', weight: '90' }));
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ issue_date: '2026-11-20', corrects: replacement.id });
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('refuses bad input naming the field, writes nothing, and saves a retried correction once', async () => {
    const id = (await acc.post('/api/mWireData', sale())).json().data.id as number;
    const n = await count();
    const bad = await acc.post(`/api/entries/${id}/correct`, sale({ weight: '-4' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('weight');
    expect(await count()).toBe(n);
    expect((await acc.post('/api/entries/99999999/correct', sale())).statusCode).toBe(404);

    const body = { ...sale({ note: 'retried' }), idempotency_key: `fix-${Date.now()}-${Math.random()}` };
    const [a, b] = await Promise.all([acc.post(`/api/entries/${id}/correct`, body), acc.post(`/api/entries/${id}/correct`, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(await count()).toBe(n + 2);
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('keeps an ended fire ended, refuses a sold asset, and refuses a fire with nothing in it', async () => {
    const fire = (await acc.post('/api/fire', { pot_number: 'P-9', weight: '120' })).json().data.id as number;
    expect((await acc.put(`/api/fire/${fire}`, { fire_status: true, fire_time: '9 pm' })).statusCode).toBe(200);
    const fixed = await acc.post(`/api/entries/${fire}/correct`, { pot_number: 'P-9', weight: '125' });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json().data).toMatchObject({ weight: 125, fire_status: true, fire_time: '9 pm', corrects: fire });

    const empty = await acc.post('/api/fire', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Fill in at least one field');

    const asset = (await acc.post('/api/assetsCost', { name: 'Crane', paid_amount: '1000' })).json().data.id as number;
    expect((await acc.put(`/api/assetsCost/${asset}`, { sold_status: true, sold_amount: '800' })).statusCode).toBe(200);
    const refused = await acc.post(`/api/entries/${asset}/correct`, { name: 'Crane', paid_amount: '1100' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('void the asset sale first');
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });
});
