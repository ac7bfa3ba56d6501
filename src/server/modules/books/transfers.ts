import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { AccountType } from '../../../shared/accounts.ts';
import { daysBefore } from '../../../shared/backdate.ts';
import { TRANSFER_KIND, type TransferInput } from '../../../shared/transfers.ts';
import type { Registry } from '../../../shared/registry.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { DB } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';
import { isMoneyAccount, openAccount } from './accounts.ts';
import { refuseClosedDays } from './closed-days.ts';
import { type BooksContext, emptyEntry, stamp } from './context.ts';
import { keepMadeDay, replay } from './entries.ts';
import * as repo from './repository.ts';
import { accountMoves } from './rollups.ts';

// Transfers between money accounts (issue 28 part 3) and the cash book (part 6).
//
// A transfer is one entry row of kind `transfer`, so numbering, void, correct, the audit log and
// `check` are the books' own: its money leaves `account_id` (the from account) and arrives in
// `to_account_id`; `paid_amount_p` is the amount and `cash_p` is minus the fee, the one part that
// leaves the books (an expense), so the header's Balance, a plain sum of `cash_p`, falls by the fee
// alone. The account rollups read both sides (rollups.ts: accountMoves). docs/decisions/0024.

type Prepared = { seen: repo.EntryRow; key: string | null } | { row: repo.NewEntry; key: string | null };

/** A transfer's row from its checked input: both accounts open, stamped. Or the transfer its idempotency key wrote. */
export async function prepareTransfer(ctx: BooksContext, input: TransferInput, actor: CurrentUser): Promise<Prepared> {
  const key = input.idempotency_key ?? null;
  if (key) {
    const seen = await repo.findByIdempotencyKey(ctx.db, key);
    if (seen) return { seen, key };
  }
  const from = await openAccount(ctx.db, input.from_account_id, 'from_account_id');
  const to = await openAccount(ctx.db, input.to_account_id, 'to_account_id');
  const row = Object.assign(emptyEntry(), { kind: TRANSFER_KIND }, stamp(ctx, actor), {
    idempotency_key: key,
    account_id: from,
    to_account_id: to,
    paid_amount_p: input.amount,
    // 0 − fee, not −fee: no transfer without a fee stores −0.
    cash_p: 0 - (input.fee ?? 0),
    note: input.note ?? null,
  });
  keepMadeDay(ctx, input.made_at, row);
  return { row, key };
}

/** POST /api/transfers: the transfer, or (the same idempotency key again) the one it wrote. */
export async function createTransfer(ctx: BooksContext, input: TransferInput, actor: CurrentUser) {
  const prepared = await prepareTransfer(ctx, input, actor);
  const transfer = { kind: TRANSFER_KIND };
  if ('seen' in prepared) return replay(transfer, prepared.seen);
  const { row, key } = prepared;
  return writeTransaction(
    ctx.db,
    async (trx) => {
      // With the books' lock held, a retry that raced the first finds it.
      const earlier = key ? await repo.findByIdempotencyKey(trx, key) : undefined;
      if (earlier) return replay(transfer, earlier);
      // Both accounts' closed days, under the books' lock (decision 0032).
      await refuseClosedDays(trx, ctx.registry, [row]);
      const id = await repo.recordEntry(trx, ctx.registry, row);
      return { created: true, row: Object.assign({}, row, { id, fire_status: 0, sold_status: 0, voided: 0 }) as repo.EntryRow };
    },
    { idempotent: key !== null },
  );
}

/** GET /api/transfers: newest first, voided ones included (struck through on screen). */
export function listTransfers(
  db: Kysely<DB>,
  q: { from?: string | undefined; to?: string | undefined; limit: number; before?: { date: string; id: number } | undefined },
) {
  return repo.listEntries(db, { kind: TRANSFER_KIND, from: q.from, to: q.to, limit: q.limit, before: q.before });
}

/** An account's money in and out of its live entries, and how many, over days in [from, to]. */
async function dayTotals(db: Kysely<DB>, accountId: number, range: { from?: string; to?: string }) {
  let q = db.selectFrom('account_day_totals').where('account_id', '=', accountId);
  if (range.from) q = q.where('issue_date', '>=', range.from);
  if (range.to) q = q.where('issue_date', '<=', range.to);
  const row = await q
    .select([
      sql<number>`coalesce(sum(cash_in_p), 0)`.as('in'),
      sql<number>`coalesce(sum(cash_out_p), 0)`.as('out'),
      sql<number>`coalesce(sum(count), 0)`.as('count'),
    ])
    .executeTakeFirst();
  return { in: Number(row?.in ?? 0), out: Number(row?.out ?? 0), count: Number(row?.count ?? 0) };
}

