import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';
import { requiredTexts, withIdColumn } from './helpers.ts';

// Money accounts (issue 28): where the money is. Cash in hand (id 1) always exists; an admin adds
// bank accounts and mobile wallets. Every entry says which account its money went through
// (`account_id`, Cash for every entry written before), and two running totals give each account's
// balance and each day's money in and out (the cash book). Frozen as written.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  await requiredTexts(withIdColumn(db.schema.createTable('money_accounts'), dialect), ['name', 'name_key', 'type', 'created_at', 'updated_at'])
    .addColumn('bank', 'text')
    .addColumn('branch', 'text')
    .addColumn('number', 'text')
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('money_accounts_name_key').unique().on('money_accounts').column('name_key').execute();
  const now = new Date().toISOString();
  // Cash in hand is account 1 (an identity column on PostgreSQL takes an explicit id only when asked).
  await sql`insert into money_accounts (${sql.raw(dialect === 'sqlite' ? 'id, ' : '')}name, name_key, type, created_at, updated_at)
    ${sql.raw(dialect === 'sqlite' ? '' : 'overriding system value ')}values (${sql.raw(dialect === 'sqlite' ? '1, ' : '')}'Cash in hand', 'cash in hand', 'cash', ${now}, ${now})`.execute(
    db,
  );

  await db.schema
    .alterTable('entries')
    .addColumn('account_id', int, (c) => c.notNull().defaultTo(1))
    .execute();

  for (const [table, keys] of [
    ['account_day_totals', ['account_id', 'issue_date']],
    ['account_totals', ['account_id']],
  ] as const) {
    let t = db.schema.createTable(table);
    for (const k of keys) t = t.addColumn(k, k === 'account_id' ? int : 'text', (c) => c.notNull());
    for (const v of ['count', 'cash_in_p', 'cash_out_p']) t = t.addColumn(v, int, (c) => c.notNull().defaultTo(0));
    await t.addPrimaryKeyConstraint(`${table}_pk`, keys as unknown as never[]).execute();
    const keyCols = keys.map((k) => sql.ref(k));
    await sql`insert into ${sql.table(table)} (${sql.join([...keyCols, sql.ref('count'), sql.ref('cash_in_p'), sql.ref('cash_out_p')])})
      select ${sql.join(keyCols)}, count(*), coalesce(sum(case when cash_p > 0 then cash_p else 0 end), 0), coalesce(sum(case when cash_p < 0 then -cash_p else 0 end), 0)
      from entries where voided = 0 and void_of is null and cash_p <> 0 group by ${sql.join(keyCols)}`.execute(db);
  }
}
