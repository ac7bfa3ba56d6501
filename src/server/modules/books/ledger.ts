import { type Kysely, sql } from 'kysely';
import { type KindDef, kinds } from '../../../shared/registry.ts';
import type { DB } from '../../db/schema.ts';

// The party ledger (what a khata keeps): every entry of one partner, with how it moves what they
// owe (+) or are owed (−), the balance brought forward, a running balance, and the closing
// amount. The effect of each kind comes from the registry's `ledger` rule.

function effect() {
  const cases = (kinds as readonly KindDef[])
    .filter((k) => k.ledger)
    .map((k) => {
      const column = k.fields.find((f) => f.name === k.ledger?.field)?.column ?? 'paid_amount_p';
      return sql`when ${sql.lit(k.kind)} then coalesce(${sql.ref(column)}, 0) * ${sql.lit(k.ledger?.sign ?? 1)}`;
    });
  return sql<number>`case kind ${sql.join(cases, sql` `)} else 0 end`;
}

const live = (db: Kysely<DB>) => db.selectFrom('entries').where('voided', '=', 0).where('void_of', 'is', null);

export async function partyLedger(db: Kysely<DB>, partyId: number, from?: string, to?: string) {
  let before = sql<number>`0`;
  if (from) {
    const row = await live(db)
      .where('party_id', '=', partyId)
      .where('issue_date', '<', from)
      .select(sql<number>`coalesce(sum(${effect()}), 0)`.as('opening'))
      .executeTakeFirst();
    before = sql<number>`${Number(row?.opening ?? 0)}`;
  }
  let q = live(db).where('party_id', '=', partyId);
  if (from) q = q.where('issue_date', '>=', from);
  if (to) q = q.where('issue_date', '<=', to);
  const rows = await q
    .select([
      'id',
      'kind',
      'issue_date',
      'total_price_p',
      'paid_amount_p',
      'discount_amount_p',
      'note',
      effect().as('effect_p'),
      sql<number>`${before} + sum(${effect()}) over (order by issue_date, id rows between unbounded preceding and current row)`.as('balance_p'),
    ])
    .orderBy('issue_date')
    .orderBy('id')
    .limit(5000)
    .execute();
  const opening = Number((await sql<{ v: number }>`select ${before} as v`.execute(db)).rows[0]?.v ?? 0);
  const closing = rows.length ? Number(rows[rows.length - 1]?.balance_p) : opening;
  return { opening, closing, rows: rows.map((r) => ({ ...r, effect_p: Number(r.effect_p), balance_p: Number(r.balance_p) })) };
}

/** Every partner with what they owe (+) or are owed (−) across all their entries. */
export async function partyBalances(db: Kysely<DB>) {
  const result = await sql<{ id: number; name: string; catagories: string; balance_p: number; entries: number }>`
    select p.id, p.name, p.catagories, coalesce(b.balance_p, 0) as balance_p, coalesce(b.entries, 0) as entries
    from partners p
    left join (
      select party_id, sum(${effect()}) as balance_p, count(*) as entries
      from entries
      where voided = 0 and void_of is null and party_id is not null
      group by party_id
    ) b on b.party_id = p.id
    order by p.name`.execute(db);
  return result.rows;
}
