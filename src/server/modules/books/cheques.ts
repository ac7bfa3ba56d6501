import type { Kysely, Selectable } from 'kysely';
import type { ChequeAnswer } from '../../../shared/api-schemas.ts';
import { BACKDATE_DAYS, daysBetween, earliestIssueDate } from '../../../shared/backdate.ts';
import {
  type ChequeAction,
  type ChequeDirection,
  type ChequeListQuery,
  type ChequeState,
  chequeDirections,
  chequeHolderNames,
  chequeHolderTypes,
  openChequeStates,
} from '../../../shared/cheques.ts';
import { todayIn } from '../../../shared/dates.ts';
import type { EntryInput } from '../../../shared/entry-schemas.ts';
import { toDecimal, units } from '../../../shared/money.ts';
import type { KindDef, Registry } from '../../../shared/registry.ts';
import { TRANSFER_KIND } from '../../../shared/transfers.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import type { ChequeTable, DB } from '../../db/schema.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';
import { refuseClosedDays } from './closed-days.ts';
import { type BooksContext, emptyEntry, stamp } from './context.ts';
import { auditLate, prepareEntry, replay } from './entries.ts';
import * as repo from './repository.ts';

// Cheques (issue 28 part 4, docs/decisions/0035-cheques.md). A payment of a kind the registry marks
// `cheque`, sent with `payment: 'cheque'`, is its kind's entry (the party's due falls at once) whose
// money waits in the books' "Cheques in hand" (received) or "Cheques issued" (paid) account, with a
// row here for the cheque. Its state changes, each one action under the books' lock (a second, racing
// one finds the state changed: 409):
//   in_hand → deposited (a received cheque into a bank account; an issued one presented)
//   deposited (or an issued cheque in hand) → cleared: a transfer between the waiting account and the
//     bank account, so the bank's balance moves and the header's Balance does not;
//   deposited (or an issued cheque in hand) → bounced, in_hand → cancelled: an entry of the registry's
//     returned-cheque kind, linked to the payment, undoes it for the party (they owe it again) and
//     takes the money out of the waiting account.
// So the header's Balance (every paid amount in less out) = the money accounts + cheques in hand −
// cheques issued and not yet presented; `check` says when a cheque's state and its entries disagree.

type Db = repo.Db;
type ChequeRow = Selectable<ChequeTable>;

/**
 * The ids of the two accounts where cheques' money waits (0: not made yet). They are made with the
 * first cheque, in its transaction under the books' lock, so books without cheques keep their
 * accounts as they were.
 */
export async function chequeHolders(db: Db, make = false): Promise<Record<ChequeDirection, number>> {
  const read = () =>
    db.selectFrom('money_accounts').select(['id', 'type']).where('type', 'in', [chequeHolderTypes.received, chequeHolderTypes.issued]).execute();
  let rows = await read();
  if (make && rows.length < chequeDirections.length) {
    const now = new Date().toISOString();
    for (const direction of chequeDirections) {
      if (rows.some((r) => r.type === chequeHolderTypes[direction])) continue;
      const name = chequeHolderNames[direction];
      // Its key starts with a space, which no name typed can: a person's account never takes it.
      await db
        .insertInto('money_accounts')
        .values({ name, name_key: ` ${name.toLowerCase()}`, type: chequeHolderTypes[direction], created_at: now, updated_at: now })
        .execute();
    }
    rows = await read();
  }
  const find = (type: string) => Number(rows.find((r) => r.type === type)?.id ?? 0);
  return { received: find(chequeHolderTypes.received), issued: find(chequeHolderTypes.issued) };
}

/** A bank account, open: where a cheque is drawn or deposited (400 naming `account_id` otherwise). */
async function bankAccount(db: Db, id: number | undefined): Promise<number> {
  const a = id === undefined ? undefined : await db.selectFrom('money_accounts').select(['type', 'archived', 'name']).where('id', '=', id).executeTakeFirst();
  if (!a || a.type !== 'bank') throw new HttpError(400, 'cheque_bank_account', undefined, 'account_id');
  if (Number(a.archived)) throw new HttpError(400, 'account_not_open', { name: a.name }, 'account_id');
  return id as number;
}

