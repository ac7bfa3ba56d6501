import type { CashbookAnswer, EntryAnswer, PartnerAnswer, TransferAnswer } from '../../../shared/api-schemas.ts';
import { type SumColumn, isSumColumn } from '../../../shared/entry-columns.ts';
import { toDecimal, units } from '../../../shared/money.ts';
import { TRANSFER_TITLE } from '../../../shared/transfers.ts';
import { type FieldDef, type KindDef, type Registry, isTotalled, partnerFields } from '../../../shared/registry.ts';
import type { EntryTable, LedgerSummaryTable, PartnerTable } from '../../db/schema.ts';
import type { SumFlip, VoidDetails } from './repository.ts';

// Rows ↔ the spec's wire shape, driven by the registry: each field says its column and unit.

type EntryRow = Omit<EntryTable, 'id' | 'fire_status' | 'sold_status' | 'voided'> & {
  id: number;
  fire_status: number | boolean;
  sold_status: number | boolean;
  voided: number | boolean;
};

function unitOf(f: FieldDef) {
  if (f.input.type === 'decimal') return units[f.input.unit];
  if (f.input.type === 'computed') return units.money;
  return null;
}

/** A stored entry as the API sends it: the kind's fields in spec units, plus the stamps. */
export function entryToWire(kind: KindDef, row: EntryRow & VoidDetails & { name_as_typed?: string | null }): Record<string, unknown> {
  const out = stamps(row);
  for (const f of kind.fields) {
    const raw = row[f.column];
    const unit = unitOf(f);
    out[f.name] = raw === null || raw === undefined ? null : unit ? toDecimal(Number(raw), unit) : raw;
  }
  if (row.party_id !== null) out.partner_id = row.party_id;
  if (kind.cash) out.account_id = Number(row.account_id);
  if (row.name_as_typed !== undefined) out.name_as_typed = row.name_as_typed;
  // The lifecycle's flag and value: a fire's end note, an asset's sale amount.
  const l = kind.lifecycle;
  if (l) {
    out[l.status] = Boolean(row[l.status]);
    const v = row[l.value.column];
    out[l.value.name] = v === null || v === undefined ? null : l.action === 'sell' ? toDecimal(Number(v), units.money) : v;
    // When it happened and who did it, as the server stamped it (none for entries ended before it did).
    out.lifecycle_at = row.lifecycle_at ?? null;
    out.lifecycle_by = row.lifecycle_by ?? null;
  }
  return withVoid(out, row);
}

function stamps(row: EntryRow): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id, issue_date: row.issue_date, issued_by: row.issued_by };
  if (row.entered_on) Object.assign(out, late(row));
  return out;
}

/** A late voucher's mark (docs/decisions/0021-late-vouchers.md): the day it was entered on, and why; nothing for others. */
const late = (row: { entered_on?: string | null; backdate_reason?: string | null }) =>
  row.entered_on ? { entered_on: row.entered_on, backdate_reason: row.backdate_reason ?? '' } : {};

/** Whether the entry was voided, and for a correction, what it corrects and why. */
function withVoid(out: Record<string, unknown>, row: EntryRow & VoidDetails): Record<string, unknown> {
  out.voided = Boolean(row.voided);
  if (row.void_of !== null)
    Object.assign(out, { void_of: row.void_of, void_reason: row.void_reason, ...(row.reverses_date ? { reverses_date: row.reverses_date } : {}) });
  if (row.voided_by !== undefined)
    Object.assign(out, { voided_reason: row.voided_reason, voided_by: row.voided_by, voided_on: row.voided_on, reversal_id: row.reversal_id });
  if (row.corrected_by !== undefined) out.corrected_by = row.corrected_by;
  if (row.corrects_id !== null && row.corrects_id !== undefined) out.corrects = Number(row.corrects_id);
  return out;
}