/** An account's balance at the end of `day` (a close's book figure): its balance less what the days after moved. */
export async function accountBalanceAfter(db: Kysely<DB>, accountId: number, day: string): Promise<number> {
  const totals = await db.selectFrom('account_totals').select(['cash_in_p', 'cash_out_p']).where('account_id', '=', accountId).executeTakeFirst();
  const after = await dayTotals(db, accountId, { from: daysBefore(day, -1) });
  return Number(totals?.cash_in_p ?? 0) - Number(totals?.cash_out_p ?? 0) - (after.in - after.out);
}

const rowColumns = [
  'id',
  'kind',
  'issue_date',
  'issued_by',
  'name',
  'party_id',
  'note',
  'account_id',
  'to_account_id',
  'cash_p',
  'paid_amount_p',
  'voided',
  'void_of',
  'corrects_id',
] as const;

type EntriesQuery = SelectQueryBuilder<DB, 'entries', object>;

/** The latest `limit` listed entries (no reversals) of [from, to] that `which` picks, newest first. */
function rowsOf(db: Kysely<DB>, range: { from: string; to: string; limit: number }, which: (q: EntriesQuery) => EntriesQuery) {
  return which(db.selectFrom('entries'))
    .select(rowColumns)
    .where('issue_date', '>=', range.from)
    .where('issue_date', '<=', range.to)
    .where('void_of', 'is', null)
    .orderBy('issue_date', 'desc')
    .orderBy('id', 'desc')
    .limit(range.limit)
    .execute();
}

/**
 * The cash book of one account over [from, to]: the balance before `from` (the account's balance
 * less what its days from `from` on moved: a few rows of the day totals), money in and out of the
 * range's live entries, the closing balance, and the range's latest `limit` entries in order with
 * the running balance. A transfer is listed in both of its accounts: out of the from account with
 * amount + fee, into the other with the amount. Voided entries are listed and move nothing; their
 * reversals are not listed (the statements' rule).
 */
export async function cashBook(db: Kysely<DB>, registry: Registry, accountId: number, range: { from: string; to: string; limit: number }) {
  // An opening balance is the opening line's, not a row (decision 0041).
  const opening = registry.kinds.filter((k) => k.opening === 'account').map((k) => k.kind);
  const account = await db
    .selectFrom('money_accounts')
    .leftJoin('account_totals', 'account_totals.account_id', 'money_accounts.id')
    .select(['money_accounts.id', 'money_accounts.name', 'money_accounts.type', 'account_totals.cash_in_p', 'account_totals.cash_out_p'])
    .where('money_accounts.id', '=', accountId)
    .executeTakeFirst();
  // The cheques' waiting accounts are the books' own, never an account a person opens (decision 0035): not found here either.
  if (!account || !isMoneyAccount(account)) throw new HttpError(404, 'account_not_found');
  const [since, within, own, received] = await Promise.all([
    dayTotals(db, accountId, { from: range.from }),
    dayTotals(db, accountId, range),
    // The account's own money entries (the partial index entries_account_day: its condition repeated)…
    rowsOf(db, range, (q) =>
      q
        .where('account_id', '=', accountId)
        .where(sql<boolean>`(cash_p <> 0 or to_account_id is not null)`)
        .$if(opening.length > 0, (w) => w.where('kind', 'not in', opening)),
    ),
    // …and the transfers into it.
    rowsOf(db, range, (q) => q.where('to_account_id', '=', accountId)),
  ]);
  const balance = Number(account.cash_in_p ?? 0) - Number(account.cash_out_p ?? 0);
  const openingLine = balance - (since.in - since.out);
  const closing = openingLine + within.in - within.out;
  const latest = [...own, ...received]
    .sort((a, b) => (a.issue_date === b.issue_date ? Number(b.id) - Number(a.id) : a.issue_date < b.issue_date ? 1 : -1))
    .slice(0, range.limit)
    .reverse();
  const rows = (
    await repo.withVoidDetails(
      db,
      latest.map((r) => Object.assign({}, r, { id: Number(r.id) })),
    )
  ).map((r) => {
    const cash = accountMoves(r).reduce((s, m) => (m.account_id === accountId ? s + m.cash_p : s), 0);
    return Object.assign(r, { in_p: Math.max(cash, 0), out_p: Math.max(-cash, 0), live: !Number(r.voided) });
  });
  let running = closing - rows.reduce((s, r) => (r.live ? s + r.in_p - r.out_p : s), 0);
  const carried = running;
  return {
    account: { id: Number(account.id), name: account.name, type: account.type as AccountType },
    from: range.from,
    to: range.to,
    opening: openingLine,
    in: within.in,
    out: within.out,
    closing,
    count: within.count,
    carried,
    rows: rows.map((r) => Object.assign(r, { balance_p: r.live ? (running += r.in_p - r.out_p) : running })),
  };
}
