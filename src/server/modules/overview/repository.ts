import { type Kysely, sql } from 'kysely';
import type { SumColumn } from '../../../shared/entry-columns.ts';
import type { Lifecycle, Registry } from '../../../shared/registry.ts';
import type { DB } from '../../db/schema.ts';

// Reads for the overview: running totals only (modules/books/rollups.ts), never a scan of the
// entries, except the count of open lifecycle entries, which a partial index keeps small
// (migration 0010).

/** A kind that moves cash, the column holding the amount and which way (+1 in, −1 out). */
export interface CashSource {
  kind: string;
  column: SumColumn;
  direction: 1 | -1;
}

/**
 * Every kind that moves cash, from the registry: a kind's own cash field, and the entries a
 * lifecycle writes (an asset's sale: money in, its paid amount).
 */
export function cashSources(registry: Registry): CashSource[] {
  const out: CashSource[] = [];
  for (const k of registry.kinds) {
    // An opening balance is money the books start with, not money in (decision 0041).
    if (k.cash && !k.opening) {
      const field = k.fields.find((f) => f.name === k.cash?.field);
      if (!field) throw new Error(`registry: ${k.kind} has no field ${k.cash.field}`);
      out.push({ kind: k.kind, column: field.column as SumColumn, direction: k.cash.direction });
    }
    const made = k.lifecycle?.entry;
    if (made) out.push({ kind: made.kind, column: made.amount, direction: made.group === 'cashIn' ? 1 : -1 });
  }
  return out;
}

export type CashSums = { cash_in: number; cash_out: number };

/** Cash in and out (poisha) per key: one row per kind and key of the rollup, added up here. */
async function cashBy(
  db: Kysely<DB>,
  sources: readonly CashSource[],
  table: 'kind_day_totals' | 'kind_month_totals',
  key: 'issue_date' | 'month_key',
  where: ReturnType<typeof sql>,
): Promise<Map<string, CashSums>> {
  const out = new Map<string, CashSums>();
  if (sources.length === 0) return out;
  const columns = [...new Set(sources.map((s) => s.column))];
  const rows = (
    await sql<Record<string, unknown>>`select kind, ${sql.ref(key)} as k, ${sql.join(columns.map((c) => sql.ref(c)))}
      from ${sql.table(table)} where kind in (${sql.join([...new Set(sources.map((s) => s.kind))])}) and ${where}`.execute(db)
  ).rows;
  for (const row of rows) {
    const k = String(row.k);
    let slot = out.get(k);
    if (!slot) out.set(k, (slot = { cash_in: 0, cash_out: 0 }));
    for (const s of sources) {
      if (s.kind !== row.kind) continue;
      const v = Number(row[s.column] ?? 0);
      if (s.direction > 0) slot.cash_in += v;
      else slot.cash_out += v;
    }
  }
  return out;
}

/** Cash in and out on one business day. */
export async function cashOnDay(db: Kysely<DB>, sources: readonly CashSource[], day: string): Promise<CashSums> {
  return (await cashBy(db, sources, 'kind_day_totals', 'issue_date', sql`issue_date = ${day}`)).get(day) ?? { cash_in: 0, cash_out: 0 };
}

/** Cash in and out per month from this month (YYYY-MM) on, later months included. */
export function cashByMonthFrom(db: Kysely<DB>, sources: readonly CashSource[], month: string): Promise<Map<string, CashSums>> {
  return cashBy(db, sources, 'kind_month_totals', 'month_key', sql`month_key >= ${month}`);
}

/** The largest balances one way: they owe us (sign 1) or we owe them (sign −1). */
export function topParties(db: Kysely<DB>, sign: 1 | -1, limit: number) {
  return db
    .selectFrom('party_totals as t')
    .innerJoin('partners as p', 'p.id', 't.party_id')
    .select(['p.id', 'p.name', 'p.catagories', 't.effect_p'])
    .where('t.effect_p', sign > 0 ? '>' : '<', 0)
    .orderBy('t.effect_p', sign > 0 ? 'desc' : 'asc')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

/**
 * Live entries of the kinds whose lifecycle has not happened yet (a fire not ended). The
 * literal 0s match the partial index's predicate, so the count reads only open entries.
 */
export async function countOpen(db: Kysely<DB>, kinds: readonly { kind: string; status: Lifecycle['status'] }[]): Promise<number> {
  let n = 0;
  for (const { kind, status } of kinds) {
    // The kind as a literal (a registry name, not input): the planner then sees that the open
    // fires' partial index (migration 0030) covers the query, as it cannot with a bound value.
    const row = await sql<{ n: unknown }>`select count(*) as n from entries
      where kind = ${sql.lit(kind)} and ${sql.ref(status)} = 0 and voided = 0 and void_of is null`.execute(db);
    n += Number(row.rows[0]?.n ?? 0);
  }
  return n;
}
