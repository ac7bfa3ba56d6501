import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysBetween } from '../../src/shared/backdate.ts';
import { bucketOf } from '../../src/shared/dues-api.ts';
import { dueAges } from '../../src/server/modules/dues/repository.ts';
import { ageDues } from '../../src/server/modules/dues/service.ts';
import { type TestDatabase, createTestDatabase, dialects } from '../helpers/databases.ts';

// The due list's ageing (dues/repository.ts) walks from whichever end of a party's days is nearer
// by money and takes the buckets from range sums. Checked here against the plain rule, day by day
// from the newest back, on random books: parties that pay, that never pay, that pay ahead, with a
// due raised and a payment on the same day, counted on random days before, among and after them.

const RUNS = Number(process.env.AGEING_RUNS ?? 120);
const base = '2026-01-01';
const dayOf = (n: number) => new Date(Date.parse(`${base}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function random(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

type Day = { issue_date: string; up: number; down: number };

/** The rule as written: the due on `asOf`, its days newest first, each giving what it raised until the due is covered. */
function expected(days: readonly Day[], sign: 1 | -1, asOf: string) {
  const upTo = days.filter((d) => d.issue_date <= asOf).sort((a, b) => b.issue_date.localeCompare(a.issue_date));
  const due = upTo.reduce((sum, d) => sum + (d.up - d.down) * sign, 0);
  if (due <= 0) return undefined;
  const out = { due, d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0, oldest: '' };
  let left = due;
  for (const d of upTo) {
    const raised = sign > 0 ? d.up : d.down;
    if (raised <= 0 || left <= 0) continue;
    out[bucketOf(daysBetween(d.issue_date, asOf))] += Math.min(raised, left);
    out.oldest = d.issue_date;
    left -= raised;
  }
  return out;
}

describe.each(dialects)('the due list’s ageing on %s', (dialect) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(dialect);
  });
  afterAll(async () => t.drop());

  it.runIf(dialect === 'postgres')('runs without JIT, the address’s own options kept (JIT-compiled, the walk took 1.6 s)', async () => {
    const setting = await sql<{
      jit: string;
      search_path: string;
    }>`select current_setting('jit') as jit, current_setting('search_path') as search_path`.execute(t.database.db);
    expect(setting.rows[0]).toMatchObject({ jit: 'off', search_path: expect.stringMatching(/^t_/) });
  });

  it(`ages every party as the day-by-day rule does, over ${RUNS} random books`, async () => {
    const db = t.database.db;
    for (let run = 0; run < RUNS; run++) {
      const rand = random(run + 1);
      const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
      await db.deleteFrom('party_day_totals').execute();
      await db.deleteFrom('party_totals').execute();
      const books = new Map<number, Day[]>();
      for (let party = 1; party <= 6; party++) {
        // How the party pays: often, rarely, never, or ahead of its dues.
        const habit = int(0, 3);
        const days: Day[] = [];
        for (let n = 0; n < 200; n += int(1, 25)) {
          const up = rand() < (habit === 3 ? 0.3 : 0.7) ? int(1, 5000) : 0;
          const down = habit === 2 ? 0 : rand() < [0.6, 0.15, 0, 0.8][habit]! ? int(1, habit === 3 ? 9000 : 4000) : 0;
          if (up || down) days.push({ issue_date: dayOf(n), up, down });
        }
        books.set(party, days);
        if (days.length === 0) continue;
        await db
          .insertInto('party_day_totals')
          .values(days.map((d) => ({ party_id: party, issue_date: d.issue_date, count: 1, effect_p: d.up - d.down, up_p: d.up, down_p: d.down })))
          .execute();
        const sum = (f: (d: Day) => number) => days.reduce((s, d) => s + f(d), 0);
        await db
          .insertInto('party_totals')
          .values({ party_id: party, count: days.length, effect_p: sum((d) => d.up - d.down), up_p: sum((d) => d.up), down_p: sum((d) => d.down) })
          .execute();
      }
      for (const asOf of [dayOf(int(-5, 230)), dayOf(int(0, 199))]) {
        for (const sign of [1, -1] as const) {
          const got = ageDues(await dueAges(db, sign, asOf), asOf);
          for (const [party, days] of books) {
            const want = expected(days, sign, asOf);
            const have = got.get(party);
            expect(have, `run ${run}, party ${party}, side ${sign}, as of ${asOf}`).toEqual(want);
          }
        }
      }
    }
  }, 120_000);
});
