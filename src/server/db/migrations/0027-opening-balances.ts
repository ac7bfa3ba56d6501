import type { Kysely } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Opening balances (issue 30 item 2, docs/decisions/0041-spreadsheets-and-opening-balances.md): an
// opening due says which way it goes, `side` ('Receivable': the party owes the factory;
// 'Payable': the factory owes the party); null on every other entry. Frozen as written.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('entries').addColumn('side', 'text').execute();
}
