import type { Kysely } from 'kysely';
import type { EntryInput } from '../../../shared/entry-schemas.ts';
import { checkBackdate } from '../../../shared/backdate.ts';
import { checkMadeAt } from '../../../shared/made-at.ts';
import { dueAmount, lineTotal } from '../../../shared/money.ts';
import { type FieldDef, type KindDef, type Registry, type RowKind, inputFields, pricingFields, ruleSign } from '../../../shared/registry.ts';
import type { CurrentUser } from '../../auth/plugin.ts';
import { recordAudit } from '../../audit.ts';
import type { DB } from '../../db/schema.ts';
import { type Outcome, groupCommit } from '../../db/group-commit.ts';
import { isPromise } from '../../db/reads.ts';
import { writeTransaction } from '../../db/write.ts';
import { HttpError } from '../../http/validate.ts';
import { openAccount } from './accounts.ts';
import { closedDays, closedRefusal, refuseClosedDays } from './closed-days.ts';
import { type CreditTerms, type Warning, creditCheck } from './credit.ts';
import { type BooksContext, emptyEntry, stamp } from './context.ts';
import * as repo from './repository.ts';

// Entries: what an entry is worth, how it moves cash and stock, and its party. Every write and
// its summary update share one transaction.

function columnOf(kind: RowKind, fieldName: string) {
  const f = kind.fields.find((x) => x.name === fieldName);
  if (!f) throw new Error(`registry: ${kind.kind} has no field ${fieldName}`);
  return f.column;
}

/** Total and due of a priced row, from the columns of its kind's amount, rate, paid and discount (the registry's roles). */
export function priceRow(kind: RowKind, row: Partial<repo.NewEntry>) {
  const p = pricingFields(kind);
  if (!p) return null;
  const value = (f: FieldDef | undefined) => (f ? Number(row[f.column] ?? 0) : 0);
  const total = lineTotal(value(p.amount), value(p.rate));
  return { total_price_p: total, due_amount_p: dueAmount(total, value(p.paid), value(p.discount)) };
}

/** Made earlier (sent from a phone's outbox): an entry or a transfer keeps the business day on which it was made. */
export function keepMadeDay(ctx: Pick<BooksContext, 'timeZone'>, madeAt: unknown, row: repo.NewEntry): void {
  if (typeof madeAt !== 'string') return;
  const made = checkMadeAt(new Date(madeAt), new Date(), ctx.timeZone);
  if (!made.ok) throw new HttpError(400, made.code, { day: made.day }, 'made_at');
  row.issue_date = made.day;
  row.made_at = made.madeAt;
}

/**
 * The stored row of an entry from its parsed input: the kind's columns, the party, the derived
 * total and due, and its effect on cash and stock. Used by saves and by the demo generator.
 */
export function buildEntryRow(
  kind: RowKind,
  input: Record<string, unknown>,
  party: { id: number; name: string } | null,
  stamps: Pick<repo.NewEntry, 'issue_date' | 'issued_by' | 'author_id' | 'created_at' | 'idempotency_key'>,
): repo.NewEntry {
  const row: repo.NewEntry = Object.assign(emptyEntry(), { kind: kind.kind }, stamps);
  const values = row as unknown as Record<string, unknown>;
  for (const f of inputFields(kind)) values[f.column] = input[f.name] ?? null;
  if (party) {
    row.party_id = party.id;
    row.name = party.name;
  }
  Object.assign(row, priceRow(kind, row));
  if (kind.cash) row.cash_p = ruleSign(kind, kind.cash, kind.cash.direction, values) * Number(values[columnOf(kind, kind.cash.field)] ?? 0);
  if (kind.stock) row.stock_g = ruleSign(kind, kind.stock, kind.stock.direction, values) * Number(values[columnOf(kind, kind.stock.field)] ?? 0);
  return row;
}

/**
 * A new entry's row from its input (checked by the kind's schema, `entryInputSchema`: the route
 * declares it), its party found, its total, due and effects worked out, stamped. Or, when its
 * idempotency key was seen already, the entry that key wrote.
 */