/** An entry of the latest-entries list: its kind and title, then its fields (an entry the server made: name, note, amount). */
export function recentToWire(registry: Registry, row: EntryRow & VoidDetails): EntryAnswer {
  const kind = registry.byName(row.kind);
  if (kind) return Object.assign({ kind: row.kind, title: kind.title }, entryToWire(kind, row)) as EntryAnswer;
  const made = registry.madeBy(row.kind)?.lifecycle.entry;
  const amount = row[made?.amount ?? 'paid_amount_p'];
  const paid = amount === null ? null : toDecimal(Number(amount), units.money);
  const title = made?.title ?? registry.server(row.kind)?.title ?? (row.to_account_id === null ? row.kind : TRANSFER_TITLE);
  return withVoid({ kind: row.kind, title, ...stamps(row), name: row.name, note: row.note, paid_amount: paid }, row) as EntryAnswer;
}

export function partnerToWire(row: Omit<PartnerTable, 'id'> & { id: unknown }): PartnerAnswer {
  const out: Record<string, unknown> = { id: Number(row.id) };
  for (const f of partnerFields) out[f.name] = row[f.column] ?? '';
  out.credit_limit = row.credit_limit_p === null || row.credit_limit_p === undefined ? null : toDecimal(Number(row.credit_limit_p), units.money);
  out.refuse_past_limit = Boolean(Number(row.refuse_past_limit ?? 0));
  return out as PartnerAnswer;
}

/** The kind's totalled columns (and a sale's amount): a statement's totals row sums each of them. */
export function summable(kind: KindDef): SumColumn[] {
  const cols = kind.fields
    .filter(isTotalled)
    .map((f) => f.column)
    .filter(isSumColumn);
  const sale = kind.lifecycle?.action === 'sell' ? kind.lifecycle.value.column : null;
  return sale && isSumColumn(sale) ? [...cols, sale] : cols;
}

/**
 * The summed columns a side turns (`flip` of the kind's cash, stock or ledger rule): an opening
 * taken away, or payable, counts against the rest, so the totals row is what the entries add up to.
 */
export function sumFlips(kind: KindDef): Partial<Record<SumColumn, SumFlip>> {
  const out: Partial<Record<SumColumn, SumFlip>> = {};
  for (const rule of [kind.cash, kind.stock, kind.ledger]) {
    const column = rule && kind.fields.find((f) => f.name === rule.field)?.column;
    const side = rule?.flip && kind.fields.find((f) => f.name === rule.flip?.field)?.column;
    if (column && side && isSumColumn(column)) out[column] = { column: side, when: rule.flip!.when };
  }
  return out;
}

/** The sums of `summable(kind)` under the fields' wire names, in their units. */
export function totalsToWire(kind: KindDef, sums: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of kind.fields) {
    const unit = unitOf(f);
    if (unit && sums[f.column] !== undefined) out[f.name] = toDecimal(sums[f.column] ?? 0, unit);
  }
  const l = kind.lifecycle;
  if (l?.action === 'sell' && sums[l.value.column] !== undefined) out[l.value.name] = toDecimal(sums[l.value.column] ?? 0, units.money);
  return out;
}

const money = (p: number | null) => (p === null ? null : toDecimal(Number(p), units.money));
const taka = (p: number) => toDecimal(p, units.money);

/** A transfer as the API sends it: its accounts, the amount and the fee (minus its cash: the fee is all that leaves the books). */
export function transferToWire(row: EntryRow & VoidDetails): TransferAnswer {
  const out = stamps(row);
  Object.assign(out, {
    kind: 'transfer',
    from_account_id: Number(row.account_id),
    to_account_id: Number(row.to_account_id),
    amount: taka(Number(row.paid_amount_p ?? 0)),
    // A reversal carries the fee back (+fee); the transfer itself −fee.
    fee: taka(Math.abs(Number(row.cash_p))),
    note: row.note,
  });
  return withVoid(out, row) as TransferAnswer;
}

type CashbookRow = {
  id: number;
  kind: string;
  issue_date: string;
  issued_by: string;
  name: string | null;
  party_id: number | null;
  note: string | null;
  account_id: number;
  to_account_id: number | null;
  voided: unknown;
  corrects_id: number | null;
  in_p: number;
  out_p: number;
  balance_p: number;
} & VoidDetails;

