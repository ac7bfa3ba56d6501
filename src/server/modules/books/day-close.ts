import type { Kysely, Selectable } from 'kysely';
import { isChequeHolder } from '../../../shared/cheques.ts';
import { todayIn } from '../../../shared/dates.ts';
import { type DayCloseAnswer, type DayCloseInput, notesTotal } from '../../../shared/day-close.ts';
import { formatTaka, toDecimal, units } from '../../../shared/money.ts';
import type { Registry } from '../../../shared/registry.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { DB, DayCloseTable } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';
import { type BooksContext, stamp } from './context.ts';
import { closedDays, movesMoney } from './closed-days.ts';
import { buildEntryRow } from './entries.ts';
import { writeReversal } from './lifecycle.ts';
import * as repo from './repository.ts';
import { accountBalanceAfter } from './transfers.ts';

// The day's close (issue 28 part 7, docs/decisions/0032-day-close.md). The accountant counts an
// account's day (cash by its notes, a bank account against its statement); the book figure is the
// account's closing balance of that day (the cash book's); a difference is written as an entry of
// the registry's server kinds (cash short or over, the reason its note) on that day, in that
// account; then the day is closed: `money_accounts.closed_through` says the last day closed, and
// every write (entries, transfers, voids, corrections, sales) refuses a day on or before it, 409
// `day_closed`, inside its own transaction. All of them, and the close, take the books' lock first
// (db/write.ts), so a close and the entries of its day have one order on SQLite and PostgreSQL
// alike: an entry saved before the close is in its book figure, one after it is refused.

type CloseRow = Selectable<DayCloseTable>;

const closeToWire = (c: CloseRow): DayCloseAnswer => ({
  id: Number(c.id),
  account_id: Number(c.account_id),
  date: c.day,
  book: toDecimal(Number(c.book_p), units.money),
  counted: toDecimal(Number(c.counted_p), units.money),
  difference: toDecimal(Number(c.difference_p), units.money),
  notes: c.notes === null ? null : (JSON.parse(c.notes) as Record<string, number>),
  reason: c.reason,
  entry_id: c.entry_id === null ? null : Number(c.entry_id),
  closed_by: c.closed_by,
  closed_at: c.closed_at,
  reopened_at: c.reopened_at,
  reopened_by: c.reopened_by,
  reopen_reason: c.reopen_reason,
});

/** POST /api/day-close: the book figure, the count, the difference entry when they differ, the day closed. */
export async function closeDay(ctx: BooksContext, input: DayCloseInput, actor: CurrentUser): Promise<DayCloseAnswer> {
  const today = todayIn(ctx.timeZone);
  if (input.date > today) throw new HttpError(400, 'day_close_future', { today }, 'date');
  const account = await ctx.db.selectFrom('money_accounts').select(['id', 'type']).where('id', '=', input.account_id).executeTakeFirst();
  // The cheques' accounts are not counted: a cheque's state says where its money is.
  if (!account || isChequeHolder(account.type)) throw new HttpError(400, 'account_not_found', undefined, 'account_id');
  if (input.notes && account.type !== 'cash') throw new HttpError(400, 'day_close_notes_cash_only', undefined, 'notes');
  const counted = input.notes ? notesTotal(input.notes) : (input.counted as number);
  return writeTransaction(ctx.db, async (trx) => {
    const closed = (await closedDays(trx)).get(input.account_id);
    if (closed && input.date <= closed.day) throw new HttpError(409, 'day_closed', { day: closed.day, account: closed.name }, 'date');
    const book = await accountBalanceAfter(trx, input.account_id, input.date);
    const difference = counted - book;
    const reason = input.reason ?? null;
    if (difference !== 0 && !reason) throw new HttpError(400, 'day_close_reason_required', { difference: formatTaka(Math.abs(difference)) }, 'reason');
    const stamps = stamp(ctx, actor);
    let entryId: number | null = null;
    if (difference !== 0) {
      const kind = ctx.registry.dayCloseKind(difference < 0 ? 'short' : 'over');
      const row = buildEntryRow(kind, { paid_amount: Math.abs(difference), note: reason }, null, { ...stamps, idempotency_key: null });
      row.issue_date = input.date;
      row.account_id = input.account_id;
      entryId = await repo.recordEntry(trx, ctx.registry, row);
    }
    const close = {
      account_id: input.account_id,
      day: input.date,
      book_p: book,
      counted_p: counted,
      difference_p: difference,
      notes: input.notes ? JSON.stringify(input.notes) : null,
      reason: difference === 0 ? null : reason,
      entry_id: entryId,
      closed_by: actor.name,
      closed_by_id: actor.id,
      closed_at: stamps.created_at,
      reopened_at: null,
      reopened_by: null,
      reopen_reason: null,
    };
    const { id } = await trx.insertInto('day_closes').values(close).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('money_accounts').set({ closed_through: input.date }).where('id', '=', input.account_id).execute();
    await recordAudit(trx, {
      actor,
      action: 'day_close',
      subjectKind: 'day_close',
      subjectId: String(id),
      before: closed ? { closed_through: closed.day } : { closed_through: null },
      after: {
        account_id: input.account_id,
        day: input.date,
        book_p: book,
        counted_p: counted,
        difference_p: difference,
        entry_id: entryId,
        reason: close.reason,
      },
    });
    return closeToWire({ ...close, id: Number(id) });
  });
}

