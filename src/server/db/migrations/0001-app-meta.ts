import type { Kysely } from 'kysely';

// Facts about this installation (the generated auth secret, schema notes). Small and key-valued.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}
