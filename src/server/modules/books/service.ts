import type { Kysely } from 'kysely';
import { todayIn } from '../../../shared/dates.ts';
import { endFireSchema, entryInputSchema, partnerSchema, sellAssetSchema, voidSchema } from '../../../shared/entry-schemas.ts';
import { dueAmount, lineTotal } from '../../../shared/money.ts';
import { ASSET_SALE_KIND, type KindDef, inputFields, kindByName, partnerFields } from '../../../shared/registry.ts';
import { recordAudit } from '../../audit.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { isUniqueViolation } from '../../db/database.ts';
import type { DB, PartnerTable } from '../../db/schema.ts';
import { HttpError, parseInput } from '../../http/validate.ts';
import * as repo from './repository.ts';
import { recordRollups, rollupProblems } from './rollups.ts';

// The books' rules: what an entry is worth, how it moves cash and stock, and how mistakes are
// corrected. Every write and its summary update share one transaction.

export interface BooksContext {
  db: Kysely<DB>;
  timeZone: string;
}

const stamp = (ctx: BooksContext, actor: CurrentUser) => ({
  issue_date: todayIn(ctx.timeZone),
  issued_by: actor.name,
  author_id: actor.id,
  created_at: new Date().toISOString(),
});

const emptyEntry = (): Omit<repo.NewEntry, 'kind' | 'issue_date' | 'issued_by' | 'author_id' | 'created_at'> => ({
  party_id: null, name: null, note: null, qunatity_milli: null, size: null, weight_g: null, price_p: null, total_price_p: null,
  paid_amount_p: null, discount_amount_p: null, due_amount_p: null, month: null, assigned_salary: null, absent: null, roll: null,
  pot_number: null, fire_man: null, fire_time: null, sold_amount_p: null, cash_p: 0, stock_g: 0, void_of: null, ref_id: null,
  void_reason: null, idempotency_key: null, fire_status: 0, sold_status: 0, voided: 0,
});

function columnOf(kind: KindDef, fieldName: string) {
  const f = kind.fields.find((x) => x.name === fieldName);
  if (!f) throw new Error(`registry: ${kind.kind} has no field ${fieldName}`);
  return f.column;
}

/** Total and due of a priced row, from its amount, rate, paid and discount. */
export function priceRow(kind: KindDef, row: Pick<repo.NewEntry, 'weight_g' | 'qunatity_milli' | 'price_p' | 'paid_amount_p' | 'discount_amount_p'>) {
  if (!kind.pricing) return null;
  const amount = (kind.pricing === 'weight' ? row.weight_g : row.qunatity_milli) ?? 0;
  const total = lineTotal(amount, row.price_p ?? 0);
  return { total_price_p: total, due_amount_p: dueAmount(total, row.paid_amount_p ?? 0, row.discount_amount_p ?? 0) };
}

/**
 * The stored row of an entry from its parsed input: the kind's columns, the party, the derived
 * total and due, and its effect on cash and stock. Used by saves and by the demo generator.
 */
export function buildEntryRow(
  kind: KindDef,
  input: Record<string, unknown>,
  party: { id: number; name: string } | null,
  stamps: Pick<repo.NewEntry, 'issue_date' | 'issued_by' | 'author_id' | 'created_at' | 'idempotency_key'>,
): repo.NewEntry {
  const row: repo.NewEntry = { ...emptyEntry(), kind: kind.kind, ...stamps };
  const values = row as unknown as Record<string, unknown>;
  for (const f of inputFields(kind)) values[f.column] = input[f.name] ?? null;
  if (party) {
    row.party_id = party.id;
    row.name = party.name;
  }
  Object.assign(row, priceRow(kind, row));
  if (kind.cash) row.cash_p = kind.cash.direction * Number(values[columnOf(kind, kind.cash.field)] ?? 0);
  if (kind.stock) row.stock_g = kind.stock.direction * Number(values[columnOf(kind, kind.stock.field)] ?? 0);
  return row;
}

export async function createEntry(ctx: BooksContext, kind: KindDef, body: unknown, actor: CurrentUser) {
  const input = parseInput(entryInputSchema(kind), body) as Record<string, string | number | undefined>;
  const key = typeof input.idempotency_key === 'string' ? input.idempotency_key : null;
  if (key) {
    const seen = await repo.findByIdempotencyKey(ctx.db, key);
    if (seen) return replay(kind, seen);
  }

  const partyField = kind.fields.find((f) => f.input.type === 'party');
  const party =
    partyField && partyField.input.type === 'party' ? await resolveParty(ctx.db, partyField.input.categories, input.partner_id as number | undefined, String(input.name ?? '')) : null;
  const row = buildEntryRow(kind, input, party, { ...stamp(ctx, actor), idempotency_key: key });

  try {
    const id = await ctx.db.transaction().execute((trx) => repo.recordEntry(trx, row));
    return { created: true, row: { ...row, id, fire_status: 0, sold_status: 0, voided: 0 } };
  } catch (error) {
    // Two retries of the same form racing: the second finds the first.
    if (key) {
      const seen = await repo.findByIdempotencyKey(ctx.db, key);
      if (seen) return replay(kind, seen);
    }
    throw error;
  }
}

