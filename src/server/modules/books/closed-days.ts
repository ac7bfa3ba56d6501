import type { Kysely } from 'kysely';
import type { Registry } from '../../../shared/registry.ts';
import { TRANSFER_KIND } from '../../../shared/transfers.ts';
import { preparedQuery } from '../../db/reads.ts';
import type { DB } from '../../db/schema.ts';
import { HttpError } from '../../http/validate.ts';

// The closed days' guard (issue 28 part 7, docs/decisions/0032-day-close.md): every write of money
// (entries, transfers, voids, corrections, an asset's sale) asks it inside its own transaction,
// under the books' lock, whether its day is closed for its account (or a transfer's second one).

/** The accounts that have a closed day: their last one (few rows: only accounts ever closed). */
const closedAccounts = preparedQuery((db: Kysely<DB>) =>
  db.selectFrom('money_accounts').select(['id', 'name', 'closed_through']).where('closed_through', 'is not', null),
);

/** Where a write moves money: its account, a transfer's second one, and the day it counts on. */
export interface DayMove {
  /** Null: an account the write itself brings (an import's), which has no closed day yet. */
  account_id: number | null;
  to_account_id?: number | null;
  issue_date: string;
}

export type ClosedDays = Map<number, { day: string; name: string }>;

/** The last closed day of every account that has one: read inside the write's transaction. */
export async function closedDays(trx: Kysely<DB>): Promise<ClosedDays> {
  const rows = await closedAccounts(trx);
  return new Map(rows.map((r) => [Number(r.id), { day: r.closed_through as string, name: r.name }]));
}

/** The refusal of a move into a closed day of one of its accounts, or null. */
export function closedRefusal(closed: ClosedDays, move: DayMove): HttpError | null {
  if (closed.size === 0) return null;
  for (const account of [move.account_id, move.to_account_id]) {
    if (account === null || account === undefined) continue;
    const c = closed.get(Number(account));
    if (c && move.issue_date <= c.day) return new HttpError(409, 'day_closed', { day: c.day, account: c.name }, 'issue_date');
  }
  return null;
}

/**
 * Whether entries of a kind belong to an account's day: every kind that moves cash (a sale paid
 * nothing too: it is the day's voucher), transfers and the server's own kinds. Fires and stock name
 * no account and are never refused by a close. An asset's sale is money in.
 */
export function movesMoney(registry: Registry, kind: string): boolean {
  return kind === TRANSFER_KIND || Boolean(registry.byName(kind)?.cash) || registry.server(kind) !== undefined || registry.madeBy(kind) !== undefined;
}

/** Refuses (409 day_closed) when any of the moves falls on or before a closed day of its accounts: call inside the write's transaction. */
export async function refuseClosedDays(trx: Kysely<DB>, registry: Registry, moves: readonly (DayMove & { kind: string })[]): Promise<void> {
  const money = moves.filter((m) => movesMoney(registry, m.kind));
  if (money.length === 0) return;
  const closed = await closedDays(trx);
  for (const move of money) {
    const refusal = closedRefusal(closed, move);
    if (refusal) throw refusal;
  }
}
