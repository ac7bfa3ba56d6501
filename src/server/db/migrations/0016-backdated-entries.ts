import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Late vouchers (docs/decisions/0021-late-vouchers.md): an entry put on an earlier business day
// than the one it was entered on keeps that day (`entered_on`, the business day of `made_at` or
// `created_at`) and why it was late (`backdate_reason`). Both null for every other entry, so the
// existing books need nothing else.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('entries').addColumn('entered_on', 'text').execute();
  await db.schema.alterTable('entries').addColumn('backdate_reason', 'text').execute();
}
