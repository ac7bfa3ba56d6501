import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SumColumn } from '../../../shared/entry-columns.ts';

// Reads the production rollups (modules/books/rollups.ts): whole months from the month tables,
// the partial months at a range's ends from the day tables, so a range costs a few hundred rows
// whatever the size of the books.

export type Source = 'kind' | 'pot' | 'fireMan';

const sources: Record<Source, { month: string; day: string; key: string | null }> = {
  kind: { month: 'kind_month_totals', day: 'kind_day_totals', key: null },
  pot: { month: 'pot_month_totals', day: 'pot_day_totals', key: 'pot_key' },
  fireMan: { month: 'fire_man_month_totals', day: 'fire_man_day_totals', key: 'fire_man_key' },
};

export type Sums = Partial<Record<'count' | SumColumn, number>>;
export interface KeySums {
  kind: string;
  /** The pot or fire man ('' for kinds). */
  key: string;
  /** YYYY-MM, or '' when not split by month. */
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

/**
 * Counts and the given column sums of the kinds over [from, to], per kind and key of the source,
 * and per month when asked. The database adds up; at most three small reads.
 */
export async function rangeSums(
  db: Kysely<DB>,
  opts: { source: Source; kinds: readonly string[]; columns: readonly SumColumn[]; from: string; to: string; byMonth: boolean },
): Promise<KeySums[]> {
  const { kinds, from, to } = opts;
  if (kinds.length === 0) return [];
  const s = sources[opts.source];
  const values = ['count', ...new Set(opts.columns)] as const;
  const sums = sql.join(values.map((v) => sql`sum(${sql.ref(v)}) as ${sql.ref(v)}`));
  const firstFull = from === monthStart(from) ? from : monthStart(dayAfter(monthEnd(from), 1));
  const lastFullEnd = to === monthEnd(to) ? to : dayAfter(monthStart(to), -1);
  const read = (table: string, month: RawBuilder<unknown>, where: RawBuilder<unknown>) => {
    // PostgreSQL refuses a constant in GROUP BY: the kinds' table has no key to group by.
    const groups = [sql.ref('kind'), ...(s.key ? [sql.ref(s.key)] : []), ...(opts.byMonth ? [month] : [])];
    return sql<Record<string, unknown>>`select kind, ${s.key ? sql.ref(s.key) : sql.lit('')} as key, ${opts.byMonth ? month : sql.lit('')} as month, ${sums}
      from ${sql.table(table)} where kind in (${sql.join(kinds)}) and ${where} group by ${sql.join(groups)}`;
  };
  const queries = [];
  if (firstFull <= lastFullEnd) {
    queries.push(read(s.month, sql.ref('month_key'), sql`month_key >= ${firstFull.slice(0, 7)} and month_key <= ${lastFullEnd.slice(0, 7)}`));
  }
  const partial: [string, string][] =
    firstFull <= lastFullEnd
      ? [
          [from, dayAfter(firstFull, -1)],
          [dayAfter(lastFullEnd, 1), to],
        ]
      : [[from, to]];
  for (const [a, b] of partial) {
    if (a <= b) queries.push(read(s.day, sql`substr(issue_date, 1, 7)`, sql`issue_date >= ${a} and issue_date <= ${b}`));
  }
  const out: KeySums[] = [];
  for (const q of queries) {
    for (const row of (await q.execute(db)).rows) {
      out.push({
        kind: String(row.kind),
        key: String(row.key ?? ''),
        month: String(row.month ?? ''),
        sums: Object.fromEntries(values.map((v) => [v, Number(row[v] ?? 0)])),
      });
    }
  }
  return out;
}

export interface PotHistory {
  pot: string;
  last_fired: string | null;
  last_repaired: string | null;
  /** Firings from the day of the last repair (or the first firing) to `to`. */
  since: number;
}

/**
 * Each pot's last firing and last repair on or before `to`, and its firings since that repair:
 * index seeks on the pot-by-day totals (kind, pot, day), in one statement for all the pots.
 */
export async function potHistory(
  db: Kysely<DB>,
  opts: { firing: readonly string[]; repair: readonly string[]; pots: readonly string[]; to: string },
): Promise<PotHistory[]> {
  const { firing, repair, pots, to } = opts;
  if (pots.length === 0 || firing.length === 0) return [];
  const last = (kinds: readonly string[]) =>
    kinds.length === 0
      ? sql`null`
      : sql`(select d.issue_date from pot_day_totals d where d.kind in (${sql.join(kinds)}) and d.pot_key = p.pot_key and d.issue_date <= ${to} and d.count > 0 order by d.issue_date desc limit 1)`;
  const out: PotHistory[] = [];
  // A few hundred pots a statement keeps within every database's bound-parameter limit.
  for (let i = 0; i < pots.length; i += 500) {
    const list = sql.join(pots.slice(i, i + 500).map((pot) => sql`(cast(${pot} as text))`));
    const { rows } = await sql<{ pot_key: string; last_fired: string | null; last_repaired: string | null; since: unknown }>`
      with p(pot_key) as (values ${list}),
      l as (select p.pot_key, ${last(firing)} as last_fired, ${last(repair)} as last_repaired from p)
      select l.pot_key, l.last_fired, l.last_repaired,
        (select coalesce(sum(d.count), 0) from pot_day_totals d where d.kind in (${sql.join(firing)}) and d.pot_key = l.pot_key
          and d.issue_date <= ${to} and d.issue_date >= coalesce(l.last_repaired, '')) as since
      from l`.execute(db);
    for (const r of rows) out.push({ pot: r.pot_key, last_fired: r.last_fired, last_repaired: r.last_repaired, since: Number(r.since) });
  }
  return out;
}
