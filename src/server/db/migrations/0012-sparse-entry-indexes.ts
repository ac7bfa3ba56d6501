import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Four columns of an entry are empty on nearly every row: what it reverses (void_of), what made it
// (ref_id), what it corrects (corrects_id) and its idempotency key (a client's retry key). Their
// indexes held a row for every entry, so each new entry wrote four index pages that no lookup
// ever reads (every lookup asks for a value: `= ?` or `in (…)`). Partial indexes hold only the
// rows that have a value: a write transaction writes a fifth fewer pages to the log, and the
// lookups read the same indexes. The idempotency key stays unique where it is given.
const sparse = [
  { name: 'entries_void_of', column: 'void_of', unique: false },
  { name: 'entries_ref', column: 'ref_id', unique: false },
  { name: 'entries_corrects', column: 'corrects_id', unique: false },
  { name: 'entries_idempotency', column: 'idempotency_key', unique: true },
] as const;

// SQLite runs a migration's statements one by one (no transaction around schema changes): a
// start stopped between a drop and its create runs this again, so a missing index is no error.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const { name, column, unique } of sparse) {
    await db.schema.dropIndex(name).ifExists().execute();
    await sql`create ${sql.raw(unique ? 'unique index' : 'index')} ${sql.ref(name)} on entries (${sql.ref(column)}) where ${sql.ref(column)} is not null`.execute(
      db,
    );
  }
}