/** The cash book as the API sends it (taka): each row with its title, party, money in or out and the running balance. */
export function cashbookToWire(
  registry: Registry,
  b: {
    account: CashbookAnswer['account'];
    from: string;
    to: string;
    opening: number;
    in: number;
    out: number;
    closing: number;
    count: number;
    carried: number;
    rows: CashbookRow[];
  },
): CashbookAnswer {
  return {
    account: b.account,
    from: b.from,
    to: b.to,
    opening: taka(b.opening),
    in: taka(b.in),
    out: taka(b.out),
    closing: taka(b.closing),
    count: b.count,
    carried: taka(b.carried),
    rows: b.rows.map((r) => {
      const transfer = r.to_account_id !== null;
      return {
        id: Number(r.id),
        kind: r.kind,
        title:
          registry.byName(r.kind)?.title ??
          registry.madeBy(r.kind)?.lifecycle.entry.title ??
          registry.server(r.kind)?.title ??
          (transfer ? TRANSFER_TITLE : r.kind),
        issue_date: r.issue_date,
        issued_by: r.issued_by,
        name: r.name,
        partner_id: r.party_id === null ? null : Number(r.party_id),
        note: r.note,
        from_account_id: transfer ? Number(r.account_id) : null,
        to_account_id: transfer ? Number(r.to_account_id) : null,
        in: taka(r.in_p),
        out: taka(r.out_p),
        balance: taka(r.balance_p),
        voided: Boolean(Number(r.voided)),
        ...(r.voided_by !== undefined ? { voided_reason: r.voided_reason ?? null, voided_by: r.voided_by, voided_on: r.voided_on } : {}),
        ...(r.corrected_by !== undefined ? { corrected_by: r.corrected_by } : {}),
        ...(r.corrects_id !== null ? { corrects: Number(r.corrects_id) } : {}),
      };
    }),
  };
}

export const summaryToWire = (s: Pick<LedgerSummaryTable, 'balance_p' | 'stock_g'>) => ({
  wire_stock: toDecimal(Number(s.stock_g), units.weight),
  current_balance: money(Number(s.balance_p)),
});

export const balanceToWire = (r: { id: unknown; name: string; catagories: string; entries: unknown; balance_p: unknown }) => ({
  id: Number(r.id),
  name: r.name,
  catagories: r.catagories,
  entries: Number(r.entries),
  balance: money(Number(r.balance_p)),
});

interface LedgerAnswer {
  opening: number;
  closing: number;
  count: number;
  carried: number;
  rows: ({
    id: unknown;
    kind: string;
    issue_date: string;
    total_price_p: number | null;
    paid_amount_p: number | null;
    discount_amount_p: number | null;
    note: string | null;
    voided: unknown;
    corrects_id: number | null;
    entered_on: string | null;
    backdate_reason: string | null;
    account_id: unknown;
    effect_p: number;
    balance_p: number;
  } & VoidDetails)[];
}

/** A party's ledger as the API sends it: the partner, opening, closing and each row in taka. */
/** A kind whose entries move money (its own cash field, or a lifecycle's entry such as an asset's sale). */
const movesMoney = (registry: Registry, kind: string) => Boolean(registry.byName(kind)?.cash ?? registry.madeBy(kind));

export function ledgerToWire(registry: Registry, partner: Omit<PartnerTable, 'id'> & { id: unknown }, l: LedgerAnswer) {
  return {
    partner: partnerToWire(partner),
    opening: money(l.opening),
    closing: money(l.closing),
    count: l.count,
    carried: money(l.carried),
    rows: l.rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      title: registry.byName(r.kind)?.title ?? registry.server(r.kind)?.title ?? r.kind,
      issue_date: r.issue_date,
      total_price: money(r.total_price_p),
      paid_amount: money(r.paid_amount_p),
      discount_amount: money(r.discount_amount_p),
      note: r.note,
      // The account its money went through; null for a kind that moves none.
      account_id: movesMoney(registry, r.kind) ? Number(r.account_id) : null,
      effect: money(r.effect_p),
      balance: money(r.balance_p),
      voided: Boolean(Number(r.voided)),
      ...(r.voided_by !== undefined ? { voided_reason: r.voided_reason, voided_by: r.voided_by, voided_on: r.voided_on } : {}),
      ...(r.corrected_by !== undefined ? { corrected_by: r.corrected_by } : {}),
      ...(r.corrects_id !== null ? { corrects: Number(r.corrects_id) } : {}),
      ...late(r),
    })),
  };
}
