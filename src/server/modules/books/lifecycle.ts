import { endFireSchema, sellAssetSchema, voidSchema } from '../../../shared/entry-schemas.ts';
import { ASSET_SALE_KIND } from '../../../shared/registry.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError, parseInput } from '../../http/validate.ts';
import { type BooksContext, emptyEntry, stamp } from './context.ts';
import * as repo from './repository.ts';
import { recordRollups } from './rollups.ts';

// State changes of entries: void (a linked reversal), end a fire, sell an asset. Nothing is
// edited but the state flags; each change is audited in its own transaction.

export async function voidEntry(ctx: BooksContext, id: number, body: unknown, actor: CurrentUser) {
  const { reason } = parseInput(voidSchema, body);
  return writeTransaction(ctx.db, async (trx) => {
    const original = await repo.getEntry(trx, id);
    refuseVoid(original);
    // The check and the change in one statement: of two racing changes to this row, one wins.
    if (!(await repo.markVoided(trx, id))) {
      refuseVoid(await repo.getEntry(trx, id));
      throw new HttpError(409, 'This entry is already voided');
    }
    await recordRollups(trx, [original], -1);
    const { id: _id, voided: _v, ...copy } = original;
    const reversal: repo.NewEntry = {
      ...copy,
      ...stamp(ctx, actor),
      cash_p: -Number(original.cash_p),
      stock_g: -Number(original.stock_g),
      void_of: id,
      void_reason: reason,
      idempotency_key: null,
      fire_status: Number(original.fire_status),
      sold_status: 0,
    };
    const reversalId = await repo.recordEntry(trx, reversal);
    if (original.kind === ASSET_SALE_KIND && original.ref_id !== null) {
      const asset = await repo.getEntry(trx, original.ref_id);
      await repo.clearAssetSale(trx, original.ref_id);
      if (asset) await repo.recordChange(trx, asset, { ...asset, sold_amount_p: null });
    }
    await recordAudit(trx, { actor, action: 'void', subjectKind: 'entry', subjectId: String(id), before: { voided: false }, after: { voided: true, reason, reversal: reversalId } });
    return { id, reversal_id: reversalId };
  });
}

function refuseVoid(row: Awaited<ReturnType<typeof repo.getEntry>>): asserts row is NonNullable<typeof row> {
  if (!row) throw new HttpError(404, 'No such entry');
  if (row.void_of !== null) throw new HttpError(409, 'This is a correction already; it cannot be voided');
  if (row.voided) throw new HttpError(409, 'This entry is already voided');
  if (row.kind === 'asset' && row.sold_status) throw new HttpError(409, 'This asset has been sold: void the sale first');
}

export async function endFire(ctx: BooksContext, id: number, body: unknown, actor: CurrentUser) {
  const { fire_time } = parseInput(endFireSchema, body);
  return writeTransaction(ctx.db, async (trx) => {
    const fire = await repo.getEntry(trx, id);
    if (!fire || fire.kind !== 'fire' || fire.void_of !== null) throw new HttpError(404, 'No such fire');
    if (fire.voided) throw new HttpError(409, 'This fire entry was voided');
    // Conditional, so two people ending the same fire at once end it once.
    if (!(await repo.markFireEnded(trx, id, fire_time))) throw new HttpError(409, 'This fire has already ended');
    await recordAudit(trx, { actor, action: 'end-fire', subjectKind: 'entry', subjectId: String(id), before: { fire_status: false }, after: { fire_status: true, fire_time } });
    return { ...fire, fire_status: 1, fire_time };
  });
}

export async function sellAsset(ctx: BooksContext, id: number, body: unknown, actor: CurrentUser) {
  const { sold_amount } = parseInput(sellAssetSchema, body);
  return writeTransaction(ctx.db, async (trx) => {
    const asset = await repo.getEntry(trx, id);
    if (!asset || asset.kind !== 'asset' || asset.void_of !== null) throw new HttpError(404, 'No such asset');
    if (asset.voided) throw new HttpError(409, 'This asset entry was voided');
    // Conditional, so two sales of the same asset at once record one.
    if (!(await repo.markAssetSold(trx, id, sold_amount))) throw new HttpError(409, 'This asset is already sold');
    await repo.recordChange(trx, asset, { ...asset, sold_amount_p: sold_amount });
    // The sale is money in: its own entry, so the balance stays a plain sum of entries.
    const sale: repo.NewEntry = { ...emptyEntry(), kind: ASSET_SALE_KIND, ...stamp(ctx, actor), name: asset.name, paid_amount_p: sold_amount, cash_p: sold_amount, ref_id: id, note: `Sale of asset #${id}` };
    await repo.recordEntry(trx, sale);
    await recordAudit(trx, { actor, action: 'sell-asset', subjectKind: 'entry', subjectId: String(id), before: { sold_status: false }, after: { sold_status: true, sold_amount } });
    return { ...asset, sold_status: 1, sold_amount_p: sold_amount };
  });
}
