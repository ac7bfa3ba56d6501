import { registry } from '../../src/shared/registry.ts';
import BetterSqlite3 from '../../src/server/db/sqlite-driver.ts';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../../src/server/db/schema.ts';
import { seedDemo } from '../../src/server/modules/books/demo.ts';
import { partyLedger } from '../../src/server/modules/books/ledger.ts';
import { cashBook } from '../../src/server/modules/books/transfers.ts';
import { dueAges } from '../../src/server/modules/dues/repository.ts';
import * as repo from '../../src/server/modules/books/repository.ts';
import { productionReport } from '../../src/server/modules/production/service.ts';
import { countOpen } from '../../src/server/modules/overview/repository.ts';
import { type TestDatabase, createTestDatabase, dialects } from '../helpers/databases.ts';

// Years of books must not slow the statements down: the queries behind statements, history,
// party lists and the party ledger reach their rows through an index, never by reading the
// whole entries table. Checked on the real query plans of both databases.

// The entries table and the rollups (running totals) that the reads use.
const tables = /\b(entries|kind_day_totals|kind_name_day_totals|kind_name_totals|party_day_totals|party_totals|account_day_totals|account_totals)\b/;

describe.each(dialects)('query plans on %s', (dialect) => {
  let t: TestDatabase;
  let logged: Kysely<DB>;
  let explain: (q: CompiledQuery) => Promise<string[]>;
  const captured: CompiledQuery[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(dialect);
    await seedDemo(t.database.db, { entries: 3000, today: '2026-11-22' });
    const log = (event: { level: string; query: CompiledQuery }) => {
      if (event.level === 'query') captured.push(event.query);
    };
    if (t.target.dialect === 'sqlite') {
      const sqlite = new BetterSqlite3(t.target.file);
      logged = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log });
      explain = async (q) =>
        sqlite
          .prepare(`explain query plan ${q.sql}`)
          .all(...(q.parameters as unknown[]))
          .map((r) => String((r as { detail: string }).detail));
    } else {
      const pool = new pg.Pool({ connectionString: t.target.url, max: 1 });
      logged = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
      explain = async (q) => {
        const client = await pool.connect();
        try {
          // With few rows PostgreSQL rightly prefers a sequential scan; forbid it to see whether an index can serve.
          await client.query('set enable_seqscan = off');
          const res = await client.query(`explain (format json) ${q.sql}`, q.parameters as unknown[]);
          const plans: string[] = [];
          const walk = (node: Record<string, unknown>) => {
            plans.push(`${node['Node Type']} ${node['Relation Name'] ?? ''} ${node['Index Name'] ?? ''}`.trim());
            for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
          };
          walk((res.rows[0]['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]?.Plan as Record<string, unknown>);
          return plans;
        } finally {
          client.release();
        }
      };
    }
  });
  afterAll(async () => {
    await logged.destroy();
    await t.drop();
  });

  async function plansOf(run: () => Promise<unknown>): Promise<string[][]> {
    captured.length = 0;
    await run();
    const selects = captured.filter((q) => /^\s*select/i.test(q.sql) && tables.test(q.sql));
    expect(selects.length).toBeGreaterThan(0);
    return Promise.all(selects.map(explain));
  }

  function expectIndexed(plans: string[][]) {
    for (const plan of plans) {
      const onBooks = plan.filter((line) => tables.test(line));
      expect(onBooks.length, plan.join(' | ')).toBeGreaterThan(0);
      for (const line of onBooks) {
        if (dialect === 'sqlite')
          expect(line, plan.join(' | ')).toMatch(/^SEARCH (entries|\w+_totals) USING (COVERING |PRIMARY KEY|INTEGER PRIMARY KEY|INDEX)/);
        else expect(line, plan.join(' | ')).not.toMatch(/^Seq Scan/);
      }
    }
  }

  it('the production report reads only running totals, each through an index', async () => {
    captured.length = 0;
    for (const q of [{}, { 'issue_date>': '2026-01-10', 'issue_date<': '2026-10-20' }]) await productionReport(logged, registry, q, 'Asia/Dhaka');
    expect(captured.some((q) => /\bentries\b/.test(q.sql))).toBe(false);
    const reads = captured.filter((q) => /_totals\b/.test(q.sql));
    expect(reads.length).toBeGreaterThanOrEqual(8);
    for (const q of reads) {
      const plan = await explain(q);
      // Only the report's own list of pots (a VALUES list) may be read from end to end.
      for (const line of plan) {
        if (dialect === 'sqlite') expect(line, plan.join(' | ')).not.toMatch(/^SCAN (?!p$|l$|\d+ CONSTANT ROWS$|\d+-ROW VALUES)/);
        else expect(line, plan.join(' | ')).not.toMatch(/^Seq Scan/);
      }
    }
  });

  it('a party statement (kind, name and date range) and its totals', async () => {
    const name = (await logged.selectFrom('entries').select('name').where('kind', '=', 'msWire').limit(1).executeTakeFirstOrThrow()).name ?? '';
    const f = { kind: 'msWire', name, from: '2026-01-01', to: '2026-06-30' };
    expectIndexed(await plansOf(() => repo.listEntries(logged, { ...f, limit: 50 })));
    expectIndexed(await plansOf(() => repo.sumEntries(logged, f, ['weight_g', 'total_price_p', 'paid_amount_p', 'due_amount_p'])));
  });

  it('a day statement from a history page, and the history and party lists', async () => {
    expectIndexed(await plansOf(() => repo.listEntries(logged, { kind: 'furnace', from: '2026-05-05', to: '2026-05-05', limit: 50 })));
    expectIndexed(await plansOf(() => repo.distinctDates(logged, 'salary', 3660)));
    expectIndexed(await plansOf(() => repo.distinctNames(logged, 'woodPowder', undefined, 2000)));
  });

  it('a party ledger with a date range', async () => {
    const party = (await logged.selectFrom('entries').select('party_id').where('kind', '=', 'furnace').limit(1).executeTakeFirstOrThrow()).party_id ?? 0;
    expectIndexed(await plansOf(() => partyLedger(logged, registry, party, { from: '2026-03-01', to: '2026-09-30', limit: 50 })));
  });

  it('the due list walks each party’s unpaid days back through an index, never every party’s every day', async () => {
    for (const [sign, asOf] of [
      [1, '2026-11-22'],
      [-1, '2026-10-20'],
    ] as const) {
      captured.length = 0;
      await dueAges(logged, sign, asOf);
      const walk = captured.find((q) => /^\s*with recursive/i.test(q.sql));
      expect(walk).toBeDefined();
      const plan = await explain(walk!);
      expect(plan.length).toBeGreaterThan(0);
      // Read end to end: party_totals (a row a party, t), the totals made of it (d) and the walk's own rows (w); party_day_totals only by seeks.
      if (dialect === 'sqlite') for (const line of plan) expect(line, plan.join(' | ')).not.toMatch(/^SCAN (?!(t|d|w|walk)( |$))/);
      else for (const line of plan) expect(line, plan.join(' | ')).not.toMatch(/^Seq Scan party_day_totals/);
    }
  });

  it("an account's cash book of a day and of a month: its entries, the transfers into it and its day totals", async () => {
    for (const range of [
      { from: '2026-05-05', to: '2026-05-05' },
      { from: '2026-05-01', to: '2026-05-31' },
    ]) {
      const plans = await plansOf(() => cashBook(logged, registry, 1, { ...range, limit: 50 }));
      expectIndexed(plans);
      // The latest rows come in the index's order (Cash last in it since migration 0030), not sorted afterwards.
      if (dialect === 'sqlite') for (const plan of plans) expect(plan.join(' | ')).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("the overview's count of open fires reads the open fires' index, which holds nothing else", async () => {
    const plans = await plansOf(() => countOpen(logged, [{ kind: 'fire', status: 'fire_status' }]));
    expect(plans.length).toBe(1);
    expect(plans[0]!.join(' | ')).toMatch(/entries_open_fire/);
    // A sale is not in it: the index cannot answer for any other kind.
    const other = await explain(
      sql`select count(*) as n from entries where kind = 'msWire' and fire_status = 0 and voided = 0 and void_of is null`.compile(logged),
    );
    expect(other.join(' | ')).not.toMatch(/entries_open_fire/);
  });
});
