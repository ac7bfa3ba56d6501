import type { Kysely } from 'kysely';
import { BACKDATE_DAYS, daysBefore, daysBetween } from '../../../shared/backdate.ts';
import type { EntryColumn } from '../../../shared/entry-columns.ts';
import { type KindDef, type Registry, registry as appRegistry, ruleSign } from '../../../shared/registry.ts';
import { TRANSFER_KIND } from '../../../shared/transfers.ts';
import type { DB } from '../../db/schema.ts';
import { accountProblems } from './accounts.ts';
import { chequeProblems } from './cheques.ts';
import { dayCloseProblems } from './day-close.ts';
import { priceRow } from './entries.ts';
import * as repo from './repository.ts';
import { rollupProblems } from './rollups.ts';
import { shareProblems } from '../share/check.ts';

/**
 * Recomputes the books from the entries and lists every place the stored figures disagree. Every
 * figure is read at one moment (one read-only transaction: SQLite's snapshot, PostgreSQL's
 * repeatable read), so a check of books a server is writing compares what was there together,
 * not a total read before a save with entries read after it.
 */
export function checkBooks(db: Kysely<DB>, registry: Registry = appRegistry): Promise<string[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute((trx) => checkAtOneMoment(trx, registry));
}

async function checkAtOneMoment(db: Kysely<DB>, registry: Registry): Promise<string[]> {
  const problems: string[] = [];
  const stored = await repo.getSummary(db);
  const computed = await repo.recomputeTotals(db);
  for (const k of ['balance_p', 'stock_g', 'entry_count'] as const) {
    if (Number(stored[k]) !== computed[k]) problems.push(`summary ${k}: stored ${stored[k]}, entries add up to ${computed[k]}`);
  }
  const rows = await db.selectFrom('entries').selectAll().execute();
  for (const row of rows) {
    const transferProblem = transferCheck(row);
    if (transferProblem) problems.push(`entry ${row.id} (${row.kind}): ${transferProblem}`);
    const own = registry.server(row.kind);
    if (own) {
      const expected = own.cash.direction * Number(row.paid_amount_p ?? 0) * (row.void_of === null ? 1 : -1);
      if (expected !== Number(row.cash_p)) problems.push(`entry ${row.id} (${row.kind}): cash effect ${row.cash_p}, expected ${expected}`);
    }
    const kind = registry.byName(row.kind);
    if (!kind) continue;
    const priced = priceRow(kind, row);
    if (priced && (priced.total_price_p !== Number(row.total_price_p) || priced.due_amount_p !== Number(row.due_amount_p))) {
      problems.push(
        `entry ${row.id} (${row.kind}): total/due ${row.total_price_p}/${row.due_amount_p}, recomputed ${priced.total_price_p}/${priced.due_amount_p}`,
      );
    }
    problems.push(...lateProblems(row));
    problems.push(...openingProblems(kind, row));
    const cashField = kind.cash ? kind.fields.find((f) => f.name === kind.cash?.field)?.column : undefined;
    const expectedCash =
      kind.cash && cashField ? ruleSign(kind, kind.cash, kind.cash.direction, row) * Number(row[cashField] ?? 0) * (row.void_of === null ? 1 : -1) : 0;
    if (expectedCash !== Number(row.cash_p)) problems.push(`entry ${row.id} (${row.kind}): cash effect ${row.cash_p}, expected ${expectedCash}`);
    const stockField = kind.stock ? kind.fields.find((f) => f.name === kind.stock?.field)?.column : undefined;
    const expectedStock =
      kind.stock && stockField ? ruleSign(kind, kind.stock, kind.stock.direction, row) * Number(row[stockField] ?? 0) * (row.void_of === null ? 1 : -1) : 0;
    if (expectedStock !== Number(row.stock_g)) problems.push(`entry ${row.id} (${row.kind}): stock effect ${row.stock_g}, expected ${expectedStock}`);
    // A lifecycle's time is stamped when it happens and cleared when it is undone: never on an entry still open.
    const l = kind.lifecycle;
    if (l && row.void_of === null && !Number(row[l.status]) && (row.lifecycle_at !== null || row.lifecycle_by !== null))
      problems.push(`entry ${row.id} (${row.kind}): not ${l.done}, yet stamped ${l.done} at ${row.lifecycle_at}`);
  }
  problems.push(...(await rollupProblems(db, registry, rows)));
  // Against the balance the entries add up to: a wrong stored summary is one problem, said above.
  problems.push(...(await accountProblems(db, computed.balance_p, rows)));
  problems.push(...(await dayCloseProblems(db, registry, rows)));
  problems.push(...(await chequeProblems(db, registry, rows, computed.balance_p)));
  problems.push(...(await shareProblems(db)));
  return problems;
}

