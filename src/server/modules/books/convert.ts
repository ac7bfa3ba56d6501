import { toDecimal, units } from '../../../shared/money.ts';
import { type FieldDef, type KindDef, partnerFields } from '../../../shared/registry.ts';
import type { EntryTable, PartnerTable } from '../../db/schema.ts';
import type { SummableColumn } from './repository.ts';

// Rows ↔ the spec's wire shape, driven by the registry: each field says its column and unit.

type EntryRow = Omit<EntryTable, 'id' | 'fire_status' | 'sold_status' | 'voided'> & { id: number; fire_status: number | boolean; sold_status: number | boolean; voided: number | boolean };

function unitOf(f: FieldDef) {
  if (f.input.type === 'decimal') return units[f.input.unit];
  if (f.input.type === 'computed') return units.money;
  return null;
}

/** A stored entry as the API sends it: the kind's fields in spec units, plus the stamps. */
export function entryToWire(kind: KindDef, row: EntryRow): Record<string, unknown> {
  const out = stamps(row);
  for (const f of kind.fields) {
    const raw = row[f.column];
    const unit = unitOf(f);
    out[f.name] = raw === null || raw === undefined ? null : unit ? toDecimal(Number(raw), unit) : raw;
  }
  if (row.party_id !== null) out.partner_id = row.party_id;
  if (kind.kind === 'fire') {
    out.fire_status = Boolean(row.fire_status);
    out.fire_time = row.fire_time;
  }
  if (kind.kind === 'asset') {
    out.sold_status = Boolean(row.sold_status);
    out.sold_amount = row.sold_amount_p === null ? null : toDecimal(Number(row.sold_amount_p), units.money);
  }
  return withVoid(out, row);
}

const stamps = (row: EntryRow): Record<string, unknown> => ({ id: row.id, issue_date: row.issue_date, issued_by: row.issued_by });

/** Whether the entry was voided, and for a correction, what it corrects and why. */
function withVoid(out: Record<string, unknown>, row: EntryRow): Record<string, unknown> {
  out.voided = Boolean(row.voided);
  if (row.void_of !== null) Object.assign(out, { void_of: row.void_of, void_reason: row.void_reason });
  return out;
}

/** An asset sale (not a registry kind: written by selling an asset) as the latest-entries list shows it. */
export function saleToWire(row: EntryRow): Record<string, unknown> {
  const paid = row.paid_amount_p === null ? null : toDecimal(Number(row.paid_amount_p), units.money);
  return withVoid({ kind: row.kind, title: 'Asset Sale', ...stamps(row), name: row.name, note: row.note, paid_amount: paid }, row);
}

export function partnerToWire(row: Omit<PartnerTable, 'id'> & { id: unknown }): Record<string, unknown> {
  const out: Record<string, unknown> = { id: Number(row.id) };
  for (const f of partnerFields) out[f.name] = row[f.column] ?? '';
  return out;
}

const SUMMABLE = new Set(['qunatity_milli', 'weight_g', 'price_p', 'total_price_p', 'paid_amount_p', 'discount_amount_p', 'due_amount_p']);

/** The kind's numeric columns: a statement's totals row sums each of them. */
export function summable(kind: KindDef): SummableColumn[] {
  const cols = kind.fields.filter((f) => SUMMABLE.has(f.column)).map((f) => f.column as SummableColumn);
  return kind.kind === 'asset' ? [...cols, 'sold_amount_p'] : cols;
}

export function totalsToWire(kind: KindDef, sums: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of kind.fields) {
    const unit = unitOf(f);
    if (unit && sums[f.column] !== undefined) out[f.name] = toDecimal(sums[f.column] ?? 0, unit);
  }
  if (sums.sold_amount_p !== undefined) out.sold_amount = toDecimal(sums.sold_amount_p, units.money);
  return out;
}
