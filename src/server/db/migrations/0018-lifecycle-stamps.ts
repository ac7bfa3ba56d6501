import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// When a lifecycle happened and who did it (issue 32: a fire's end time is a time): the server's
// clock and the signed-in name, stamped when a fire is ended or an asset sold, cleared with the
// sale's void. Null for entries ended before this (their end note is all there is). Frozen as written.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('entries').addColumn('lifecycle_at', 'text').execute();
  await db.schema.alterTable('entries').addColumn('lifecycle_by', 'text').execute();
}
