import { type Kysely, sql } from 'kysely';
import { toDecimal, units } from '../../../shared/money.ts';
import type { PartyAnswer } from '../../../shared/share-api.ts';
import type { DB } from '../../db/schema.ts';

// The shared statements' tables (migration 0024): links, the parties' answers, reminders.

export const linkByHash = (db: Kysely<DB>, hash: string) => db.selectFrom('share_links').selectAll().where('token_hash', '=', hash).executeTakeFirst();

/** The party's link that is neither revoked nor expired at `now`, if any. */
export const liveLink = (db: Kysely<DB>, partnerId: number, now: string) =>
  db
    .selectFrom('share_links')
    .selectAll()
    .where('partner_id', '=', partnerId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Revokes the party's links still open; answers how many. */
export async function revokeAll(db: Kysely<DB>, partnerId: number, now: string): Promise<number> {
  const r = await db.updateTable('share_links').set({ revoked_at: now }).where('partner_id', '=', partnerId).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Marks a link opened: its first opening is kept, its last moves. */
export const markOpened = (db: Kysely<DB>, id: number, now: string) =>
  db
    .updateTable('share_links')
    .set({ first_opened_at: sql<string>`coalesce(first_opened_at, ${now})`, last_opened_at: now })
    .where('id', '=', id)
    .execute();

/** A party's answer as the API gives it: the balance in taka. */
export interface AnswerWire {
  answer: PartyAnswer;
  note: string | null;
  at: string;
  balance: number;
}
export const answerToWire = (a: { answer: string; note: string | null; at: string; balance_p: number }): AnswerWire => ({
  answer: a.answer as PartyAnswer,
  note: a.note,
  at: a.at,
  balance: toDecimal(Number(a.balance_p), units.money),
});

/** Each party's latest answer, for the ids given (at most a few thousand: chunked). */
export async function lastAnswers(db: Kysely<DB>, partnerIds: readonly number[]) {
  const out = new Map<number, AnswerWire>();
  for (let i = 0; i < partnerIds.length; i += 500) {
    const chunk = partnerIds.slice(i, i + 500);
    const rows = await db
      .selectFrom('party_answers as a')
      .select(['a.partner_id', 'a.answer', 'a.note', 'a.at', 'a.balance_p'])
      .where('a.partner_id', 'in', chunk)
      .where('a.id', '=', (eb) =>
        eb
          .selectFrom('party_answers as b')
          .select((b) => b.fn.max('b.id').as('m'))
          .whereRef('b.partner_id', '=', 'a.partner_id'),
      )
      .execute();
    for (const r of rows) out.set(Number(r.partner_id), answerToWire(r));
  }
  return out;
}

/** When each party was last reminded, for the ids given. */
export async function lastReminders(db: Kysely<DB>, partnerIds: readonly number[]) {
  const out = new Map<number, { reminded_at: string; channel: string; reminded_by: string }>();
  for (let i = 0; i < partnerIds.length; i += 500) {
    const rows = await db
      .selectFrom('party_reminders')
      .selectAll()
      .where('partner_id', 'in', partnerIds.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(Number(r.partner_id), r);
  }
  return out;
}
