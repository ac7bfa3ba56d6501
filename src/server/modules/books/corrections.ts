import { z } from 'zod';
import { correctionReasonSchema, entryInputSchema } from '../../../shared/entry-schemas.ts';
import type { Registry } from '../../../shared/registry.ts';
import { TRANSFER_KIND, transferInputSchema } from '../../../shared/transfers.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError, parseInput } from '../../http/validate.ts';
import type { BooksContext } from './context.ts';
import { prepareEntry, replay } from './entries.ts';
import { prepareTransfer } from './transfers.ts';
import { refuseClosedDays } from './closed-days.ts';
import { refuseChequeEntry } from './cheques.ts';
import { auditVoided, blockingFlag, refuseKindAccess, refuseVoid, writeReversal } from './lifecycle.ts';
import * as repo from './repository.ts';

// Correct = void + replacement, in one transaction. The replacement is the kind's entry as
// typed again, on the original's business date (it stands in its place in every statement),
// issued by the person correcting; the two are linked both ways and the audit log keeps both.

const reasonSchema = z.object({ reason: correctionReasonSchema });

/** A correction or a voided entry cannot be corrected (the replacement of a correction can). */
async function refuseCorrection(ctx: { db: repo.Db; registry: Registry }, row: repo.EntryRow | undefined) {
  if (!row) throw new HttpError(404, 'entry_not_found');
  if (row.void_of !== null) throw new HttpError(409, 'correction_not_correctable');
  if (row.voided) {
    const by = await repo.findCorrection(ctx.db, Number(row.id));
    throw new HttpError(409, by ? 'corrected_already' : 'voided_not_correctable', by ? { id: Number(by.id) } : undefined);
  }
  refuseVoid(ctx.registry, row);
  await refuseChequeEntry(ctx.db, Number(row.id));
}

export async function correctEntry(ctx: BooksContext, id: number, body: unknown, actor: CurrentUser) {
  const { registry } = ctx;
  // A correction stays on its original's day (docs/decisions/0021-late-vouchers.md): a day or a
  // late reason sent with it is ignored, as the day always was; it keeps the original's late mark.
  const {
    reason: rawReason,
    issue_date: _day,
    backdate_reason: _late,
    ...fields
  } = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const { reason } = parseInput(reasonSchema, { reason: rawReason });
  // A cheque is its own record: a correction is paid as the original was, never by a new cheque.
  if (fields.payment === 'cheque') throw new HttpError(400, 'cheque_correction', undefined, 'payment');
  const found = await repo.getEntry(ctx.db, id);
  if (!found) throw new HttpError(404, 'entry_not_found');
  const kind = registry.byName(found.kind);
  refuseKindAccess(registry, found, actor);
  // A transfer is no registry kind (it has two accounts and no party): its body is a transfer's.
  const transfer = found.kind === TRANSFER_KIND;
  if (!kind && !transfer) throw new HttpError(409, 'server_written');

  // The same correction sent again: the replacement it wrote.
  const again = (seen: repo.EntryRow) => {
    if (Number(seen.corrects_id) !== id) throw new HttpError(409, 'idempotency_other_entry', undefined, 'idempotency_key');
    return replay(found, seen);
  };
  const sentKey = typeof fields.idempotency_key === 'string' ? await repo.findByIdempotencyKey(ctx.db, fields.idempotency_key.trim()) : undefined;
  if (sentKey) return again(sentKey);
  // What cannot be corrected says so before the body is read.
  await refuseCorrection(ctx, found);
  const prepared = kind
    ? await prepareEntry(ctx, kind, parseInput(entryInputSchema(kind), fields), actor)
    : await prepareTransfer(ctx, parseInput(transferInputSchema, fields), actor);
  if ('seen' in prepared) return again(prepared.seen);
  const { key } = prepared;

  return writeTransaction(
    ctx.db,
    async (trx) => {
      // With the books' lock held, a retry that raced the first finds it.
      const earlier = key ? await repo.findByIdempotencyKey(trx, key) : undefined;
      if (earlier) return again(earlier);
      const original = await repo.getEntry(trx, id);
      await refuseCorrection({ ...ctx, db: trx }, original);
      refuseVoid(ctx.registry, original);
      // The check and the change in one statement: of two corrections racing, one wins.
      if (!(await repo.markVoided(trx, id, blockingFlag(ctx.registry, original.kind)))) throw new HttpError(409, 'changed_meanwhile');
      const l = kind?.lifecycle;
      const replacement: repo.NewEntry = {
        ...prepared.row,
        issue_date: original.issue_date,
        entered_on: original.entered_on,
        backdate_reason: original.backdate_reason,
        // Sent without an account, the money stays where the original said it went.
        account_id: kind && (fields.account_id === undefined || fields.account_id === '') ? original.account_id : prepared.row.account_id,
        corrects_id: id,
        // A fire that had ended stays ended, when and by whom it was.
        ...(l && !l.entry
          ? {
              [l.status]: Number(original[l.status]),
              [l.value.column]: original[l.value.column],
              lifecycle_at: original.lifecycle_at,
              lifecycle_by: original.lifecycle_by,
            }
          : {}),
      };
      // The original's day, in its accounts and the replacement's, must be open (decision 0032).
      await refuseClosedDays(trx, ctx.registry, [original, replacement]);
      const replacementId = await repo.recordEntry(trx, ctx.registry, replacement);
      const why = reason ? `Corrected by #${replacementId}: ${reason}` : `Corrected by #${replacementId}`;
      const reversalId = await writeReversal(trx, ctx, actor, original, why);
      await auditVoided(trx, actor, 'correct', id, { reason: reason ?? null, reversal: reversalId, replacement: replacementId });
      return { created: true, row: { ...replacement, id: replacementId, fire_status: Number(replacement.fire_status ?? 0), sold_status: 0, voided: 0 } };
    },
    { idempotent: key !== null },
  );
}
