import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../dialect.ts';

// Dues with ageing and credit limits (issue 29, docs/decisions/0031-dues-and-credit-limits.md).
// A party's day of the ledger keeps, beside its net effect, what it raised (the positive effects:
// a client's sale on credit, what we owe for a purchase is negative) and what it brought down, so
// the due list can apply payments to the oldest dues first without reading entries. A partner may
// carry a credit limit (poisha) and be set to refuse a sale past it. Frozen: the ledger rules as
// they were when this migration was written.

const LEDGER: Record<string, [column: string, sign: number]> = {
  furnace: ['due_amount_p', 1],
  msWire: ['due_amount_p', 1],
  giWire: ['due_amount_p', 1],
  investor: ['paid_amount_p', -1],
  paymentReceived: ['paid_amount_p', -1],
  partnerPayment: ['paid_amount_p', 1],
  woodPowder: ['due_amount_p', -1],
  wireCost: ['due_amount_p', -1],
  acid: ['due_amount_p', -1],
};

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const int = dialect === 'sqlite' ? 'integer' : 'bigint';
  await db.schema.alterTable('partners').addColumn('credit_limit_p', int).execute();
  await db.schema
    .alterTable('partners')
    .addColumn('refuse_past_limit', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of ['up_p', 'down_p']) {
    await db.schema
      .alterTable('party_day_totals')
      .addColumn(column, int, (c) => c.notNull().defaultTo(0))
      .execute();
  }
  const effect = sql.raw(
    `case ${Object.entries(LEDGER)
      .map(([kind, [column, sign]]) => `when e.kind = '${kind}' then ${sign} * coalesce(e.${column}, 0)`)
      .join(' ')} else 0 end`,
  );
  const sums = (positive: boolean) =>
    sql`coalesce((select sum(case when ${effect} ${sql.raw(positive ? '>' : '<')} 0 then ${sql.raw(positive ? '' : '-')}(${effect}) else 0 end)
      from entries e where e.party_id = party_day_totals.party_id and e.issue_date = party_day_totals.issue_date
      and e.voided = 0 and e.void_of is null), 0)`;
  await sql`update party_day_totals set up_p = ${sums(true)}, down_p = ${sums(false)}`.execute(db);
}
