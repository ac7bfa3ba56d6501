import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { withIdColumn } from './helpers.ts';

// Who changed what and when: role changes, and later voids, fire ends, asset sales, partner edits.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('audit_log'), dialect)
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_log_subject').on('audit_log').columns(['subject_kind', 'subject_id']).execute();
}
