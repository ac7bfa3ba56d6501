import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { requiredTexts, withIdColumn } from './helpers.ts';

// The day's close (issue 28 part 7): an account's day counted against its book figure. Each close
// keeps the book and counted figures, the difference and its entry (cash short or over), the count
// of notes when there was one, who closed it and when, and, when an admin reopened it, who, when
// and why. `money_accounts.closed_through` is the last day closed of the account (null: none),
// kept by the close and the reopen in their transaction: what every write checks. Frozen as written.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  await requiredTexts(withIdColumn(db.schema.createTable('day_closes'), dialect), ['day', 'closed_by', 'closed_by_id', 'closed_at'])
    .addColumn('account_id', int, (c) => c.notNull())
    .addColumn('book_p', int, (c) => c.notNull())
    .addColumn('counted_p', int, (c) => c.notNull())
    .addColumn('difference_p', int, (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('reason', 'text')
    .addColumn('entry_id', int)
    .addColumn('reopened_at', 'text')
    .addColumn('reopened_by', 'text')
    .addColumn('reopen_reason', 'text')
    .execute();
  await db.schema.createIndex('day_closes_account_day').on('day_closes').columns(['account_id', 'day', 'id']).execute();
  await db.schema.alterTable('money_accounts').addColumn('closed_through', 'text').execute();
}
