import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Corrections: a replacement entry names the entry it stands in for (the original is voided by a
// linked reversal in the same transaction), so each shows "corrects #N" / "corrected by #M".
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .alterTable('entries')
    .addColumn('corrects_id', dialect === 'sqlite' ? 'integer' : 'bigint', (c) => c.references('entries.id'))
    .execute();
  await db.schema.createIndex('entries_corrects').on('entries').column('corrects_id').execute();
}
