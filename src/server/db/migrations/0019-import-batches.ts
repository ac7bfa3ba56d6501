import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { requiredTexts, withIdColumn } from './helpers.ts';

// Imports from the old system (issue 30, docs/decisions/0030-old-system-import.md): each import is
// one batch (who, when, from where, how many); every partner and entry it wrote keeps the old
// record's key (`<collection>:<_id>`) and its batch, so importing the same export again, or one
// that overlaps it, writes only what is not in yet. Null on everything typed in. Frozen as written.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await requiredTexts(withIdColumn(db.schema.createTable('import_batches'), dialect), ['source', 'created_at', 'created_by_id', 'created_by_name'])
    .addColumn('partners', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('entries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('users', 'integer', (c) => c.notNull().defaultTo(0))
    // Voided as a unit: when, by whom, why (null while it stands).
    .addColumn('voided_at', 'text')
    .addColumn('voided_by_name', 'text')
    .addColumn('void_reason', 'text')
    .execute();
  const id = dialect === 'sqlite' ? 'integer' : 'bigint';
  for (const table of ['entries', 'partners']) {
    await db.schema.alterTable(table).addColumn('import_key', 'text').execute();
    await db.schema.alterTable(table).addColumn('import_batch', id).execute();
    // Sparse: only imported rows have a key; one row per old record.
    await sql`create unique index if not exists ${sql.raw(`${table}_import_key`)} on ${sql.raw(table)} (import_key) where import_key is not null`.execute(db);
  }
}
