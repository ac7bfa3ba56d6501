import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBefore } from '../../src/shared/backdate.ts';
import { todayIn } from '../../src/shared/dates.ts';
import { refusals as refusalsBn } from '../../src/shared/refusals-bn.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, partnerBody } from '../helpers/factories.ts';

// The day's close (issue 28 part 7), as the accountant does it: two days back the drawer is counted
// by its notes, 100 taka short; the day closes with the shortage written as an entry; nothing more
// lands on that day (late vouchers, voids, corrections, outbox entries, transfers into a closed
// account), for an admin neither, until an admin reopens it with a reason and it is closed again.
describe.each(dialects)('day close on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  let admin: Agent;
  let bank: number;
  const today = todayIn('Asia/Dhaka');
  const d1 = daysBefore(today, 2);
  const problems = () => checkBooks(t.app.deps.database.db);
  const invest = (amount: string, more: Record<string, unknown> = {}) => entryBody('investor', { name: 'Karim', paid_amount: amount, note: '', ...more });
  const late = (day: string) => ({ issue_date: day, backdate_reason: 'slip found late' });
  const cashbook = async (day: string, account = 1) => (await acc.get(`/api/cashbook?account_id=${account}&issue_date>=${day}&issue_date<=${day}`)).json().data;
  let lateEntry: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ agent: admin } = await t.signedIn('admin'));
    ({ agent: acc } = await t.signedIn('acounts', 'Rahim Close'));
    expect((await admin.post('/api/userDetailsData', partnerBody('Investor', 'Karim'))).statusCode).toBe(201);
    bank = (await admin.post('/api/accounts', { name: 'City Bank', type: 'bank', bank: 'City Bank', number: '1234' })).json().data.id;
    const a = await acc.post('/api/investorData', invest('50000', late(d1)));
    expect(a.statusCode, a.body).toBe(201);
    lateEntry = a.json().data.id;
    expect((await acc.post('/api/paymentData', entryBody('partnerPayment', { name: 'Karim', paid_amount: '2000', note: '', ...late(d1) }))).statusCode).toBe(
      201,
    );
    expect((await acc.post('/api/investorData', invest('1000'))).statusCode).toBe(201);
  });
  afterAll(() => t.close());

  it('refuses bad counts with a coded 400 naming the field, writing nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ account_id: 1, date: d1 }, 'day_close_count_required', 'counted'],
      [{ account_id: 1, date: d1, counted: '10', notes: { 1000: 1 } }, 'day_close_count_twice', 'notes'],
      [{ account_id: 1, date: d1, notes: { 300: 1 } }, 'day_close_note_unknown', 'notes'],
      [{ account_id: 1, date: d1, notes: { 500: -1 } }, 'day_close_note_count', 'notes'],
      [{ account_id: 1, date: d1, notes: { 500: 1.5 } }, 'day_close_note_count', 'notes'],
      [{ account_id: 1, date: d1, notes: [1, 2] }, 'day_close_notes_shape', 'notes'],
      [{ account_id: 1, date: d1, counted: '-5' }, 'field_negative', 'counted'],
      [{ account_id: 1, date: '2026-02-30', counted: '1' }, 'date_not_real', 'date'],
      [{ account_id: 1, date: 'yesterday', counted: '1' }, 'date_format', 'date'],
      [{ account_id: 1, counted: '1' }, 'field_required', 'date'],
      [{ date: d1, counted: '1' }, 'field_required', 'account_id'],
      [{ account_id: 999, date: d1, counted: '1' }, 'account_not_found', 'account_id'],
      [{ account_id: 1, date: daysBefore(today, -1), counted: '1' }, 'day_close_future', 'date'],
      [{ account_id: bank, date: d1, notes: { 1000: 1 } }, 'day_close_notes_cash_only', 'notes'],
      [{ account_id: 1, date: d1, counted: '1', extra: 1 }, 'not_a_field', 'extra'],
      [{ account_id: 1, date: d1, counted: '47900' }, 'day_close_reason_required', 'reason'],
    ];
    for (const [body, code, field] of cases) {
      const res = await acc.post('/api/day-close', body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(400);
      expect(res.json().error, JSON.stringify(body)).toMatchObject({ code, field });
    }
    expect((await acc.get('/api/day-close?account_id=1')).json().data).toEqual([]);
  });

  it('closes the day by notes: book 48,000, counted 47,900, a cash short entry of 100 on that day with the reason', async () => {
    expect((await cashbook(d1)).closing).toBe(48000);
    const res = await acc.post('/api/day-close', { account_id: 1, date: d1, notes: { 1000: 47, 500: '1', 100: 4, 50: 0 }, reason: 'a 100 note missing' });
    expect(res.statusCode, res.body).toBe(201);
    const close = res.json().data;
    expect(close).toMatchObject({
      account_id: 1,
      date: d1,
      book: 48000,
      counted: 47900,
      difference: -100,
      notes: { 1000: 47, 500: 1, 100: 4 },
      closed_by: 'Rahim Close',
    });
    const entry = (await acc.get(`/api/entries/${close.entry_id}`)).json().data;
    expect(entry).toMatchObject({ kind: 'cashShort', title: 'Cash short', issue_date: d1, note: 'a 100 note missing' });
    expect((await cashbook(d1)).closing).toBe(47900);
    expect((await acc.get('/api/day-close?account_id=1')).json().data.map((c: { id: number }) => c.id)).toEqual([close.id]);
    expect(await problems()).toEqual([]);
  });

  it('refuses every write into the closed day, for an admin too: 409 day_closed naming the day', async () => {
    const expectClosed = (res: { statusCode: number; body: string; json(): { error: { code: string; params?: Record<string, unknown> } } }) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'day_closed', params: { day: d1 } });
    };
    for (const who of [acc, admin]) {
      expectClosed(await who.post('/api/investorData', invest('10', late(d1))));
      expectClosed(await who.post('/api/investorData', invest('10', late(daysBefore(d1, 1)))));
      expectClosed(await who.post(`/api/entries/${lateEntry}/void`, { reason: 'wrong' }));
      expectClosed(await who.post(`/api/entries/${lateEntry}/correct`, { ...invest('40000'), reason: 'typo' }));
      // From a phone's outbox, made on the closed day and sent today.
      expectClosed(await who.post('/api/investorData', invest('10', { made_at: `${d1}T10:00:00+06:00`, idempotency_key: `outbox-${Math.random()}` })));
      // Also the difference entry itself: a close is undone by a reopen.
      const diff = (await acc.get('/api/day-close?account_id=1')).json().data[0].entry_id;
      expectClosed(await who.post(`/api/entries/${diff}/void`, { reason: 'not right' }));
      expectClosed(await who.post('/api/day-close', { account_id: 1, date: d1, counted: '47900' }));
    }
    expect(refusalsBn.day_closed).toMatch(/\{day\}.*বন্ধ/);
    // The day after is open; fires and stock name no account and are not refused.
    expect((await acc.post('/api/investorData', invest('10', late(daysBefore(today, 1))))).statusCode).toBe(201);
    expect((await acc.post('/api/fire', entryBody('fire', { ...late(d1) }))).statusCode).toBe(201);
    expect(await problems()).toEqual([]);
  });

  it('closes a bank account against its statement and refuses a transfer into it on that day, both accounts checked', async () => {
    const res = await acc.post('/api/day-close', { account_id: bank, date: today, counted: '0' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ book: 0, counted: 0, difference: 0, entry_id: null, notes: null });
    for (const body of [
      { from_account_id: 1, to_account_id: bank, amount: '100' },
      { from_account_id: bank, to_account_id: 1, amount: '100' },
    ]) {
      const t1 = await admin.post('/api/transfers', body);
      expect(t1.statusCode, t1.body).toBe(409);
      expect(t1.json().error).toMatchObject({ code: 'day_closed', params: { day: today, account: 'City Bank' } });
    }
    // Cash today is open: an entry in cash goes in; one in the bank does not.
    expect((await acc.post('/api/investorData', invest('5'))).statusCode).toBe(201);
    expect((await acc.post('/api/investorData', invest('5', { account_id: bank }))).statusCode).toBe(409);
    expect(await problems()).toEqual([]);
  });

  it('an admin reopens with a reason (audited): the shortage is voided, the day takes entries, and closes again', async () => {
    const [close] = (await acc.get('/api/day-close?account_id=1')).json().data;
    expect((await acc.post(`/api/day-close/${close.id}/reopen`, { reason: 'found it' })).statusCode).toBe(403);
    expect((await admin.post(`/api/day-close/${close.id}/reopen`, {})).json().error).toMatchObject({ code: 'field_required', field: 'reason' });
    expect((await admin.post('/api/day-close/99999/reopen', { reason: 'x' })).statusCode).toBe(404);
    const res = await admin.post(`/api/day-close/${close.id}/reopen`, { reason: 'the note was under the drawer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ reopen_reason: 'the note was under the drawer', reopened_by: expect.any(String) });
    expect((await admin.post(`/api/day-close/${close.id}/reopen`, { reason: 'again' })).json().error.code).toBe('day_close_reopened');
    expect((await acc.get(`/api/entries/${close.entry_id}`)).json().data.voided).toBe(true);
    expect((await cashbook(d1)).closing).toBe(48000);
    const audit = await t.app.deps.database.db.selectFrom('audit_log').select(['action']).where('action', 'in', ['day_close', 'day_reopen']).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['day_close', 'day_close', 'day_reopen']);
    expect((await acc.post('/api/investorData', invest('100', late(d1)))).statusCode).toBe(201);
    const again = await acc.post('/api/day-close', { account_id: 1, date: d1, counted: '48100' });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toMatchObject({ book: 48100, counted: 48100, difference: 0, entry_id: null });
    expect(await problems()).toEqual([]);
  });

  it('reopens only the latest close of an account', async () => {
    const later = await acc.post('/api/day-close', { account_id: 1, date: daysBefore(today, 1), counted: '1', reason: 'test' });
    expect(later.statusCode, later.body).toBe(201);
    const first = (await acc.get('/api/day-close?account_id=1'))
      .json()
      .data.find((c: { date: string; reopened_at: string | null }) => c.date === d1 && !c.reopened_at);
    const r = await admin.post(`/api/day-close/${first.id}/reopen`, { reason: 'x' });
    expect(r.statusCode).toBe(409);
    expect(r.json().error).toMatchObject({ code: 'day_close_later', params: { day: daysBefore(today, 1) } });
    expect((await admin.post(`/api/day-close/${later.json().data.id}/reopen`, { reason: 'counted wrong' })).statusCode).toBe(200);
    expect((await admin.post(`/api/day-close/${first.id}/reopen`, { reason: 'x' })).statusCode).toBe(200);
    expect(await problems()).toEqual([]);
  });

  it('a close racing entries of its day: each entry is in the book figure or refused', async () => {
    const day = daysBefore(today, 5);
    const base = (await cashbook(day)).closing as number;
    const posts = Array.from({ length: 24 }, (_, i) => acc.post('/api/investorData', invest(String(i + 1), late(day))));
    const close = acc.post('/api/day-close', { account_id: 1, date: day, counted: '0', reason: 'race' });
    const [answers, closed] = await Promise.all([Promise.all(posts), close]);
    expect(closed.statusCode, closed.body).toBe(201);
    let accepted = 0;
    for (const [i, a] of answers.entries()) {
      expect([201, 409], a.body).toContain(a.statusCode);
      if (a.statusCode === 201) accepted += i + 1;
      else expect(a.json().error.code).toBe('day_closed');
    }
    expect(closed.json().data.book).toBe(base + accepted);
    expect(await problems()).toEqual([]);
  });

  it('check finds an entry slipped into a closed day behind the app and a close whose difference entry went', async () => {
    const db = t.app.deps.database.db;
    const res = await acc.post('/api/day-close', { account_id: 1, date: d1, counted: String((await cashbook(d1)).closing + 1), reason: 'one over' });
    expect(res.statusCode, res.body).toBe(201);
    const close = res.json().data;
    expect(await problems()).toEqual([]);
    await db.updateTable('entries').set({ created_at: '2999-01-01T00:00:00.000Z' }).where('id', '=', lateEntry).execute();
    expect((await problems()).join('\n')).toMatch(new RegExp(`entry ${lateEntry} .*closed through`));
    await db.updateTable('day_closes').set({ entry_id: 999999 }).where('id', '=', close.id).execute();
    expect((await problems()).join('\n')).toMatch(/difference entry 999999 does not exist/);
  });
});