function replay(kind: KindDef, row: NonNullable<Awaited<ReturnType<typeof repo.getEntry>>>) {
  if (row.kind !== kind.kind) throw new HttpError(409, 'idempotency_key: already used for another kind of entry', 'idempotency_key');
  return { created: false, row };
}

async function resolveParty(db: Kysely<DB>, categories: readonly string[], partnerId: number | undefined, name: string) {
  const wanted = categories.length > 2 ? 'partner' : categories.join(' or ');
  if (partnerId !== undefined) {
    const p = await repo.getPartner(db, partnerId);
    if (!p || !categories.includes(p.catagories)) throw new HttpError(400, `name: choose a ${wanted} from the partner list`, 'name');
    return { id: Number(p.id), name: p.name };
  }
  const found = await repo.findPartnersByName(db, name, categories);
  if (found.length === 0) throw new HttpError(400, `name: choose a ${wanted} from the partner list`, 'name');
  if (found.length > 1) throw new HttpError(400, `name: more than one partner is called ${name}; choose one from the list`, 'name');
  return { id: Number(found[0]?.id), name: found[0]?.name ?? name };
}

export async function voidEntry(ctx: BooksContext, id: number, body: unknown, actor: CurrentUser) {
  const { reason } = parseInput(voidSchema, body);
  return ctx.db.transaction().execute(async (trx) => {
    const original = await repo.getEntry(trx, id);
    if (!original) throw new HttpError(404, 'No such entry');
    if (original.void_of !== null) throw new HttpError(409, 'This is a correction already; it cannot be voided');
    if (original.voided) throw new HttpError(409, 'This entry is already voided');
    if (original.kind === 'asset' && original.sold_status) throw new HttpError(409, 'This asset has been sold: void the sale first');
    if (!(await repo.markVoided(trx, id))) throw new HttpError(409, 'This entry is already voided');
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
      await trx.updateTable('entries').set({ sold_status: 0, sold_amount_p: null }).where('id', '=', original.ref_id).execute();
      if (asset) await repo.recordChange(trx, asset, { ...asset, sold_amount_p: null });
    }
    await recordAudit(trx, { actor, action: 'void', subjectKind: 'entry', subjectId: String(id), before: { voided: false }, after: { voided: true, reason, reversal: reversalId } });
    return { id, reversal_id: reversalId };
  });
}

export async function endFire(ctx: BooksContext, id: number, body: unknown, actor: CurrentUser) {
  const { fire_time } = parseInput(endFireSchema, body);
  return ctx.db.transaction().execute(async (trx) => {
    const fire = await repo.getEntry(trx, id);
    if (!fire || fire.kind !== 'fire' || fire.void_of !== null) throw new HttpError(404, 'No such fire');
    if (fire.voided) throw new HttpError(409, 'This fire entry was voided');
    // Conditional, so two people ending the same fire at once end it once.
    const ended = await trx.updateTable('entries').set({ fire_status: 1, fire_time }).where('id', '=', id).where('fire_status', '=', 0).where('voided', '=', 0).executeTakeFirst();
    if (Number(ended.numUpdatedRows) !== 1) throw new HttpError(409, 'This fire has already ended');
    await recordAudit(trx, { actor, action: 'end-fire', subjectKind: 'entry', subjectId: String(id), before: { fire_status: false }, after: { fire_status: true, fire_time } });
    return { ...fire, fire_status: 1, fire_time };
  });
}

export async function sellAsset(ctx: BooksContext, id: number, body: unknown, actor: CurrentUser) {
  const { sold_amount } = parseInput(sellAssetSchema, body);
  return ctx.db.transaction().execute(async (trx) => {
    const asset = await repo.getEntry(trx, id);
    if (!asset || asset.kind !== 'asset' || asset.void_of !== null) throw new HttpError(404, 'No such asset');
    if (asset.voided) throw new HttpError(409, 'This asset entry was voided');
    // Conditional, so two sales of the same asset at once record one.
    const sold = await trx.updateTable('entries').set({ sold_status: 1, sold_amount_p: sold_amount }).where('id', '=', id).where('sold_status', '=', 0).where('voided', '=', 0).executeTakeFirst();
    if (Number(sold.numUpdatedRows) !== 1) throw new HttpError(409, 'This asset is already sold');
    await repo.recordChange(trx, asset, { ...asset, sold_amount_p: sold_amount });
    // The sale is money in: its own entry, so the balance stays a plain sum of entries.
    const sale: repo.NewEntry = { ...emptyEntry(), kind: ASSET_SALE_KIND, ...stamp(ctx, actor), name: asset.name, paid_amount_p: sold_amount, cash_p: sold_amount, ref_id: id, note: `Sale of asset #${id}` };
    await repo.recordEntry(trx, sale);
    await recordAudit(trx, { actor, action: 'sell-asset', subjectKind: 'entry', subjectId: String(id), before: { sold_status: false }, after: { sold_status: true, sold_amount } });
    return { ...asset, sold_status: 1, sold_amount_p: sold_amount };
  });
}

