import type { Kysely } from 'kysely';
import { todayIn } from '../../../shared/dates.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { DB } from '../../db/schema.ts';
import type { NewEntry } from './repository.ts';

/** What every books operation needs: the database and the business's time zone. */
export interface BooksContext {
  db: Kysely<DB>;
  timeZone: string;
}

/** The server's stamp on a write: today in the business time zone, who, and when. */
export const stamp = (ctx: BooksContext, actor: CurrentUser) => ({
  issue_date: todayIn(ctx.timeZone),
  issued_by: actor.name,
  author_id: actor.id,
  created_at: new Date().toISOString(),
});

/** An entry row with every kind-specific column empty. */
export const emptyEntry = (): Omit<NewEntry, 'kind' | 'issue_date' | 'issued_by' | 'author_id' | 'created_at'> => ({
  party_id: null, name: null, note: null, qunatity_milli: null, size: null, weight_g: null, price_p: null, total_price_p: null,
  paid_amount_p: null, discount_amount_p: null, due_amount_p: null, month: null, assigned_salary: null, absent: null, roll: null,
  pot_number: null, fire_man: null, fire_time: null, sold_amount_p: null, cash_p: 0, stock_g: 0, void_of: null, ref_id: null,
  void_reason: null, idempotency_key: null, fire_status: 0, sold_status: 0, voided: 0,
});
