import type { Kysely } from 'kysely';

// Failed sign-ins per account, and the addresses each account has signed in from: sign-in is
// throttled per account as well as per address, on every instance alike (docs/decisions/0009-write-path.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sign_in_addresses')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_addresses_pk', ['email', 'ip'])
    .execute();
}
