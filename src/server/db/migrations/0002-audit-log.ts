import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { requiredTexts, withIdColumn } from './helpers.ts';

// Who changed what and when: role changes, and later voids, fire ends, asset sales, partner edits.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await requiredTexts(withIdColumn(db.schema.createTable('audit_log'), dialect), ['at', 'actor_id', 'actor_name', 'action', 'subject_kind', 'subject_id'])
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .execute();
  await db.schema.createIndex('audit_log_subject').on('audit_log').columns(['subject_kind', 'subject_id']).execute();
}
