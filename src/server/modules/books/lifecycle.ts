import type { VoidInput } from '../../../shared/entry-schemas.ts';
import type { KindDef, Registry } from '../../../shared/registry.ts';
import { allows } from '../../../shared/roles.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';
import { type BooksContext, emptyEntry, stamp } from './context.ts';
import * as repo from './repository.ts';
import type { Db } from './repository.ts';
import { recordRollups } from './rollups.ts';
import { refuseClosedDays } from './closed-days.ts';
import { refuseChequeEntry } from './cheques.ts';

/** Who changes an entry: a signed-in person, or the command line. */
type Actor = Pick<CurrentUser, 'id' | 'name'>;

// State changes of entries: void (a linked reversal) and each kind's lifecycle action (end a
// fire, sell an asset). Nothing is edited but the state flags; each change is audited in its own
// transaction.

export async function voidEntry(ctx: BooksContext, id: number, { reason }: VoidInput, actor: CurrentUser) {
  refuseKindAccess(ctx.registry, await repo.getEntry(ctx.db, id), actor);
  return writeTransaction(ctx.db, (trx) => voidWithin(trx, ctx, id, reason, actor));
}

/** An entry of a kind only some roles write (an opening balance: admin) is voided and corrected by them alone. */
export function refuseKindAccess(registry: Registry, row: { kind: string } | undefined, actor: Pick<CurrentUser, 'role'>): void {
  const write = row && registry.byName(row.kind)?.write;
  if (write && !allows(write, actor.role)) throw new HttpError(403, 'not_admin');
}

/** An entry voided inside the caller's write transaction (one entry, or every entry of an import batch). */
export async function voidWithin(trx: Db, ctx: BooksContext, id: number, reason: string, actor: Actor) {
  const original = await repo.getEntry(trx, id);
  refuseVoid(ctx.registry, original);
  // A cheque's entries change only through the cheque (bounce, cancel).
  await refuseChequeEntry(trx, id);
  // A void takes the amount out of its original's day: that day must be open (decision 0032).
  await refuseClosedDays(trx, ctx.registry, [original]);
  // The check and the change in one statement: of two racing changes to this row, one wins.
  if (!(await repo.markVoided(trx, id, blockingFlag(ctx.registry, original.kind)))) {
    refuseVoid(ctx.registry, await repo.getEntry(trx, id));
    throw new HttpError(409, 'already_voided');
  }
  const reversalId = await writeReversal(trx, ctx, actor, original, reason);
  // Voiding an entry a lifecycle wrote (an asset's sale) undoes that lifecycle: the asset is unsold again.
  const madeBy = ctx.registry.madeBy(original.kind);
  if (madeBy && original.ref_id !== null) {
    const l = madeBy.lifecycle;
    const subject = await repo.getEntry(trx, original.ref_id);
    await repo.clearLifecycle(trx, original.ref_id, l.status, l.value.column);
    if (subject) await repo.recordChange(trx, ctx.registry, subject, { ...subject, [l.value.column]: null });
  }
  await auditVoided(trx, actor, 'void', id, { reason, reversal: reversalId });
  return { id, reversal_id: reversalId };
}

/** The audit log's line for an entry voided (by a void or a correction), with what came of it. */
export function auditVoided(trx: Db, actor: Actor, action: 'void' | 'correct', id: number, after: Record<string, unknown>) {
  return recordAudit(trx, { actor, action, subjectKind: 'entry', subjectId: String(id), before: { voided: false }, after: { voided: true, ...after } });
}

/** The reversal of a voided entry: the same row with the opposite effect, linked to it; the original leaves the running totals. */
export async function writeReversal(trx: Db, ctx: BooksContext, actor: Actor, original: repo.EntryRow, reason: string): Promise<number> {
  await recordRollups(trx, ctx.registry, [original], -1);
  const { id, voided: _v, ...copy } = original;
  const reversal: repo.NewEntry = {
    ...copy,
    ...stamp(ctx, actor),
    cash_p: -Number(original.cash_p),
    stock_g: -Number(original.stock_g),
    void_of: id,
    corrects_id: null,
    void_reason: reason,
    idempotency_key: null,
    // The old record's key stays with the imported original alone (it is unique).
    import_key: null,
    import_batch: null,
    // Made today: not a late voucher, though it is listed on its original's day.
    entered_on: null,
    backdate_reason: null,
    fire_status: Number(original.fire_status),
    sold_status: 0,
  };
  return repo.recordEntry(trx, ctx.registry, reversal);
}

/** The lifecycle flag that keeps an entry from being voided: an asset sold (its sale's entry is voided first). */
export function blockingFlag(registry: Registry, kind: string) {
  const l = registry.byName(kind)?.lifecycle;
  return l?.entry ? l.status : undefined;
}

export function refuseVoid(registry: Registry, row: Awaited<ReturnType<typeof repo.getEntry>>): asserts row is NonNullable<typeof row> {
  if (!row) throw new HttpError(404, 'entry_not_found');
  if (row.void_of !== null) throw new HttpError(409, 'correction_not_voidable');
  if (row.voided) throw new HttpError(409, 'already_voided');
  // An asset sold (a lifecycle that wrote its own entry) is undone by voiding that entry first.
  const l = registry.byName(row.kind)?.lifecycle;
  if (l?.entry && row[l.status]) throw new HttpError(409, 'lifecycle_blocked', { noun: l.noun, done: l.done, entry: l.entry.title.toLowerCase() });
}

/** A kind's lifecycle action on one of its entries: end a fire (a note), sell an asset (an amount, written as money in). */
export async function changeLifecycle(ctx: BooksContext, kind: KindDef, id: number, input: Record<string, unknown>, actor: CurrentUser) {
  const l = kind.lifecycle;
  if (!l) throw new HttpError(404, 'not_found');
  const value = input[l.value.name] as string | number;
  return writeTransaction(ctx.db, async (trx) => {
    const row = await repo.getEntry(trx, id);
    if (!row || row.kind !== kind.kind || row.void_of !== null) throw new HttpError(404, 'lifecycle_not_found', { noun: l.noun });
    if (row.voided) throw new HttpError(409, 'lifecycle_voided', { noun: l.noun });
    // The check and the change in one statement, so of two people doing it at once one succeeds.
    // When and by whom, stamped by the server (a fire's end time is this time, its note beside it).
    const at = { lifecycle_at: new Date().toISOString(), lifecycle_by: actor.name };
    if (!(await repo.markLifecycle(trx, id, l.status, l.value.column, value, at))) throw new HttpError(409, 'lifecycle_done', { noun: l.noun, done: l.done });
    const after = { ...row, [l.status]: 1, [l.value.column]: value, ...at };
    if (l.entry) {
      await repo.recordChange(trx, ctx.registry, row, after);
      // A sale is money in: its own entry, so the balance stays a plain sum of entries.
      const amount = Number(value);
      const made: repo.NewEntry = {
        ...emptyEntry(),
        kind: l.entry.kind,
        ...stamp(ctx, actor),
        name: row.name,
        [l.entry.amount]: amount,
        cash_p: amount,
        ref_id: id,
        note: `Sale of ${l.noun} #${id}`,
      };
      await refuseClosedDays(trx, ctx.registry, [made]);
      await repo.recordEntry(trx, ctx.registry, made);
    }
    await recordAudit(trx, {
      actor,
      action: `${l.action}-${l.noun}`,
      subjectKind: 'entry',
      subjectId: String(id),
      before: { [l.status]: false },
      after: { [l.status]: true, [l.value.name]: value, at: at.lifecycle_at },
    });
    return after;
  });
}