export async function prepareEntry(
  ctx: BooksContext,
  kind: KindDef,
  input: EntryInput,
  actor: CurrentUser,
): Promise<{ seen: repo.EntryRow; key: string | null } | { row: repo.NewEntry; key: string | null; party: Party | null }> {
  const key = typeof input.idempotency_key === 'string' ? input.idempotency_key : null;
  if (key) {
    const seen = await repo.findByIdempotencyKey(ctx.db, key);
    if (seen) return { seen, key };
  }
  const partyField = kind.fields.find((f) => f.input.type === 'party');
  const party =
    partyField && partyField.input.type === 'party'
      ? await resolveParty(ctx.db, partyField.input.categories, input.partner_id as number | undefined, String(input.name ?? ''))
      : null;
  const row = buildEntryRow(kind, input, party, { ...stamp(ctx, actor), idempotency_key: key });
  if (kind.cash) {
    const account = openAccount(ctx.db, input.account_id as number | undefined);
    row.account_id = isPromise(account) ? await account : account;
  }
  keepMadeDay(ctx, input.made_at, row);
  // A late voucher: put on its own, earlier day (shared/backdate.ts), counted back from the day it
  // was entered (made, for an entry from a phone's outbox): that day and the reason are kept.
  const late = checkBackdate(input.issue_date as string | undefined, input.backdate_reason as string | undefined, row.issue_date);
  if (!late.ok) throw new HttpError(400, late.code, late.params, late.field);
  if (late.backdated) {
    row.entered_on = row.issue_date;
    row.issue_date = late.issueDate;
    row.backdate_reason = late.reason;
  }
  return { row, key, party };
}

/** Saves a new entry; a sale past its client's credit limit comes back with a warning (or is refused: credit.ts). */
export async function createEntry(ctx: BooksContext, kind: KindDef, input: EntryInput, actor: CurrentUser): Promise<Saved & { warnings: Warning[] }> {
  const prepared = await prepareEntry(ctx, kind, input, actor);
  if ('seen' in prepared) return { ...replay(kind, prepared.seen), warnings: [] };
  const warnings = await creditCheck(ctx.db, ctx.registry, kind, prepared.row, prepared.party);
  const saved = await saveEntry(ctx.db, { db: ctx.db, registry: ctx.registry, kind, row: prepared.row, key: prepared.key });
  return { ...saved, warnings };
}

interface PendingEntry {
  db: Kysely<DB>;
  registry: Registry;
  kind: KindDef;
  row: repo.NewEntry;
  key: string | null;
}

type Saved = { created: boolean; row: repo.EntryRow };

const savedRow = (row: repo.NewEntry, id: number): repo.EntryRow => Object.assign({}, row, { id, fire_status: 0, sold_status: 0, voided: 0 }) as repo.EntryRow;

/** New entries arriving together are saved in one transaction (decision 0009: group commit). */
const saveEntry = groupCommit<PendingEntry, Saved>({ group: saveTogether, single: saveAlone });

async function saveAlone({ db, registry, kind, row, key }: PendingEntry): Promise<Saved> {
  try {
    // With the books' lock held the key is looked up again: a retry sent to another instance,
    // or a write run again after a lost connection, finds the first and records nothing.
    return await writeTransaction(
      db,
      async (trx) => {
        const earlier = key ? await repo.findByIdempotencyKey(trx, key) : undefined;
        if (earlier) return replay(kind, earlier);
        // Under the books' lock: a close of this day and account made before it refuses it (decision 0032).
        if (kind.cash) await refuseClosedDays(trx, registry, [row]);
        const id = await repo.recordEntry(trx, registry, row);
        await auditLate(trx, [row], [id]);
        return { created: true, row: savedRow(row, id) };
      },
      { idempotent: key !== null },
    );
  } catch (error) {
    // Two retries of the same form racing: the second finds the first.
    if (key) {
      const seen = await repo.findByIdempotencyKey(db, key);
      if (seen) return replay(kind, seen);
    }
    throw error;
  }
}

/**
 * Several new entries in one transaction: each key looked up under the books' lock (a key twice
 * in the group: the second finds the first), the new rows inserted in one statement, the
 * summary and every rollup changed once for all of them.
 */
