import { type Kysely, sql } from 'kysely';
import type { Registry } from '../../../shared/registry.ts';
import type { DB } from '../../db/schema.ts';
import { withVoidDetails } from './repository.ts';
import { ledgerEffect } from './rollups.ts';

// The party ledger (what a khata keeps): every entry of one partner, with how it moves what they
// owe (+) or are owed (−), the balance brought forward, a running balance, and the closing
// amount. The effect of each kind comes from the registry's `ledger` rule; opening and closing
// come from the per-partner daily rollup, so they stay exact however many rows are shown.

/** The partner's summed effect and entry count over days in [from, to], or before `before`. */
async function effectBetween(db: Kysely<DB>, partyId: number, range: { from?: string | undefined; to?: string | undefined; before?: string }) {
  let q = db.selectFrom('party_day_totals').where('party_id', '=', partyId);
  if (range.from) q = q.where('issue_date', '>=', range.from);
  if (range.to) q = q.where('issue_date', '<=', range.to);
  if (range.before) q = q.where('issue_date', '<', range.before);
  const row = await q.select([sql<number>`coalesce(sum(effect_p), 0)`.as('effect'), sql<number>`coalesce(sum(count), 0)`.as('count')]).executeTakeFirst();
  return { effect: Number(row?.effect ?? 0), count: Number(row?.count ?? 0) };
}

/**
 * One partner's account over [from, to]: opening (before `from`), closing, how many live entries
 * the range has, and its latest `limit` entries (voided ones included, moving nothing) with their running balance. When the range has more
 * entries than that, `carried` is the balance just before the first row shown.
 */
export async function partyLedger(
  db: Kysely<DB>,
  registry: Registry,
  partyId: number,
  opts: { from?: string | undefined; to?: string | undefined; limit: number },
) {
  const opening = opts.from ? (await effectBetween(db, partyId, { before: opts.from })).effect : 0;
  const range = await effectBetween(db, partyId, opts);
  // Voided entries stay listed (struck through, with who voided them) and move nothing.
  let q = db.selectFrom('entries').where('party_id', '=', partyId).where('void_of', 'is', null);
  if (opts.from) q = q.where('issue_date', '>=', opts.from);
  if (opts.to) q = q.where('issue_date', '<=', opts.to);
  const latest = await q
    .select([
      'id',
      'kind',
      'issue_date',
      'total_price_p',
      'paid_amount_p',
      'discount_amount_p',
      'due_amount_p',
      'note',
      'voided',
      'corrects_id',
      'entered_on',
      'backdate_reason',
      'account_id',
    ])
    .orderBy('issue_date', 'desc')
    .orderBy('id', 'desc')
    .limit(opts.limit)
    .execute();
  const closing = opening + range.effect;
  // Object.assign, not a spread, to widen a row: see emptyEntry in context.ts.
  const rows = (await withVoidDetails(db, latest.reverse())).map((r) => Object.assign({}, r, { effect_p: Number(r.voided) ? 0 : ledgerEffect(registry, r) }));
  let balance = closing - rows.reduce((s, r) => s + r.effect_p, 0);
  const carried = balance;
  return {
    opening,
    closing,
    count: range.count,
    carried,
    rows: rows.map((r) => Object.assign(r, { balance_p: (balance += r.effect_p) })),
  };
}

/** Every partner with what they owe (+) or are owed (−) across all their entries. */
export function partyBalances(db: Kysely<DB>) {
  return db
    .selectFrom('partners as p')
    .leftJoin('party_totals as t', 't.party_id', 'p.id')
    .select(['p.id', 'p.name', 'p.catagories', sql<number>`coalesce(t.effect_p, 0)`.as('balance_p'), sql<number>`coalesce(t.count, 0)`.as('entries')])
    .orderBy('p.name')
    .execute();
}
