import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// The overview (modules/overview): the largest balances each way read party_totals in order of
// effect_p; open fires are counted from a partial index of the live entries not yet ended, so the
// count reads only the open ones whatever the size of the books.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.createIndex('party_totals_effect').on('party_totals').columns(['effect_p', 'party_id']).execute();
  await sql`create index entries_open_fire on entries (kind) where fire_status = 0 and voided = 0 and void_of is null`.execute(db);
}