/** Whether an entry's body asks for a cheque (its kind takes one). */
export const paidByCheque = (kind: KindDef, input: EntryInput) => kind.cheque !== undefined && input.payment === 'cheque';

/** A payment of a cheque kind sent with `payment: 'cheque'`: the entry and its cheque, in one transaction. */
export async function createChequeEntry(ctx: BooksContext, kind: KindDef, input: EntryInput, actor: CurrentUser) {
  const direction = kind.cheque as ChequeDirection;
  const prepared = await prepareEntry(ctx, kind, input, actor);
  if ('seen' in prepared) return replay(kind, prepared.seen);
  const { row, key } = prepared;
  // An issued cheque is drawn on a bank account (the body's account_id); a received one's account is chosen when deposited.
  const bank = direction === 'issued' ? await bankAccount(ctx.db, input.account_id as number | undefined) : null;
  return writeTransaction(
    ctx.db,
    async (trx) => {
      const earlier = key ? await repo.findByIdempotencyKey(trx, key) : undefined;
      if (earlier) return replay(kind, earlier);
      row.account_id = (await chequeHolders(trx, true))[direction];
      await refuseClosedDays(trx, ctx.registry, [row]);
      const id = await repo.recordEntry(trx, ctx.registry, row);
      await auditLate(trx, [row], [id]);
      await trx
        .insertInto('cheques')
        .values({
          entry_id: id,
          direction,
          partner_id: row.party_id,
          amount_p: Number(row.paid_amount_p),
          cheque_no: String(input.cheque_no),
          cheque_bank: String(input.cheque_bank),
          cheque_date: String(input.cheque_date),
          state: 'in_hand',
          account_id: bank,
          created_at: row.created_at,
          changed_at: row.created_at,
          changed_by: actor.name,
        })
        .execute();
      return { created: true, row: Object.assign({}, row, { id, fire_status: 0, sold_status: 0, voided: 0 }) as repo.EntryRow };
    },
    { idempotent: key !== null },
  );
}

/** The refusal of an action in the cheque's present state, or null when it may happen. */
function stateRefusal(c: ChequeRow, action: ChequeAction): HttpError | null {
  const number = { number: c.cheque_no };
  const state = c.state as ChequeState;
  const done = ({ cleared: 'cheque_cleared', bounced: 'cheque_bounced', cancelled: 'cheque_cancelled' } as const)[state as 'cleared'];
  if (done) return new HttpError(409, done, number);
  const received = c.direction === 'received';
  switch (action) {
    case 'deposit':
    case 'cancel':
      return state === 'in_hand' ? null : new HttpError(409, 'cheque_deposited', number);
    case 'clear':
    case 'bounce':
      // A received cheque clears or bounces at the bank it was deposited into; an issued one when presented.
      return received && state !== 'deposited' ? new HttpError(409, 'cheque_not_deposited', number) : null;
  }
}

/** The day an action happened: today when not given; not after today, not before the cheque was entered, at most BACKDATE_DAYS back. */
function actionDay(today: string, sent: string | undefined, entered: string): string {
  const day = sent ?? today;
  if (day > today) throw new HttpError(400, 'issue_date_future', { today }, 'date');
  if (daysBetween(day, today) > BACKDATE_DAYS)
    throw new HttpError(400, 'issue_date_too_early', { days: BACKDATE_DAYS, earliest: earliestIssueDate(today) }, 'date');
  if (day < entered) throw new HttpError(400, 'cheque_date_before', { day: entered }, 'date');
  return day;
}

export interface ChequeActionInput {
  account_id?: number | undefined;
  date?: string | undefined;
  reason?: string | undefined;
}