/**
 * POST /api/day-close/:id/reopen (admin): the close is undone, with who, when and why (audited),
 * its difference entry voided; the account's last closed day is the close before it. Only the
 * account's latest close reopens: a later closed day counts on this one's figures.
 */
export async function reopenDay(ctx: BooksContext, id: number, reason: string, actor: CurrentUser): Promise<DayCloseAnswer> {
  return writeTransaction(ctx.db, async (trx) => {
    const close = await trx.selectFrom('day_closes').selectAll().where('id', '=', id).executeTakeFirst();
    if (!close) throw new HttpError(404, 'day_close_not_found');
    if (close.reopened_at !== null) throw new HttpError(409, 'day_close_reopened');
    const live = trx.selectFrom('day_closes').select(['day']).where('account_id', '=', close.account_id).where('reopened_at', 'is', null).where('id', '!=', id);
    const later = await live.where('day', '>', close.day).orderBy('day', 'desc').limit(1).executeTakeFirst();
    if (later) throw new HttpError(409, 'day_close_later', { day: later.day });
    const at = new Date().toISOString();
    const changed = await trx
      .updateTable('day_closes')
      .set({ reopened_at: at, reopened_by: actor.name, reopen_reason: reason })
      .where('id', '=', id)
      .where('reopened_at', 'is', null)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw new HttpError(409, 'day_close_reopened');
    const before = await live.where('day', '<', close.day).orderBy('day', 'desc').limit(1).executeTakeFirst();
    await trx
      .updateTable('money_accounts')
      .set({ closed_through: before?.day ?? null })
      .where('id', '=', close.account_id)
      .execute();
    // The difference the close wrote goes with it (voided, a reversal made today, as every void).
    let reversal: number | null = null;
    if (close.entry_id !== null) {
      const entry = await repo.getEntry(trx, Number(close.entry_id));
      if (entry && !Number(entry.voided) && (await repo.markVoided(trx, Number(entry.id))))
        reversal = await writeReversal(trx, ctx, actor, entry, `Day ${close.day} reopened: ${reason}`);
    }
    await recordAudit(trx, {
      actor,
      action: 'day_reopen',
      subjectKind: 'day_close',
      subjectId: String(id),
      before: { closed_through: close.day },
      after: { closed_through: before?.day ?? null, reason, reversal },
    });
    return closeToWire({ ...close, reopened_at: at, reopened_by: actor.name, reopen_reason: reason });
  });
}