/**
 * An opening due names its partner; a rule that turns with a field (an opening due's ledger, an
 * adjustment's cash and stock) finds one of that field's choices there. An account's opening
 * balance is kept out of the cash book's days by the rollups, which `check` recomputes above
 * (decisions 0041, 0044).
 */
function openingProblems(kind: KindDef, row: { id: number; kind: string; party_id: number | null } & { [C in EntryColumn]?: unknown }): string[] {
  const out: string[] = [];
  if (kind.opening === 'due' && row.party_id === null) out.push(`entry ${row.id} (${row.kind}): an opening due names no partner`);
  const flips = new Set([kind.ledger, kind.cash, kind.stock].flatMap((rule) => (rule && 'flip' in rule && rule.flip ? [rule.flip.field] : [])));
  for (const name of flips) {
    const field = kind.fields.find((f) => f.name === name);
    const value = field ? row[field.column] : undefined;
    if (field?.input.type === 'choice' && !field.input.options.includes(String(value)))
      out.push(`entry ${row.id} (${row.kind}): ${field.name} ${String(value)} is not one of ${field.input.options.join(', ')}`);
  }
  return out;
}

/** A transfer moves a positive amount between two accounts and its cash is minus its fee (plus, on its reversal); no other entry names a second account. */
function transferCheck(row: {
  kind: string;
  account_id: number;
  to_account_id: number | null;
  paid_amount_p: number | null;
  cash_p: number;
  void_of: number | null;
}) {
  if (row.kind !== TRANSFER_KIND) return row.to_account_id === null ? null : `names a second account (${row.to_account_id}) but is no transfer`;
  if (row.to_account_id === null || Number(row.to_account_id) === Number(row.account_id))
    return `moves money from account ${row.account_id} to ${row.to_account_id}`;
  if (!(Number(row.paid_amount_p) > 0)) return `moves ${row.paid_amount_p}, not a positive amount`;
  const fee = (row.void_of === null ? -1 : 1) * Number(row.cash_p);
  return fee < 0 ? `cash effect ${row.cash_p}: a fee cannot be negative` : null;
}

/**
 * A late voucher (docs/decisions/0021-late-vouchers.md) has its reason and the day it was entered,
 * lies 1 to BACKDATE_DAYS days before that day, and was not entered after it was stored (the
 * stored moment's UTC day, a day later at most in the business time zone).
 */
export function lateProblems(row: {
  id: unknown;
  kind: string;
  issue_date: string;
  entered_on: string | null;
  backdate_reason: string | null;
  created_at: string;
}): string[] {
  if (row.entered_on === null && row.backdate_reason === null) return [];
  const at = `entry ${row.id} (${row.kind})`;
  if (row.entered_on === null || !row.backdate_reason?.trim()) return [`${at}: a late voucher needs both the day it was entered and a reason`];
  const back = daysBetween(row.issue_date, row.entered_on);
  if (!(back >= 1 && back <= BACKDATE_DAYS))
    return [`${at}: dated ${row.issue_date}, entered on ${row.entered_on}: ${back} days back, not 1 to ${BACKDATE_DAYS}`];
  if (row.entered_on > daysBefore(row.created_at.slice(0, 10), -1)) return [`${at}: entered on ${row.entered_on}, after it was stored (${row.created_at})`];
  return [];
}