/** POST /api/cheques/:id/{deposit,clear,bounce,cancel}: one state change, with the entry it writes, in one transaction. */
export async function changeCheque(ctx: BooksContext, id: number, action: ChequeAction, input: ChequeActionInput, actor: CurrentUser): Promise<ChequeAnswer> {
  const today = todayIn(ctx.timeZone);
  return writeTransaction(ctx.db, async (trx) => {
    // Under the books' lock: of two racing actions the second reads the first's state and is refused.
    const c = await trx.selectFrom('cheques').selectAll().where('id', '=', id).executeTakeFirst();
    if (!c) throw new HttpError(404, 'cheque_not_found');
    const refusal = stateRefusal(c, action);
    if (refusal) throw refusal;
    const payment = await repo.getEntry(trx, Number(c.entry_id));
    if (!payment) throw new Error(`books: cheque ${id} has no entry ${c.entry_id}`);
    const day = actionDay(today, input.date, payment.issue_date);
    const direction = c.direction as ChequeDirection;
    const holder = (await chequeHolders(trx))[direction];
    const bank =
      action === 'deposit' && direction === 'received' ? await bankAccount(trx, input.account_id) : c.account_id === null ? null : Number(c.account_id);
    // A day closed for the bank account (or the waiting one) refuses an action dated into it (decision 0032).
    await refuseClosedDays(trx, ctx.registry, [{ kind: TRANSFER_KIND, account_id: holder, to_account_id: bank, issue_date: day }]);
    const amount = Number(c.amount_p);
    const stamps = Object.assign(stamp(ctx, actor), { issue_date: day });
    const change: Partial<Omit<ChequeTable, 'id'>> = { changed_at: stamps.created_at, changed_by: actor.name };
    if (action === 'deposit') Object.assign(change, { state: 'deposited', account_id: bank, deposited_on: day });
    else if (action === 'clear') {
      // The money moves between the waiting account and the bank: a transfer, no fee.
      const [from, to] = direction === 'received' ? [holder, bank] : [bank, holder];
      const row = Object.assign(emptyEntry(), { kind: TRANSFER_KIND }, stamps, {
        account_id: from as number,
        to_account_id: to,
        paid_amount_p: amount,
        cash_p: 0,
        note: `Cheque ${c.cheque_no} (${c.cheque_bank}) cleared`,
        ref_id: Number(c.entry_id),
      });
      Object.assign(change, { state: 'cleared', settled_on: day, clear_entry_id: await repo.recordEntry(trx, ctx.registry, row) });
    } else {
      // Bounced or cancelled: the party owes it again, in an entry linked to the payment, with the reason.
      const kind = ctx.registry.chequeReturnKind(direction);
      const reason = input.reason ?? null;
      const row = Object.assign(emptyEntry(), { kind: kind.kind }, stamps, {
        account_id: holder,
        party_id: payment.party_id,
        name: payment.name,
        paid_amount_p: amount,
        cash_p: kind.cash.direction * amount,
        note: `Cheque ${c.cheque_no} ${action === 'bounce' ? 'bounced' : 'cancelled'}${reason ? `: ${reason}` : ''}`,
        ref_id: Number(c.entry_id),
      });
      const state = action === 'bounce' ? 'bounced' : 'cancelled';
      Object.assign(change, { state, settled_on: day, reason, return_entry_id: await repo.recordEntry(trx, ctx.registry, row) });
    }
    const updated = await trx.updateTable('cheques').set(change).where('id', '=', id).where('state', '=', c.state).executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new HttpError(409, 'cheque_not_found');
    await recordAudit(trx, { actor, action: `cheque-${action}`, subjectKind: 'cheque', subjectId: String(id), before: { state: c.state }, after: change });
    const [answer] = await listCheques(trx, { id });
    return answer as ChequeAnswer;
  });
}

/** An entry a cheque wrote or stands on is changed only through the cheque (409 cheque_entry). */
export async function refuseChequeEntry(db: Db, entryId: number): Promise<void> {
  const c = await db
    .selectFrom('cheques')
    .select('cheque_no')
    .where((w) => w.or([w('entry_id', '=', entryId), w('clear_entry_id', '=', entryId), w('return_entry_id', '=', entryId)]))
    .executeTakeFirst();
  if (c) throw new HttpError(409, 'cheque_entry', { number: c.cheque_no });
}

const money = (p: number | null) => (p === null ? null : toDecimal(Number(p), units.money));