// Partners

type PartnerColumns = Omit<PartnerTable, 'id' | 'created_at' | 'updated_at'>;

function partnerColumns(input: Record<string, unknown>): PartnerColumns {
  return Object.fromEntries(partnerFields.map((f) => [f.column, (input[f.name] as string | undefined) ?? null])) as unknown as PartnerColumns;
}

export async function createPartner(ctx: BooksContext, body: unknown, actor: CurrentUser) {
  const input = parseInput(partnerSchema, body) as Record<string, unknown>;
  const cols = partnerColumns(input);
  if (await repo.partnerNameTaken(ctx.db, String(cols.catagories), String(cols.name))) {
    throw new HttpError(409, `name: a ${cols.catagories} named ${cols.name} already exists`, 'name');
  }
  const now = new Date().toISOString();
  return nameClashAs409(cols, () =>
    ctx.db.transaction().execute(async (trx) => {
      const id = await repo.insertPartner(trx, { ...cols, created_at: now, updated_at: now });
      await recordAudit(trx, { actor, action: 'add-partner', subjectKind: 'partner', subjectId: String(id), before: undefined, after: input });
      return repo.getPartner(trx, id);
    }),
  );
}

export async function updatePartner(ctx: BooksContext, id: number, body: unknown, actor: CurrentUser) {
  const input = parseInput(partnerSchema, body) as Record<string, unknown>;
  const cols = partnerColumns(input);
  return nameClashAs409(cols, () => ctx.db.transaction().execute(async (trx) => {
    const before = await repo.getPartner(trx, id);
    if (!before) throw new HttpError(404, 'No such partner');
    if (await repo.partnerNameTaken(trx, String(cols.catagories), String(cols.name), id)) {
      throw new HttpError(409, `name: a ${cols.catagories} named ${cols.name} already exists`, 'name');
    }
    await repo.updatePartner(trx, id, { ...cols, updated_at: new Date().toISOString() });
    // Entries keep the name they were written with; the party link follows the partner.
    await recordAudit(trx, { actor, action: 'edit-partner', subjectKind: 'partner', subjectId: String(id), before, after: input });
    return repo.getPartner(trx, id);
  }));
}

/** Two saves of the same name racing past the check: the unique index decides, as a 409. */
async function nameClashAs409<T>(cols: PartnerColumns, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, `name: a ${cols.catagories} named ${cols.name} already exists`, 'name');
    throw error;
  }
}

/** Recomputes the books from the entries and lists every place the stored figures disagree. */
export async function checkBooks(db: Kysely<DB>): Promise<string[]> {
  const problems: string[] = [];
  const stored = await repo.getSummary(db);
  const computed = await repo.recomputeTotals(db);
  for (const k of ['balance_p', 'stock_g', 'entry_count'] as const) {
    if (Number(stored[k]) !== computed[k]) problems.push(`summary ${k}: stored ${stored[k]}, entries add up to ${computed[k]}`);
  }
  const rows = await db.selectFrom('entries').selectAll().execute();
  for (const row of rows) {
    const kind = kindByName(row.kind);
    if (!kind) continue;
    const priced = priceRow(kind, row);
    if (priced && (priced.total_price_p !== Number(row.total_price_p) || priced.due_amount_p !== Number(row.due_amount_p))) {
      problems.push(`entry ${row.id} (${row.kind}): total/due ${row.total_price_p}/${row.due_amount_p}, recomputed ${priced.total_price_p}/${priced.due_amount_p}`);
    }
    const cashField = kind.cash ? kind.fields.find((f) => f.name === kind.cash?.field)?.column : undefined;
    const expectedCash = kind.cash && cashField ? kind.cash.direction * Number(row[cashField] ?? 0) * (row.void_of === null ? 1 : -1) : 0;
    if (expectedCash !== Number(row.cash_p)) problems.push(`entry ${row.id} (${row.kind}): cash effect ${row.cash_p}, expected ${expectedCash}`);
  }
  problems.push(...(await rollupProblems(db, rows)));
  return problems;
}
