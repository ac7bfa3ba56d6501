import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import type { Agent } from '../helpers/agent.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';
import { entryBody, kindNamed } from '../helpers/factories.ts';

// Entries sent late from a phone's outbox (issue 16): the client sends `made_at`; the entry keeps
// the business day (Asia/Dhaka, UTC+6) on which it was made, up to 3 days back, never the future.
// The clock is fixed at 00:10 in Dhaka on 24 November 2026 (18:10 UTC on the 23rd), so the
// business day and the UTC day differ.
const NOW = new Date('2026-11-23T18:10:00Z');
const kind = kindNamed('otherExpense');
let seq = 0;

describe.each(dialects)('made_at on %s', (dialect) => {
  let t: TestApp;
  let acc: Agent;
  let userId: string;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    t = await createTestApp(dialect, { APP_TIME_ZONE: 'Asia/Dhaka' });
    const signed = await t.signedIn('acounts', 'Karim Accounts');
    acc = signed.agent;
    userId = signed.user.id;
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const send = (madeAt: string | undefined, key = `made-at-key-${++seq}`) =>
    acc.post(`/api/${kind.path}`, entryBody(kind, { idempotency_key: key, ...(madeAt === undefined ? {} : { made_at: madeAt }) }));

  const stored = (id: number) => t.app.deps.database.db.selectFrom('entries').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('stamps the business day it was made, across midnight in Dhaka, and records both times and who', async () => {
    const beforeMidnight = await send('2026-11-23T17:55:00Z');
    expect(beforeMidnight.statusCode, beforeMidnight.body).toBe(201);
    expect(beforeMidnight.json().data.issue_date).toBe('2026-11-23');
    const afterMidnight = await send('2026-11-23T18:05:00Z');
    expect(afterMidnight.statusCode, afterMidnight.body).toBe(201);
    expect(afterMidnight.json().data.issue_date).toBe('2026-11-24');
    expect(afterMidnight.json().data.issued_by).toBe('Karim Accounts');

    const row = await stored(Number(afterMidnight.json().data.id));
    expect(row.made_at).toBe('2026-11-23T18:05:00.000Z');
    expect(row.created_at).toBe(NOW.toISOString());
    expect(row.author_id).toBe(userId);
    // With an offset, as a phone in Dhaka may write it: the same moment.
    const withOffset = await send('2026-11-24T00:05:00+06:00');
    expect(withOffset.json().data.issue_date).toBe('2026-11-24');
  });

  it('accepts the third business day back and refuses the fourth, naming its date; nothing written', async () => {
    const third = await send('2026-11-20T18:00:00Z'); // 00:00 on 21 November in Dhaka
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json().data.issue_date).toBe('2026-11-21');

    const before = await t.app.deps.database.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const fourth = await send('2026-11-20T17:59:00Z'); // 23:59 on 20 November in Dhaka
    expect(fourth.statusCode, fourth.body).toBe(400);
    expect(fourth.json().error).toMatchObject({ field: 'made_at' });
    expect(fourth.json().error.message).toContain('20 November 2026');
    const after = await t.app.deps.database.db
      .selectFrom('entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses the future beyond 5 minutes of clock skew; within it, the entry is made now', async () => {
    const ahead = await send('2026-11-23T18:20:00Z');
    expect(ahead.statusCode, ahead.body).toBe(400);
    expect(ahead.json().error.field).toBe('made_at');
    expect(ahead.json().error.message).toContain("check the phone's date and time");

    const skewed = await send('2026-11-23T18:13:00Z');
    expect(skewed.statusCode, skewed.body).toBe(201);
    expect((await stored(Number(skewed.json().data.id))).made_at).toBe(NOW.toISOString());
  });

  it('refuses a made_at that is not a date and time', async () => {
    const res = await send('yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('made_at');
  });

  it('the same key sent twice (a lost answer) stays one entry on the day it was made', async () => {
    const first = await send('2026-11-22T06:00:00Z', 'outbox-retry-key-1');
    const again = await send('2026-11-22T06:00:00Z', 'outbox-retry-key-1');
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    const rows = await t.app.deps.database.db.selectFrom('entries').selectAll().where('idempotency_key', '=', 'outbox-retry-key-1').execute();
    expect(rows.map((r) => r.issue_date)).toEqual(['2026-11-22']);
  });

  it('without made_at the entry is made now (today in Dhaka), and the books check out', async () => {
    const res = await send(undefined);
    expect(res.json().data.issue_date).toBe('2026-11-24');
    expect((await stored(Number(res.json().data.id))).made_at).toBeNull();
    expect(await checkBooks(t.app.deps.database.db)).toEqual([]);
  });
});
