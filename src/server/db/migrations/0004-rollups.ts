import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Running totals of the live entries (see modules/books/rollups.ts), filled from the entries
// already written. Frozen: the tables, the summed columns and the ledger rules as they were when
// this migration was written; later changes to the live code never change what it does.

const SUMS = ['qunatity_milli', 'weight_g', 'price_p', 'total_price_p', 'paid_amount_p', 'discount_amount_p', 'due_amount_p', 'sold_amount_p'];

/** How each kind moved what its party owed, as of this migration. */
const LEDGER: Record<string, [column: string, sign: number]> = {
  furnace: ['due_amount_p', 1],
  msWire: ['due_amount_p', 1],
  giWire: ['due_amount_p', 1],
  investor: ['paid_amount_p', -1],
  partnerPayment: ['paid_amount_p', 1],
  woodPowder: ['due_amount_p', -1],
  wireCost: ['due_amount_p', -1],
  acid: ['due_amount_p', -1],
};

const TABLES: { table: string; keys: string[]; values: string[]; party?: boolean; partyOnly?: boolean }[] = [
  { table: 'kind_day_totals', keys: ['kind', 'issue_date'], values: ['count', ...SUMS] },
  { table: 'kind_name_day_totals', keys: ['kind', 'name_key', 'issue_date'], values: ['count', ...SUMS] },
  { table: 'kind_name_totals', keys: ['kind', 'name_key'], values: ['count'], party: true },
  { table: 'party_day_totals', keys: ['party_id', 'issue_date'], values: ['count', 'effect_p'], partyOnly: true },
  { table: 'party_totals', keys: ['party_id'], values: ['count', 'effect_p'], partyOnly: true },
];

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  const effect = sql.raw(
    `case ${Object.entries(LEDGER)
      .map(([kind, [column, sign]]) => `when kind = '${kind}' then ${sign} * coalesce(${column}, 0)`)
      .join(' ')} else 0 end`,
  );
  for (const r of TABLES) {
    let t = db.schema.createTable(r.table);
    for (const k of r.keys) t = t.addColumn(k, k === 'party_id' ? int : 'text', (c) => c.notNull());
    for (const v of r.values) t = t.addColumn(v, int, (c) => c.notNull().defaultTo(0));
    if (r.party) t = t.addColumn('party_id', int);
    await t.addPrimaryKeyConstraint(`${r.table}_pk`, r.keys as never[]).execute();

    const keyExprs = r.keys.map((k) => (k === 'name_key' ? sql`coalesce(name, '')` : sql.ref(k)));
    const valueExprs = r.values.map((v) => (v === 'count' ? sql`count(*)` : v === 'effect_p' ? sql`sum(${effect})` : sql`coalesce(sum(${sql.ref(v)}), 0)`));
    const cols = [...r.keys, ...r.values, ...(r.party ? ['party_id'] : [])];
    await sql`insert into ${sql.table(r.table)} (${sql.join(cols.map((c) => sql.ref(c)))})
      select ${sql.join([...keyExprs, ...valueExprs, ...(r.party ? [sql`max(party_id)`] : [])])}
      from entries where voided = 0 and void_of is null ${r.partyOnly ? sql`and party_id is not null` : sql``}
      group by ${sql.join(keyExprs)}`.execute(db);
  }
}
