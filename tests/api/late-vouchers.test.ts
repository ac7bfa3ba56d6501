import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore } from '../../src/shared/backdate.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';

// Late vouchers (issue 28 part 8): a sale slip found three days late is entered on its own day,
// with a reason. It lands in that day's statement and history, the party's balance and the header,
// is marked with the day it was entered, and is audited; what is refused writes nothing.
describe.each(dialects)('late vouchers on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  const client = `Late Client ${Date.now() % 100000}`;
  let partnerId: number;
  const today = todayIn('Asia/Dhaka');
  const threeBack = daysBefore(today, 3);

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const { agent: admin } = await t.signedIn('admin');
    const p = await admin.post('/api/userDetailsData', partnerBody('Client', client));
    expect(p.statusCode, p.body).toBe(201);
    partnerId = p.json().data.id;
    ({ agent: acc } = await t.signedIn('acounts', 'Rahim Late'));
  });
  afterAll(() => t.close());

  const sale = (overrides: Record<string, unknown> = {}) =>
    entryBody('msWire', { size: '12', weight: '10', price: '100', paid_amount: '600', discount_amount: '0', note: 'slip', ...overrides }, client);
  const header = async () => (await acc.get('/api/dashboard')).json().data as { current_balance: number; wire_stock: number };
  const dayStatement = async (day: string) => (await acc.get(`/api/mWireData?issue_date>=${day}&issue_date<=${day}`)).json();
  const dayCount = async (day: string) =>
    ((await acc.get('/api/mWireData/dates')).json().data as { issue_date: string; count: number }[]).find((d) => d.issue_date === day)?.count ?? 0;
  const ledger = async () => (await acc.get(`/api/ledger/${partnerId}`)).json().data;
  const entryCount = async () => Number((await sql<{ n: number }>`select count(*) as n from entries`.execute(t.app.deps.database.db)).rows[0]?.n);

  const soldOn = async (d: string) =>
    ((await acc.get(`/api/production?issue_date>=${d}&issue_date<=${d}`)).json().data as { total: { wire_sold_kg: number } }).total.wire_sold_kg;

  it('puts a sale three days back, with a reason, on that day: statement, history, party balance, production and header', async () => {
    const before = { header: await header(), day: await dayCount(threeBack), closing: (await ledger()).closing as number, sold: await soldOn(threeBack) };
    const soldToday = await soldOn(today);
    const res = await acc.post('/api/mWireData', sale({ issue_date: threeBack, backdate_reason: '  slip found in the drawer  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({ issue_date: threeBack, entered_on: today, backdate_reason: 'slip found in the drawer', issued_by: 'Rahim Late' });

    const statement = await dayStatement(threeBack);
    expect(statement.data.map((e: { id: number }) => e.id)).toEqual([made.id]);
    expect(statement.data[0]).toMatchObject({ entered_on: today, backdate_reason: 'slip found in the drawer' });
    expect(statement.totals.total_price).toBe(1000);
    expect((await dayStatement(today)).data.map((e: { id: number }) => e.id)).not.toContain(made.id);
    expect(await dayCount(threeBack)).toBe(before.day + 1);
    // The production report counts the wire sold on the voucher's day, not today.
    expect(await soldOn(threeBack)).toBe(before.sold + 10);
    expect(await soldOn(today)).toBe(soldToday);

    const l = await ledger();
    expect(l.closing).toBe(before.closing + 400);
    expect(l.rows.find((r: { id: number }) => r.id === made.id)).toMatchObject({
      issue_date: threeBack,
      entered_on: today,
      backdate_reason: 'slip found in the drawer',
    });
    // The balance brought forward to the day after the voucher's day includes it.
    expect((await acc.get(`/api/ledger/${partnerId}?issue_date>=${daysBefore(threeBack, -1)}`)).json().data.opening).toBe(before.closing + 400);
    const h = await header();
    expect(h.current_balance).toBe(before.header.current_balance + 600);
    expect(h.wire_stock).toBeCloseTo(before.header.wire_stock - 10, 3);

    const recent = (await acc.get('/api/entries/recent?group=cashIn&limit=100')).json().data as Record<string, unknown>[];
    expect(recent.find((r) => r.id === made.id)).toMatchObject({ issue_date: threeBack, entered_on: today });

    // The server stamps who and when; the audit log keeps the day and the reason.
    const row = await t.app.deps.database.db.selectFrom('entries').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(Date.now() - Date.parse(row.created_at)).toBeLessThan(60_000);
    const audit = await t.app.deps.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_id', '=', String(made.id))
      .where('subject_kind', '=', 'entry')
      .execute();
    expect(audit.map((a) => [a.action, a.subject_kind, a.actor_name])).toEqual([['backdate', 'entry', 'Rahim Late']]);
    expect(JSON.parse(audit[0]?.after_json ?? '{}')).toEqual({ issue_date: threeBack, entered_on: today, backdate_reason: 'slip found in the drawer' });
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('refuses, writing nothing: no reason, 32 days back, tomorrow, a malformed day', async () => {
    const before = await entryCount();
    const refused = async (body: Record<string, unknown>) => {
      const res = await acc.post('/api/mWireData', sale(body));
      expect(res.statusCode, res.body).toBe(400);
      const { code, field } = res.json().error;
      return [code, field];
    };
    expect(await refused({ issue_date: threeBack })).toEqual(['backdate_reason_required', 'backdate_reason']);
    expect(await refused({ issue_date: threeBack, backdate_reason: '   ' })).toEqual(['backdate_reason_required', 'backdate_reason']);
    expect(await refused({ issue_date: daysBefore(today, 32), backdate_reason: 'very old' })).toEqual(['issue_date_too_early', 'issue_date']);
    expect(await refused({ issue_date: daysBefore(today, -1), backdate_reason: 'tomorrow' })).toEqual(['issue_date_future', 'issue_date']);
    expect(await refused({ issue_date: '2026-02-30', backdate_reason: 'x' })).toEqual(['date_not_real', 'issue_date']);
    expect(await refused({ issue_date: '26/11/2026', backdate_reason: 'x' })).toEqual(['date_format', 'issue_date']);
    expect(await refused({ issue_date: 20261120, backdate_reason: 'x' })).toEqual(['date_format', 'issue_date']);
    expect(await refused({ issue_date: threeBack, backdate_reason: 'r'.repeat(301) })).toEqual(['backdate_reason_text', 'backdate_reason']);
    // The message says it in words, the field's key first.
    const far = await acc.post('/api/mWireData', sale({ issue_date: daysBefore(today, 32), backdate_reason: 'old' }));
    expect(far.json().error.message).toMatch(/^issue_date: can be at most 31 days back: the earliest day is \d+ \w+ \d{4}$/);
    expect(await entryCount()).toBe(before);
  });

  it('takes 31 days back, and today with no reason as before (a reason then is not kept)', async () => {
    const edge = await acc.post('/api/mWireData', sale({ issue_date: daysBefore(today, 31), backdate_reason: 'month-end slip' }));
    expect(edge.statusCode, edge.body).toBe(201);
    expect(edge.json().data.issue_date).toBe(daysBefore(today, 31));
    for (const body of [{}, { issue_date: today }, { issue_date: today, backdate_reason: 'not late' }]) {
      const res = await acc.post('/api/mWireData', sale(body));
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data.issue_date).toBe(today);
      expect(data).not.toHaveProperty('entered_on');
      expect(data).not.toHaveProperty('backdate_reason');
    }
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('puts an entry from a phone’s outbox on the day picked, counted back from the day it was made', async () => {
    const madeAt = new Date(Date.now() - 86_400_000).toISOString();
    const madeDay = todayIn('Asia/Dhaka', new Date(madeAt));
    const late = await acc.post('/api/mWireData', sale({ made_at: madeAt, issue_date: daysBefore(madeDay, 2), backdate_reason: 'offline slip' }));
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json().data).toMatchObject({ issue_date: daysBefore(madeDay, 2), entered_on: madeDay });
    // Made yesterday for yesterday: not late.
    const same = await acc.post('/api/mWireData', sale({ made_at: madeAt, issue_date: madeDay }));
    expect(same.statusCode, same.body).toBe(201);
    expect(same.json().data).not.toHaveProperty('entered_on');
    // Made yesterday, dated today: later than the day it was made.
    const ahead = await acc.post('/api/mWireData', sale({ made_at: madeAt, issue_date: today, backdate_reason: 'x' }));
    expect([ahead.statusCode, ahead.json().error?.code]).toEqual(madeDay === today ? [201, undefined] : [400, 'issue_date_future']);
  });

  it('voids and corrects a late voucher on its own day; the replacement keeps its mark; check stays clean', async () => {
    const made = (await acc.post('/api/mWireData', sale({ issue_date: threeBack, backdate_reason: 'found late', paid_amount: '100' }))).json().data;
    const closing = (await ledger()).closing as number;
    const fixed = await acc.post(`/api/entries/${made.id}/correct`, {
      ...sale({ paid_amount: '300' }),
      issue_date: today,
      backdate_reason: 'ignored',
      reason: 'paid more',
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const replacement = fixed.json().data;
    expect(replacement).toMatchObject({ issue_date: threeBack, corrects: made.id, entered_on: today, backdate_reason: 'found late' });
    expect((await ledger()).closing).toBe(closing - 200);
    const day = await dayStatement(threeBack);
    expect(day.data.find((e: { id: number }) => e.id === made.id)).toMatchObject({ voided: true, corrected_by: replacement.id });

    const voided = await acc.post(`/api/entries/${replacement.id}/void`, { reason: 'not ours' });
    expect(voided.statusCode, voided.body).toBe(200);
    // The sale of 1,000 less 100 paid (900 owed) was corrected to 300 paid (700 owed), then voided: nothing owed.
    expect((await ledger()).closing).toBe(closing - 900);
    // The reversal is made today, taking the amount out of the voucher's day: it is not a late voucher.
    const reversal = await t.app.deps.database.db.selectFrom('entries').selectAll().where('void_of', '=', replacement.id).executeTakeFirstOrThrow();
    expect([reversal.entered_on, reversal.backdate_reason]).toEqual([null, null]);
    expect((await dayStatement(threeBack)).data.filter((e: { voided: boolean }) => !e.voided).map((e: { id: number }) => e.id)).not.toContain(replacement.id);
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });

  it('check finds a late voucher without its reason, or further back than 31 days', async () => {
    const db = t.app.deps.database.db;
    const made = (await acc.post('/api/mWireData', sale({ issue_date: threeBack, backdate_reason: 'to be spoiled' }))).json().data;
    await sql`update entries set backdate_reason = ' ' where id = ${made.id}`.execute(db);
    expect(await checkBooks(db)).toEqual([`entry ${made.id} (msWire): a late voucher needs both the day it was entered and a reason`]);
    await sql`update entries set backdate_reason = 'back', entered_on = ${daysBefore(threeBack, -32)} where id = ${made.id}`.execute(db);
    expect((await checkBooks(db)).join('\n')).toMatch(new RegExp(`entry ${made.id} \\(msWire\\): dated ${threeBack}, entered on .*: 32 days back`));
    await sql`update entries set entered_on = ${today} where id = ${made.id}`.execute(db);
    expect(await checkBooks(db)).toEqual([]);
  });
});
