import type { Kysely } from 'kysely';
import { todayIn } from '../../../shared/dates.ts';
import { daysBetween } from '../../../shared/backdate.ts';
import { type DueRow, type DueSide, type Dues, bucketOf } from '../../../shared/dues-api.ts';
import { toDecimal, units } from '../../../shared/money.ts';
import type { DB } from '../../db/schema.ts';
import { lastAnswers, lastReminders } from '../share/repository.ts';
import * as repo from './repository.ts';

// The due list with ageing (docs/decisions/0031-dues-and-credit-limits.md).

const money = (poisha: number) => toDecimal(poisha, units.money);

type Aged = { due: number; d0_30: number; d31_60: number; d61_90: number; d90_plus: number; oldest: string };

/**
 * Each party's due split by age (repository.dueAges): a walk back gives its days, each counting up to
 * what is still owed from it back (the rest was paid); a walk forward gives the buckets' days' raises,
 * taken newest first until the due is covered, the rest over 90 days.
 */
export function ageDues(ages: readonly repo.DueAge[], asOf: string): Map<number, Aged> {
  const out = new Map<number, Aged>();
  for (const s of ages) {
    const id = Number(s.party_id);
    const due = Number(s.due);
    if (Number(s.back)) {
      let a = out.get(id);
      if (!a) out.set(id, (a = { due, d0_30: 0, d31_60: 0, d61_90: 0, d90_plus: 0, oldest: s.issue_date }));
      a[bucketOf(daysBetween(s.issue_date, asOf))] += Math.min(Number(s.raised), Number(s.rest));
      if (s.issue_date < a.oldest) a.oldest = s.issue_date;
      continue;
    }
    let rest = due;
    const take = (raised: unknown) => {
      const part = Math.min(Number(raised), rest);
      rest -= part;
      return part;
    };
    const d0_30 = take(s.r0);
    const d31_60 = take(s.r1);
    const d61_90 = take(s.r2);
    out.set(id, { due, d0_30, d31_60, d61_90, d90_plus: rest, oldest: s.issue_date });
  }
  return out;
}

export async function dueList(db: Kysely<DB>, timeZone: string, q: { side: DueSide; as_of?: string | undefined }): Promise<Dues> {
  const asOf = q.as_of ?? todayIn(timeZone);
  const sign = q.side === 'receivable' ? 1 : -1;
  const aged = ageDues(await repo.dueAges(db, sign, asOf), asOf);
  const ids = [...aged.keys()];
  const parties = await repo.dueParties(db, sign, asOf, ids);
  // The party's answer to its shared statement, and when it was last sent its due (modules/share).
  const [answers, reminders] = await Promise.all([lastAnswers(db, ids), lastReminders(db, ids)]);
  const rows: DueRow[] = [];
  for (const p of parties) {
    const a = aged.get(Number(p.id));
    if (!a) continue;
    const limit = p.credit_limit_p === null ? null : Number(p.credit_limit_p);
    rows.push({
      partner_id: Number(p.id),
      name: p.name,
      catagories: p.catagories,
      due: money(a.due),
      d0_30: money(a.d0_30),
      d31_60: money(a.d31_60),
      d61_90: money(a.d61_90),
      d90_plus: money(a.d90_plus),
      oldest_due_date: a.oldest,
      last_payment_date: p.last_payment_date ?? null,
      credit_limit: limit === null ? null : money(limit),
      // A limit is on what a party may owe us.
      over_limit: sign > 0 && limit !== null && a.due > limit,
      last_answer: answers.get(Number(p.id)) ?? null,
      last_reminded_at: reminders.get(Number(p.id))?.reminded_at ?? null,
    });
  }
  // Oldest overdue first; the larger due first on the same day.
  rows.sort((x, y) => x.oldest_due_date.localeCompare(y.oldest_due_date) || y.due - x.due || x.partner_id - y.partner_id);
  return { side: q.side, as_of: asOf, rows };
}
