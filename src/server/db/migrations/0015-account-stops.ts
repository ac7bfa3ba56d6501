import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { requiredTexts } from './helpers.ts';

// Accounts an admin has stopped (issue 32): a row while the account is stopped, none once resumed;
// who did what and when stays in audit_log. A table of our own beside better-auth's `user` (its
// tables are made by its own migrations, after ours on a new database): docs/decisions/0022.
// Its key is the type of better-auth's user ids: uuid on PostgreSQL (text = uuid does not compare there).
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await requiredTexts(
    db.schema.createTable('account_stops').addColumn('user_id', dialect === 'postgres' ? 'uuid' : 'text', (c) => c.primaryKey()),
    ['stopped_at', 'stopped_by_id', 'stopped_by_name'],
  ).execute();
}
