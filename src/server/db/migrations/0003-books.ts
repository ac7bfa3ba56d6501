import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { requiredTexts, withIdColumn } from './helpers.ts';

// The books: partners, every money / stock / fire entry in one table (columns per the registry),
// and the running summary kept in the same transaction as each entry.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const money = dialect === 'sqlite' ? 'integer' : 'bigint';

  await requiredTexts(withIdColumn(db.schema.createTable('partners'), dialect), [
    'catagories',
    'name',
    'fname',
    'mname',
    'address',
    'contact',
    'nid',
    'assigned_salary',
  ])
    .addColumn('user_note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // One name per category, whatever its case ("Rahim" and "rahim" are the same client).
  await sql`create unique index partners_category_name on partners (catagories, lower(name))`.execute(db);

  await requiredTexts(withIdColumn(db.schema.createTable('entries'), dialect), ['kind', 'issue_date', 'issued_by', 'author_id', 'created_at'])
    .addColumn('party_id', 'integer', (c) => c.references('partners.id'))
    .addColumn('name', 'text')
    .addColumn('note', 'text')
    .addColumn('qunatity_milli', money)
    .addColumn('size', 'text')
    .addColumn('weight_g', money)
    .addColumn('price_p', money)
    .addColumn('total_price_p', money)
    .addColumn('paid_amount_p', money)
    .addColumn('discount_amount_p', money)
    .addColumn('due_amount_p', money)
    .addColumn('month', 'text')
    .addColumn('assigned_salary', 'text')
    .addColumn('absent', 'text')
    .addColumn('roll', 'text')
    .addColumn('pot_number', 'text')
    .addColumn('fire_man', 'text')
    .addColumn('fire_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('fire_time', 'text')
    .addColumn('sold_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sold_amount_p', money)
    // The effect of this row on the books, fixed when it is written.
    .addColumn('cash_p', money, (c) => c.notNull().defaultTo(0))
    .addColumn('stock_g', money, (c) => c.notNull().defaultTo(0))
    // Corrections: a void writes a reversal row pointing at the original, and marks it.
    .addColumn('voided', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('void_of', 'integer', (c) => c.references('entries.id'))
    .addColumn('ref_id', 'integer', (c) => c.references('entries.id'))
    .addColumn('void_reason', 'text')
    .addColumn('idempotency_key', 'text')
    .execute();
  await db.schema.createIndex('entries_kind_date').on('entries').columns(['kind', 'issue_date', 'id']).execute();
  await db.schema.createIndex('entries_kind_name_date').on('entries').columns(['kind', 'name', 'issue_date', 'id']).execute();
  await db.schema.createIndex('entries_party_date').on('entries').columns(['party_id', 'issue_date', 'id']).execute();
  await db.schema.createIndex('entries_void_of').on('entries').column('void_of').execute();
  await db.schema.createIndex('entries_ref').on('entries').column('ref_id').execute();
  await db.schema.createIndex('entries_idempotency').unique().on('entries').column('idempotency_key').execute();

  await db.schema
    .createTable('ledger_summary')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('balance_p', money, (c) => c.notNull())
    .addColumn('stock_g', money, (c) => c.notNull())
    .addColumn('entry_count', money, (c) => c.notNull())
    .execute();
  await sql`insert into ledger_summary (id, balance_p, stock_g, entry_count) values (1, 0, 0, 0)`.execute(db);
}
