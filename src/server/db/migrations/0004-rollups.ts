import type { Kysely } from 'kysely';
import { accumulate, applyRollups, rollups as liveRollups } from '../../modules/books/rollups.ts';
import type { Dialect } from '../database.ts';
import type { DB } from '../schema.ts';

// Running totals of the live entries (see modules/books/rollups.ts), filled from the entries
// already written. Only the five tables of this step: later rollups come with their own migration.
const tables = ['kind_day_totals', 'kind_name_day_totals', 'kind_name_totals', 'party_day_totals', 'party_totals'];
const rollups = liveRollups.filter((r) => tables.includes(r.table));

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  for (const r of rollups) {
    let t = db.schema.createTable(r.table);
    for (const k of r.keys) t = t.addColumn(k, k === 'party_id' ? int : 'text', (c) => c.notNull());
    for (const v of r.values) t = t.addColumn(v, int, (c) => c.notNull().defaultTo(0));
    if (r.party) t = t.addColumn('party_id', int);
    await t.addPrimaryKeyConstraint(`${r.table}_pk`, [...r.keys] as never[]).execute();
  }
  // Backfill in slices, so years of books do not need to fit in memory at once.
  const books = db as unknown as Kysely<DB>;
  for (let after = 0; ; ) {
    const rows = await books.selectFrom('entries').selectAll().where('id', '>', after).orderBy('id').limit(20_000).execute();
    if (rows.length === 0) break;
    const acc = accumulate(rows, 1);
    for (const r of acc.keys()) if (!rollups.includes(r)) acc.delete(r);
    await applyRollups(books, acc);
    after = Number(rows[rows.length - 1]?.id);
  }
}