/** GET /api/cheques: by state, soonest due first (then the order they came). */
export async function listCheques(db: Db, q: Partial<ChequeListQuery> & { id?: number }): Promise<ChequeAnswer[]> {
  let query = db
    .selectFrom('cheques as c')
    .innerJoin('entries as e', 'e.id', 'c.entry_id')
    .leftJoin('partners as p', 'p.id', 'c.partner_id')
    .leftJoin('money_accounts as a', 'a.id', 'c.account_id')
    .select([
      'c.id',
      'c.entry_id',
      'c.direction',
      'c.partner_id',
      'c.amount_p',
      'c.cheque_no',
      'c.cheque_bank',
      'c.cheque_date',
      'c.state',
      'c.account_id',
      'c.deposited_on',
      'c.settled_on',
      'c.reason',
      'c.clear_entry_id',
      'c.return_entry_id',
      'e.issue_date',
      'e.name as entry_name',
      'p.name as partner_name',
      'a.name as account_name',
    ]);
  if (q.id !== undefined) query = query.where('c.id', '=', q.id);
  if (q.state?.length) query = query.where('c.state', 'in', q.state);
  if (q.direction) query = query.where('c.direction', '=', q.direction);
  if (q.due_to) query = query.where('c.cheque_date', '<=', q.due_to);
  const rows = await query
    .orderBy('c.cheque_date')
    .orderBy('c.id')
    .limit(q.limit ?? 500)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    entry_id: Number(r.entry_id),
    direction: r.direction as ChequeDirection,
    partner_id: r.partner_id === null ? null : Number(r.partner_id),
    name: r.partner_name ?? r.entry_name,
    amount: money(r.amount_p) as number,
    cheque_no: r.cheque_no,
    cheque_bank: r.cheque_bank,
    cheque_date: r.cheque_date,
    state: r.state as ChequeState,
    account_id: r.account_id === null ? null : Number(r.account_id),
    account_name: r.account_name,
    issue_date: r.issue_date,
    deposited_on: r.deposited_on,
    settled_on: r.settled_on,
    reason: r.reason,
    clear_entry_id: r.clear_entry_id === null ? null : Number(r.clear_entry_id),
    return_entry_id: r.return_entry_id === null ? null : Number(r.return_entry_id),
  }));
}

type CheckedEntry = Pick<repo.EntryRow, 'id' | 'kind' | 'party_id' | 'account_id' | 'to_account_id' | 'paid_amount_p' | 'cash_p' | 'void_of' | 'voided'>;

/**
 * For `check`: every cheque's state against its entries (its payment live, of a cheque kind of its
 * direction, its amount and party, in the waiting account; a clear's transfer and a return's entry
 * present exactly when the state says so, of the right kind, amount and accounts), and the waiting
 * accounts holding exactly the open cheques, so that the header's Balance = the money accounts +
 * cheques in hand − cheques issued and not yet presented.
 */
