import { recordAudit } from '../../audit.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';
import type { BooksContext } from '../books/context.ts';
import { voidWithin } from '../books/lifecycle.ts';
import type { ImportActor } from './old-system.ts';

// An import batch voided as a unit (docs/decisions/0030): every entry it wrote that still stands
// is voided as a person would void it (a reversal each, audited; a sale before its asset), all in
// one transaction. Its old keys are let go, so a corrected export can be imported again; its
// partners stay (they may have entries of their own since, and a new import finds them by name).

export async function voidBatch(ctx: BooksContext, batchId: number, reason: string, actor: ImportActor): Promise<{ voided: number }> {
  return writeTransaction(ctx.db, async (trx) => {
    const batch = await trx.selectFrom('import_batches').selectAll().where('id', '=', batchId).executeTakeFirst();
    if (!batch) throw new HttpError(404, 'import_batch_not_found');
    if (batch.voided_at !== null) throw new HttpError(409, 'import_batch_voided');
    // Newest first: an asset's sale was written after the asset, and is voided before it.
    const standing = await trx
      .selectFrom('entries')
      .select('id')
      .where('import_batch', '=', batchId)
      .where('voided', '=', 0)
      .where('void_of', 'is', null)
      .orderBy('id', 'desc')
      .execute();
    for (const { id } of standing) await voidWithin(trx, ctx, Number(id), reason, actor);
    await trx.updateTable('entries').set({ import_key: null }).where('import_batch', '=', batchId).execute();
    const at = new Date().toISOString();
    await trx.updateTable('import_batches').set({ voided_at: at, voided_by_name: actor.name, void_reason: reason }).where('id', '=', batchId).execute();
    await recordAudit(trx, {
      actor,
      action: 'void-import',
      subjectKind: 'import_batch',
      subjectId: String(batchId),
      before: { voided: false },
      after: { voided: true, reason, entries: standing.length },
    });
    return { voided: standing.length };
  });
}
