import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Transfers between money accounts (issue 28 part 3): a transfer is one entry whose money leaves
// its `account_id` and arrives in `to_account_id` (null on every other entry). The cash book
// (part 6) lists an account's entries of a day or a range: one index for the money entries of an
// account by day, and a sparse one for the transfers into an account (only they have the column
// filled). Frozen as written.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('entries')
    .addColumn('to_account_id', dialect === 'sqlite' ? 'integer' : 'bigint')
    .execute();
  // Only entries that move money (not fires, not stock) are in the cash book: the rest stay out of the index.
  await sql`create index if not exists entries_account_day on entries (account_id, issue_date, id) where cash_p <> 0 or to_account_id is not null`.execute(db);
  await sql`create index if not exists entries_to_account_day on entries (to_account_id, issue_date, id) where to_account_id is not null`.execute(db);
}