export async function chequeProblems(db: Kysely<DB>, registry: Registry, entries: readonly CheckedEntry[], balanceP: number): Promise<string[]> {
  const problems: string[] = [];
  const byId = new Map(entries.map((e) => [Number(e.id), e]));
  const holders = await chequeHolders(db);
  const cheques = await db.selectFrom('cheques').selectAll().execute();
  const open = { received: 0, issued: 0 };
  const live = (e: CheckedEntry) => e.void_of === null && !Number(e.voided);
  for (const c of cheques) {
    const at = `cheque ${c.id} (${c.cheque_no}, ${c.state})`;
    const direction = c.direction as ChequeDirection;
    const amount = Number(c.amount_p);
    const holder = holders[direction];
    const say = (text: string) => problems.push(`${at}: ${text}`);
    if (!(holders[direction] > 0)) say(`direction ${c.direction}: no such cheques' account`);
    const payment = byId.get(Number(c.entry_id));
    if (!payment) say(`its entry ${c.entry_id} does not exist`);
    else {
      if (registry.byName(payment.kind)?.cheque !== direction) say(`its entry ${c.entry_id} is a ${payment.kind}, not a cheque ${direction}`);
      if (!live(payment)) say(`its entry ${c.entry_id} is voided`);
      if (Number(payment.paid_amount_p) !== amount) say(`amount ${amount}, its entry ${payment.paid_amount_p}`);
      if (Number(payment.party_id ?? 0) !== Number(c.partner_id ?? 0)) say(`partner ${c.partner_id}, its entry's ${payment.party_id}`);
      if (Number(payment.account_id) !== holder) say(`its entry's money is in account ${payment.account_id}, not the cheques' ${holder}`);
    }
    const state = c.state as ChequeState;
    if (openChequeStates.includes(state)) open[direction] += amount;
    if ((state === 'deposited' || state === 'cleared') && c.account_id === null) say('has no bank account');
    const clear = c.clear_entry_id === null ? undefined : byId.get(Number(c.clear_entry_id));
    if (state === 'cleared') {
      const [from, to] = direction === 'received' ? [holder, Number(c.account_id)] : [Number(c.account_id), holder];
      if (!clear || !live(clear) || clear.kind !== TRANSFER_KIND) say(`its clearing transfer ${c.clear_entry_id} is missing, voided or no transfer`);
      else if (Number(clear.paid_amount_p) !== amount || Number(clear.account_id) !== from || Number(clear.to_account_id) !== to || Number(clear.cash_p) !== 0)
        say(
          `its clearing transfer ${clear.id} moves ${clear.paid_amount_p} from ${clear.account_id} to ${clear.to_account_id}, not ${amount} from ${from} to ${to}`,
        );
    } else if (c.clear_entry_id !== null) say(`names a clearing transfer ${c.clear_entry_id} but has not cleared`);
    const back = c.return_entry_id === null ? undefined : byId.get(Number(c.return_entry_id));
    if (state === 'bounced' || state === 'cancelled') {
      const kind = registry.chequeReturnKind(direction).kind;
      if (!back || !live(back) || back.kind !== kind) say(`its return entry ${c.return_entry_id} is missing, voided or not a ${kind}`);
      else if (Number(back.paid_amount_p) !== amount || Number(back.account_id) !== holder || Number(back.party_id ?? 0) !== Number(c.partner_id ?? 0))
        say(`its return entry ${back.id} is ${back.paid_amount_p} in account ${back.account_id} for partner ${back.party_id}`);
    } else if (c.return_entry_id !== null) say(`names a return entry ${c.return_entry_id} but is ${state}`);
  }
  // The waiting accounts hold exactly the open cheques; the rest is the money accounts'.
  const totals = await db.selectFrom('account_totals').select(['account_id', 'cash_in_p', 'cash_out_p']).execute();
  const balanceOf = (id: number) => totals.filter((t) => Number(t.account_id) === id).reduce((s, t) => s + Number(t.cash_in_p) - Number(t.cash_out_p), 0);
  if (balanceOf(holders.received) !== open.received)
    problems.push(`Cheques in hand holds ${balanceOf(holders.received)}, its open cheques add up to ${open.received}`);
  if (-balanceOf(holders.issued) !== open.issued)
    problems.push(`Cheques issued holds ${balanceOf(holders.issued)}, its open cheques add up to minus ${open.issued}`);
  const accounts = totals.filter((t) => ![holders.received, holders.issued].includes(Number(t.account_id)));
  const money = accounts.reduce((s, t) => s + Number(t.cash_in_p) - Number(t.cash_out_p), 0);
  if (money + open.received - open.issued !== balanceP)
    problems.push(`the accounts (${money}) + cheques in hand (${open.received}) − cheques issued (${open.issued}) ≠ the balance ${balanceP}`);
  // No entry of the cheques' accounts without its cheque.
  const known = new Set(cheques.flatMap((c) => [c.entry_id, c.clear_entry_id, c.return_entry_id].filter((v) => v !== null).map(Number)));
  for (const e of entries) {
    const inHolder = [holders.received, holders.issued].some(
      (h) => h > 0 && (Number(e.account_id) === h || (e.to_account_id !== null && Number(e.to_account_id) === h)),
    );
    if (inHolder && e.void_of === null && !known.has(Number(e.id)))
      problems.push(`entry ${e.id} (${e.kind}) is in a cheques' account but belongs to no cheque`);
  }
  return problems;
}
