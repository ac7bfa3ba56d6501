import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Entries sent late from a phone's outbox: `made_at` is when the entry was made on the phone (the
// client's clock, checked by the server), `created_at` stays when the server received it. Null
// for entries saved at once (made and received are the same moment).
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('entries').addColumn('made_at', 'text').execute();
}