function saveTogether(items: PendingEntry[]): Promise<Outcome<Saved>[]> {
  const db = items[0]!.db;
  return writeTransaction(
    db,
    async (trx) => {
      const outcomes: Outcome<Saved>[] = [];
      const answer = (i: number, kind: KindDef, row: repo.EntryRow) => {
        try {
          outcomes[i] = { ok: true, value: replay(kind, row) };
        } catch (error) {
          outcomes[i] = { ok: false, error };
        }
      };
      const fresh: number[] = [];
      // Under the books' lock: an entry into a day closed before it is refused, the others saved (decision 0032).
      const closed = items.some((p) => p.kind.cash) ? await closedDays(trx) : undefined;
      const firstWithKey = new Map<string, number>();
      const sameKeyAs = new Map<number, number>();
      for (const [i, { kind, key }] of items.entries()) {
        const first = key === null ? undefined : firstWithKey.get(key);
        if (first !== undefined) {
          sameKeyAs.set(i, first);
          continue;
        }
        const earlier = key ? await repo.findByIdempotencyKey(trx, key) : undefined;
        const refusal = !earlier && closed && kind.cash ? closedRefusal(closed, items[i]!.row) : null;
        if (earlier) answer(i, kind, earlier);
        else if (refusal) outcomes[i] = { ok: false, error: refusal };
        else {
          fresh.push(i);
          if (key) firstWithKey.set(key, i);
        }
      }
      const rows = fresh.map((i) => items[i]!.row);
      const ids = await repo.recordEntries(trx, items[0]!.registry, rows);
      await auditLate(trx, rows, ids);
      fresh.forEach((i, n) => {
        outcomes[i] = { ok: true, value: { created: true, row: savedRow(items[i]!.row, ids[n]!) } };
      });
      for (const [i, first] of sameKeyAs) {
        const saved = outcomes[first];
        if (saved?.ok) answer(i, items[i]!.kind, saved.value.row);
        else outcomes[i] = saved ?? { ok: false, error: new Error('group commit: no first entry of its key') };
      }
      return outcomes;
    },
    // Run again after a lost connection only when every entry would find itself by its key.
    { idempotent: items.every((p) => p.key !== null) },
  );
}

/** The audit log's line for each late voucher among new rows: the day it is for, the day it was entered, why. */
export async function auditLate(trx: repo.Db, rows: readonly repo.NewEntry[], ids: readonly number[]): Promise<void> {
  for (const [i, row] of rows.entries()) {
    if (row.entered_on === null) continue;
    await recordAudit(trx, {
      actor: { id: row.author_id, name: row.issued_by },
      action: 'backdate',
      subjectKind: 'entry',
      subjectId: String(ids[i]),
      before: undefined,
      after: { issue_date: row.issue_date, entered_on: row.entered_on, backdate_reason: row.backdate_reason },
    });
  }
}

export function replay(kind: Pick<KindDef, 'kind'>, row: repo.EntryRow) {
  if (row.kind !== kind.kind) throw new HttpError(409, 'idempotency_other_kind', undefined, 'idempotency_key');
  return { created: false, row };
}

/**
 * A list read's `name=` for a kind with a party: the one partner of that name in the kind's
 * categories (so it stays exact whatever the entries were typed as); 400 when two partners have
 * it; the name as typed when none has (entries of a partner since renamed, found by `partner=`).
 */
export async function partnerFilter(
  db: Kysely<DB>,
  kind: KindDef,
  name: string | undefined,
  partner: number | undefined,
): Promise<{ name?: string; partner?: number; typedName?: boolean }> {
  if (partner !== undefined) return { partner };
  const party = kind.fields.find((f) => f.input.type === 'party');
  if (name === undefined || party?.input.type !== 'party') return name === undefined ? {} : { name };
  const found = await repo.findPartnersByName(db, name, party.input.categories);
  if (found.length > 1) throw new HttpError(400, 'partner_ambiguous', { count: found.length }, 'name');
  return found[0] ? { partner: Number(found[0].id) } : { name, typedName: true };
}

/** An entry's party: its partner's id and name, and its credit terms (credit.ts). */
type Party = CreditTerms & { id: number };

async function resolveParty(db: Kysely<DB>, categories: readonly string[], partnerId: number | undefined, name: string): Promise<Party> {
  const wanted = categories.length > 2 ? 'partner' : categories.join(' or ');
  const asParty = (p: repo.PartnerRow): Party => ({ id: Number(p.id), name: p.name, credit_limit_p: p.credit_limit_p, refuse_past_limit: p.refuse_past_limit });
  if (partnerId !== undefined) {
    const p = await repo.getPartner(db, partnerId);
    if (!p || !categories.includes(p.catagories)) throw new HttpError(400, 'partner_not_listed', { category: wanted }, 'name');
    return asParty(p);
  }
  const found = await repo.findPartnersByName(db, name, categories);
  if (found.length === 0) throw new HttpError(400, 'partner_not_listed', { category: wanted }, 'name');
  if (found.length > 1) throw new HttpError(400, 'partner_ambiguous', { count: found.length }, 'name');
  return asParty(found[0]!);
}