/** GET /api/day-close: the closes of an account (every account when not given), newest first. */
export async function listCloses(db: Kysely<DB>, accountId: number | undefined, limit = 200): Promise<DayCloseAnswer[]> {
  let q = db.selectFrom('day_closes').selectAll();
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  const rows = await q.orderBy('day', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(closeToWire);
}

/**
 * What `check` finds wrong with the closes: a live entry (or a void, a correction) on or before a
 * closed day made after the close; a difference entry missing or not what the close says; a count
 * of notes that does not add up; an account's last closed day not its latest live close.
 */
export async function dayCloseProblems(db: Kysely<DB>, registry: Registry, entries: readonly repo.EntryRow[]): Promise<string[]> {
  const closes = await db.selectFrom('day_closes').selectAll().orderBy('id').execute();
  if (closes.length === 0 && !(await db.selectFrom('money_accounts').select('id').where('closed_through', 'is not', null).executeTakeFirst())) return [];
  const problems: string[] = [];
  const byId = new Map(entries.map((e) => [Number(e.id), e]));
  const latest = new Map<number, (typeof closes)[number]>();
  for (const c of closes) {
    const at = `day close ${c.id} (account ${c.account_id}, ${c.day})`;
    if (Number(c.counted_p) - Number(c.book_p) !== Number(c.difference_p)) problems.push(`${at}: counted − book is not its difference ${c.difference_p}`);
    if (c.notes !== null && notesTotal(JSON.parse(c.notes) as Record<string, number>) !== Number(c.counted_p))
      problems.push(`${at}: its notes do not add up to the count ${c.counted_p}`);
    const live = c.reopened_at === null;
    if (live && (latest.get(Number(c.account_id))?.day ?? '') < c.day) latest.set(Number(c.account_id), c);
    const diff = Number(c.difference_p);
    if (diff === 0) {
      if (c.entry_id !== null) problems.push(`${at}: no difference, yet names entry ${c.entry_id}`);
      continue;
    }
    const e = c.entry_id === null ? undefined : byId.get(Number(c.entry_id));
    const kind = registry.dayCloseKind(diff < 0 ? 'short' : 'over').kind;
    if (!e) problems.push(`${at}: its difference entry ${c.entry_id} does not exist`);
    else if (e.kind !== kind || Number(e.paid_amount_p) !== Math.abs(diff) || e.issue_date !== c.day || Number(e.account_id) !== Number(c.account_id))
      problems.push(`${at}: entry ${e.id} is not its difference (${kind} of ${Math.abs(diff)} on ${c.day} in account ${c.account_id})`);
    else if (live === Boolean(Number(e.voided)))
      problems.push(`${at}: its difference entry ${e.id} is ${live ? 'voided' : 'live'}, the close ${live ? 'live' : 'reopened'}`);
  }
  const accounts = await db.selectFrom('money_accounts').select(['id', 'closed_through']).execute();
  for (const a of accounts) {
    const want = latest.get(Number(a.id))?.day ?? null;
    if ((a.closed_through ?? null) !== want) problems.push(`account ${a.id}: closed through ${a.closed_through}, its closes say ${want}`);
  }
  // Nothing lands in a closed day after its close: an entry, a correction, or a void (its day is its original's).
  for (const e of entries) {
    const original = e.void_of === null ? e : byId.get(Number(e.void_of));
    if (!original) continue;
    if (!movesMoney(registry, original.kind)) continue;
    for (const account of [original.account_id, original.to_account_id]) {
      if (account === null) continue;
      const c = latest.get(Number(account));
      if (!c || original.issue_date > c.day || e.created_at <= c.closed_at || Number(e.id) === Number(c.entry_id)) continue;
      problems.push(
        `entry ${e.id} (${e.kind}): made ${e.created_at}, on ${original.issue_date} in account ${account}, closed through ${c.day} at ${c.closed_at}`,
      );
    }
  }
  return problems;
}
