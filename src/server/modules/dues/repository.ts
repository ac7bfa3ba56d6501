import { type Kysely, sql } from 'kysely';
import { daysBefore } from '../../../shared/backdate.ts';
import { dueBuckets } from '../../../shared/dues-api.ts';
import type { DB } from '../../db/schema.ts';

// Reads of the due list: running totals only (party_totals, party_day_totals; decision 0007), never
// the entries. `sign` is the side: 1, what parties owe us (their positive effects are dues, the
// negative ones payments); −1, what we owe them (the other way round).

const dueColumn = (sign: 1 | -1) => sql.ref(sign > 0 ? 'up_p' : 'down_p');
const paidColumn = (sign: 1 | -1) => sql.ref(sign > 0 ? 'down_p' : 'up_p');

/**
 * A step of a party's walk over its unpaid days (`back` 1: newest first, every day walked, with what
 * it `raised` and the `rest` still owed from it back), or the one row of a walk forward (`back` 0:
 * the oldest unpaid day, and what the age buckets' days raised: r0, r1, r2).
 */
export interface DueAge {
  party_id: unknown;
  due: unknown;
  back: unknown;
  issue_date: string;
  raised: unknown;
  rest: unknown;
  /** Raised in the days 0–30, 31–60 and 61–90 days before `asOf` (the buckets, decision 0031); walks forward only. */
  r0: unknown;
  r1: unknown;
  r2: unknown;
}

/**
 * Each party's due on `asOf` and its age. Payments go to the oldest dues, so what is owed is the
 * latest dues. The oldest unpaid day is found by a walk over the party's days that raised a due,
 * one index seek a step, from whichever end is nearer by money: back from `asOf` while the due is
 * no more than what was paid (a client who pays: the days walked are the unpaid ones, and give the
 * buckets), or forward from the first day while what was paid is less (an investor never repaid:
 * one step where a walk back took every day; the buckets are then what their days raised, newest
 * first, service.ts). P10 at 1,000,000 entries and 2,000 parties: see decision 0043. Running
 * totals only (party_totals, party_day_totals; decision 0007), never the entries.
 */
export async function dueAges(db: Kysely<DB>, sign: 1 | -1, asOf: string): Promise<DueAge[]> {
  const raised = dueColumn(sign);
  const paid = paidColumn(sign);
  /** The next day of the walk that raised a due: before `day` going back, after it going forward (up to `asOf`). */
  const next = (party: ReturnType<typeof sql>, bound: ReturnType<typeof sql>, order: 'asc' | 'desc') =>
    sql`(select q.issue_date from party_day_totals q where q.party_id = ${party} and ${bound} and q.${raised} > 0 order by q.issue_date ${sql.raw(order)} limit 1)`;
  const raisedOn = sql`(select r.${raised} from party_day_totals r where r.party_id = w.party_id and r.issue_date = w.issue_date)`;
  /** What the party raised from `from` to `to`, both included. */
  const raisedIn = (from: string, to: string) =>
    sql`(select coalesce(sum(b.${raised}), 0) from party_day_totals b where b.party_id = w.party_id and b.issue_date >= ${from} and b.issue_date <= ${to})`;
  // The buckets' days: the first three buckets' edges (dueBuckets: 30, 60, 90 days), each from the day after the one before.
  const [{ upTo: to0 }, { upTo: to1 }, { upTo: to2 }] = dueBuckets;
  const edge = (days: number) => daysBefore(asOf, days);
  const rows = await sql<DueAge>`with recursive
    totals (party_id, due, paid) as materialized (
      select t.party_id, cast((t.effect_p - coalesce(sum(a.effect_p), 0)) * ${sign} as bigint), cast(t.${paid} - coalesce(sum(a.${paid}), 0) as bigint)
      from party_totals t left join party_day_totals a on a.party_id = t.party_id and a.issue_date > ${asOf}
      group by t.party_id, t.effect_p, t.${paid}
    ),
    walk (party_id, due, back, issue_date, rest) as (
      select d.party_id, d.due, case when d.due <= d.paid then 1 else 0 end,
        case when d.due <= d.paid then ${next(sql`d.party_id`, sql`q.issue_date <= ${asOf}`, 'desc')}
          else ${next(sql`d.party_id`, sql`q.issue_date <= ${asOf}`, 'asc')} end,
        case when d.due <= d.paid then d.due else d.paid end
      from totals d
      where d.due > 0
      union all
      select w.party_id, w.due, w.back,
        case when w.back = 1 then ${next(sql`w.party_id`, sql`q.issue_date < w.issue_date`, 'desc')}
          else ${next(sql`w.party_id`, sql`q.issue_date > w.issue_date and q.issue_date <= ${asOf}`, 'asc')} end,
        w.rest - ${raisedOn}
      from walk w
      where w.issue_date is not null and (case when w.back = 1 then w.rest > ${raisedOn} else w.rest >= ${raisedOn} end)
    )
    select w.party_id, w.due, w.back, w.issue_date, w.rest,
      case when w.back = 1 then ${raisedOn} end as raised,
      case when w.back = 0 then ${raisedIn(edge(to0), asOf)} end as r0,
      case when w.back = 0 then ${raisedIn(edge(to1), edge(to0 + 1))} end as r1,
      case when w.back = 0 then ${raisedIn(edge(to2), edge(to1 + 1))} end as r2
    from walk w
    where w.issue_date is not null and (w.back = 1 or w.rest < ${raisedOn})`.execute(db);
  return rows.rows;
}

/** The parties' names, categories and credit limits, and the last day on or before `asOf` that brought their due down. */
export async function dueParties(db: Kysely<DB>, sign: 1 | -1, asOf: string, ids: readonly number[]) {
  const out = [];
  // A few hundred ids a statement: well under either database's bound-parameter limit.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    out.push(
      ...(await db
        .selectFrom('partners as p')
        .select(['p.id', 'p.name', 'p.catagories', 'p.credit_limit_p'])
        .select(
          sql<string | null>`(select q.issue_date from party_day_totals q where q.party_id = p.id and q.issue_date <= ${asOf}
            and q.${paidColumn(sign)} > 0 order by q.issue_date desc limit 1)`.as('last_payment_date'),
        )
        .where('p.id', 'in', chunk)
        .execute()),
    );
  }
  return out;
}
