import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { SUM_COLUMNS, type SumColumn } from '../books/rollups.ts';

// Reads the production rollups (modules/books/rollups.ts): whole months from the month tables,
// the partial months at a range's ends from the day tables, so a range costs a few hundred rows
// whatever the size of the books.

export type Source = 'kind' | 'pot' | 'fireMan';

const sources: Record<Source, { month: string; day: string; key: string | null }> = {
  kind: { month: 'kind_month_totals', day: 'kind_day_totals', key: null },
  pot: { month: 'pot_month_totals', day: 'pot_day_totals', key: 'pot_key' },
  fireMan: { month: 'fire_man_month_totals', day: 'fire_man_day_totals', key: 'fire_man_key' },
};

export type Sums = Record<'count' | SumColumn, number>;
export interface MonthSums {
  kind: string;
  /** The pot or fire man ('' for kinds). */
  key: string;
  month: string;
  sums: Sums;
}

const dayAfter = (date: string, days: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
export const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
export const monthEnd = (date: string) => dayAfter(monthStart(dayAfter(`${date.slice(0, 7)}-28`, 4)), -1);

/** Counts and sums of the kinds over [from, to], per month and per key of the source. */
export async function sumsByMonth(db: Kysely<DB>, source: Source, kinds: readonly string[], from: string, to: string): Promise<MonthSums[]> {
  if (kinds.length === 0) return [];
  const s = sources[source];
  const key = s.key ? sql.ref(s.key) : sql.lit('');
  const values = ['count', ...SUM_COLUMNS] as const;
  const firstFull = from === monthStart(from) ? from : monthStart(dayAfter(monthEnd(from), 1));
  const lastFullEnd = to === monthEnd(to) ? to : dayAfter(monthStart(to), -1);
  const queries = [];
  if (firstFull <= lastFullEnd) {
    queries.push(sql<Record<string, unknown>>`select kind, ${key} as key, month_key as month, ${sql.join(values.map((v) => sql.ref(v)))}
      from ${sql.table(s.month)} where kind in (${sql.join(kinds)}) and month_key >= ${firstFull.slice(0, 7)} and month_key <= ${lastFullEnd.slice(0, 7)}`);
  }
  const partial: [string, string][] = firstFull <= lastFullEnd ? [[from, dayAfter(firstFull, -1)], [dayAfter(lastFullEnd, 1), to]] : [[from, to]];
  for (const [a, b] of partial) {
    if (a > b) continue;
    queries.push(sql<Record<string, unknown>>`select kind, ${key} as key, substr(issue_date, 1, 7) as month, ${sql.join(values.map((v) => sql`sum(${sql.ref(v)}) as ${sql.ref(v)}`))}
      from ${sql.table(s.day)} where kind in (${sql.join(kinds)}) and issue_date >= ${a} and issue_date <= ${b}
      group by ${sql.join([sql.ref('kind'), ...(s.key ? [sql.ref(s.key)] : []), sql`substr(issue_date, 1, 7)`])}`);
  }
  const out: MonthSums[] = [];
  for (const q of queries) {
    for (const row of (await q.execute(db)).rows) {
      out.push({ kind: String(row.kind), key: String(row.key ?? ''), month: String(row.month), sums: Object.fromEntries(values.map((v) => [v, Number(row[v] ?? 0)])) as Sums });
    }
  }
  return out;
}

/** A pot's last day with live entries of the kinds, on or before `to`. */
export async function lastDay(db: Kysely<DB>, kinds: readonly string[], pot: string, to: string): Promise<string | null> {
  if (kinds.length === 0) return null;
  const row = await db
    .selectFrom('pot_day_totals')
    .select('issue_date')
    .where('kind', 'in', kinds)
    .where('pot_key', '=', pot)
    .where('issue_date', '<=', to)
    .where('count', '>', 0)
    .orderBy('issue_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.issue_date ?? null;
}

/** How many live entries of the kinds a pot has from `from` (or its first) to `to`. */
export async function countBetween(db: Kysely<DB>, kinds: readonly string[], pot: string, from: string | null, to: string): Promise<number> {
  if (kinds.length === 0) return 0;
  let q = db.selectFrom('pot_day_totals').where('kind', 'in', kinds).where('pot_key', '=', pot).where('issue_date', '<=', to);
  if (from) q = q.where('issue_date', '>=', from);
  const row = await q.select(sql<number>`coalesce(sum(count), 0)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}
