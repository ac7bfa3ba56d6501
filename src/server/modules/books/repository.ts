import { type Kysely, PostgresAdapter, type Transaction, sql } from 'kysely';
import type { EntryColumn, FlagColumn, SumColumn } from '../../../shared/entry-columns.ts';
import { partnerNameKey } from '../../../shared/partner-names.ts';
import type { Registry } from '../../../shared/registry.ts';
import { type MaybePromise, andThen, preparedQuery, reusedStatement } from '../../db/reads.ts';
import type { DB, EntryTable, PartnerTable } from '../../db/schema.ts';
import { containsText } from '../../db/text-search.ts';
import { type RollupRow, accumulate, applyRollups, partyKey, recordRollups } from './rollups.ts';

export type Db = Kysely<DB> | Transaction<DB>;
/** `id` only when an import into empty books keeps the numbers of the books it came from (native.ts). */
export type NewEntry = Omit<EntryTable, 'id' | 'fire_status' | 'sold_status' | 'voided'> & {
  id?: number;
  fire_status?: number;
  sold_status?: number;
  voided?: number;
};

export interface EntryFilters {
  kind: string;
  search?: string | undefined;
  name?: string | undefined;
  /** `name` is the text entries were typed with, not a party's key (a partner renamed since): added up from the entries. */
  typedName?: boolean | undefined;
  partner?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  limit: number;
  /** Only rows listed after this one (newest first): the next page. */
  before?: { date: string; id: number } | undefined;
}

export async function insertEntries(db: Db, entries: NewEntry[]): Promise<void> {
  // SQLite allows 32766 bound values per statement: 500 rows of ~37 columns stay under it.
  for (let i = 0; i < entries.length; i += 500)
    await db
      .insertInto('entries')
      .values(entries.slice(i, i + 500))
      .execute();
}

/**
 * Writes new entries with their effect on the summary and the rollups, in one statement each:
 * call inside a transaction. Their ids, in the order given (ids grow in the order rows are
 * inserted; the books' lock keeps other inserts out meanwhile).
 */
export async function recordEntries(db: Db, registry: Registry, entries: NewEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const numbered = entries.every((e) => e.id !== undefined);
  const inserted = numbered ? await insertNumbered(db, entries) : await insertNewEntries(db, entries);
  const ids = numbered ? entries.map((e) => e.id as number) : inserted.map((r) => Number(r.id)).sort((a, b) => a - b);
  await applyToSummary(
    db,
    entries.reduce((sum, e) => sum + e.cash_p, 0),
    entries.reduce((sum, e) => sum + e.stock_g, 0),
    entries.length,
  );
  await recordRollups(db, registry, entries);
  return ids;
}

/** Inserts the rows; rows of one shape (the same columns in the same order) reuse the statement's text. */
function insertNewEntries(db: Db, entries: NewEntry[]) {
  const build = () => db.insertInto('entries').values(entries).returning('id');
  const columns = Object.keys(entries[0] as NewEntry) as (keyof NewEntry)[];
  const shape = columns.join(',');
  if (!entries.every((e) => Object.keys(e).join(',') === shape)) return build().execute();
  return reusedStatement(
    db,
    `entries:${entries.length}:${shape}`,
    entries.flatMap((e) => columns.map((c) => e[c])),
    build,
  );
}

/** Rows that carry their own numbers (an import keeping them): PostgreSQL is told to take them. */
async function insertNumbered(db: Db, entries: NewEntry[]) {
  const compiled = db.insertInto('entries').values(entries).returning('id').compile();
  // The column numbers itself (an identity, generated always) unless the insert overrides it.
  const text = isPostgres(db) ? compiled.sql.replace(/\) values /, ') overriding system value values ') : compiled.sql;
  return (await db.executeQuery<{ id: number }>({ ...compiled, sql: text })).rows;
}

const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

/** After rows were written with their own numbers: new entries are numbered after the last (SQLite's AUTOINCREMENT follows by itself). */
export async function numberAfterLast(db: Db): Promise<void> {
  if (isPostgres(db)) await sql`select setval(pg_get_serial_sequence('entries', 'id'), (select max(id) from entries))`.execute(db);
}

/** Writes an entry with its effect on the summary and the rollups: call inside a transaction. */
export async function recordEntry(db: Db, registry: Registry, entry: NewEntry): Promise<number> {
  const [id] = await recordEntries(db, registry, [entry]);
  return id as number;
}

/** An entry changed in place (an asset sold or its sale voided): move the rollups from before to after. */
export function recordChange(db: Db, registry: Registry, before: RollupRow, after: RollupRow): Promise<void> {
  return applyRollups(db, accumulate(registry, [after], 1, accumulate(registry, [before], -1)));
}

/** Adds an entry's effect to the running summary: called in the entry's own transaction. */
export async function applyToSummary(db: Db, cash: number, stock: number, count = 1): Promise<void> {
  await reusedStatement(db, 'ledger_summary:add', [cash, stock, count, 1], () =>
    db
      .updateTable('ledger_summary')
      .set((eb) => ({ balance_p: eb('balance_p', '+', cash), stock_g: eb('stock_g', '+', stock), entry_count: eb('entry_count', '+', count) }))
      .where('id', '=', 1),
  );
}

// Read on every page; kept until the summary row changes.
const summaryRead = preparedQuery((db: Kysely<DB>) => db.selectFrom('ledger_summary').select(['balance_p', 'stock_g', 'entry_count']).where('id', '=', 1), {
  keep: { topic: 'books', max: 1 },
});

type SummaryRow = Awaited<ReturnType<typeof summaryRead>>[number];

const onlySummary = (rows: readonly SummaryRow[]) => {
  const [row] = rows;
  if (!row) throw new Error('ledger_summary has no row 1');
  return row;
};

/** The books' balance, stock and entry count (the header's figures: read on every page); at once when kept. */
export function getSummary(db: Kysely<DB>): MaybePromise<SummaryRow> {
  return andThen(summaryRead(db), onlySummary);
}

export type EntryRow = NonNullable<Awaited<ReturnType<typeof getEntry>>>;

export function getEntry(db: Db, id: number) {
  return db.selectFrom('entries').selectAll().where('id', '=', id).executeTakeFirst();
}

const entryByKey = preparedQuery((db: Kysely<DB>, key: string) => db.selectFrom('entries').selectAll().where('idempotency_key', '=', key));

export async function findByIdempotencyKey(db: Db, key: string) {
  const [row] = await entryByKey(db, key);
  return row;
}

function filtered(db: Db, f: Omit<EntryFilters, 'limit'>) {
  // Correction rows are not listed on their own: their original shows as voided instead.
  let q = db.selectFrom('entries').where('kind', '=', f.kind).where('void_of', 'is', null);
  if (f.partner !== undefined) q = q.where('party_id', '=', f.partner);
  else if (f.name !== undefined) q = q.where('name', '=', f.name);
  if (f.from) q = q.where('issue_date', '>=', f.from);
  if (f.to) q = q.where('issue_date', '<=', f.to);
  if (f.search) {
    const search = f.search;
    q = q.where((eb) => eb.or([containsText('name', search), containsText('note', search)]));
  }
  return q;
}

/** Rows after `before` in the lists' order (date, then id, newest first). */
function afterRow(q: ReturnType<typeof filtered>, before: EntryFilters['before']) {
  if (!before) return q;
  return q.where((eb) => eb.or([eb('issue_date', '<', before.date), eb.and([eb('issue_date', '=', before.date), eb('id', '<', before.id)])]));
}

/** Newest first: by date, then by the order they were written; a voided entry says who voided it, when and why. */
export async function listEntries(db: Db, f: EntryFilters) {
  return withVoidDetails(
    db,
    await withCurrentNames(
      db,
      await afterRow(filtered(db, f), f.before).selectAll().orderBy('issue_date', 'desc').orderBy('id', 'desc').limit(f.limit).execute(),
    ),
  );
}

/**
 * Entries show their partner's name as it is now (a rename keeps one history); the name typed
 * at the time stays on the entry and is sent as `name_as_typed` where it differs.
 */
export async function withCurrentNames<R extends { party_id: number | null; name: string | null }>(
  db: Db,
  rows: R[],
): Promise<(R & { name_as_typed?: string | null })[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.party_id === null ? [] : [Number(r.party_id)])))];
  if (ids.length === 0) return rows;
  const names = new Map((await db.selectFrom('partners').select(['id', 'name']).where('id', 'in', ids).execute()).map((p) => [Number(p.id), p.name]));
  return rows.map((r) => {
    const now = r.party_id === null ? undefined : names.get(Number(r.party_id));
    return now === undefined || now === r.name ? r : Object.assign({}, r, { name: now, name_as_typed: r.name });
  });
}

export interface VoidDetails {
  voided_reason?: string | null;
  voided_by?: string;
  voided_on?: string;
  reversal_id?: number;
  corrected_by?: number;
  /** A reversal's original's issue date: the day the void takes its amount out of. */
  reverses_date?: string;
}

/**
 * Adds to each voided entry its reversal's reason, author and date (one look-up by the void_of
 * index), and to each reversal the issue date of the entry it takes back (one look-up by id).
 */
export async function withVoidDetails<R extends { id: number; voided: number; void_of?: number | null }>(db: Db, rows: R[]): Promise<(R & VoidDetails)[]> {
  const voided = rows.filter((r) => Number(r.voided)).map((r) => Number(r.id));
  const reversed = rows.flatMap((r) => (r.void_of === null || r.void_of === undefined ? [] : [Number(r.void_of)]));
  if (voided.length === 0 && reversed.length === 0) return rows;
  const none = Promise.resolve([]);
  const [reversals, replacements, originals] = await Promise.all([
    voided.length
      ? db.selectFrom('entries').select(['id', 'void_of', 'void_reason', 'issued_by', 'issue_date']).where('void_of', 'in', voided).execute()
      : none,
    voided.length ? db.selectFrom('entries').select(['id', 'corrects_id']).where('corrects_id', 'in', voided).execute() : none,
    reversed.length ? db.selectFrom('entries').select(['id', 'issue_date']).where('id', 'in', reversed).execute() : none,
  ]);
  const byOriginal = new Map(reversals.map((r) => [Number(r.void_of), r]));
  const correctedBy = new Map(replacements.map((r) => [Number(r.corrects_id), Number(r.id)]));
  const dateOf = new Map(originals.map((o) => [Number(o.id), o.issue_date]));
  return rows.map((row) => {
    const original = row.void_of === null || row.void_of === undefined ? undefined : dateOf.get(Number(row.void_of));
    if (original !== undefined) return Object.assign({}, row, { reverses_date: original });
    const r = byOriginal.get(Number(row.id));
    const by = correctedBy.get(Number(row.id));
    return r
      ? Object.assign({}, row, {
          voided_reason: r.void_reason,
          voided_by: r.issued_by,
          voided_on: r.issue_date,
          reversal_id: Number(r.id),
          ...(by ? { corrected_by: by } : {}),
        })
      : row;
  });
}

export type SummableColumn = SumColumn;

/** A summed column counted the other way on rows whose `column` holds `when` (an opening's side). */
export interface SumFlip {
  column: string;
  when: string;
}

/**
 * Column sums over the same rows as the list (all of them, not one page), voided ones left out.
 * Read from the rollups (a row per kind and day, or per kind, name and day); a text search has
 * no rollup and adds up the matching entries.
 */
export async function sumEntries(
  db: Db,
  f: Omit<EntryFilters, 'limit'>,
  columns: SummableColumn[],
  flips: Partial<Record<SummableColumn, SumFlip>> = {},
): Promise<Record<string, number>> {
  if (columns.length === 0) return {};
  const sums = columns.map((c) => {
    const flip = flips[c];
    const value = flip ? sql`case when ${sql.ref(flip.column)} = ${flip.when} then -${sql.ref(c)} else ${sql.ref(c)} end` : sql.ref(c);
    return sql<number>`coalesce(sum(${value}), 0)`.as(c);
  });
  let row: Record<string, unknown> | undefined;
  // The rollups sum as typed: a kind whose side turns its figures (few rows: openings) adds up its entries.
  if (f.search || f.name === '' || f.typedName || Object.keys(flips).length > 0) {
    row = await filtered(db, f).where('voided', '=', 0).select(sums).executeTakeFirst();
  } else {
    // Both rollup tables have kind, issue_date and the sums; only the one by name has name_key.
    const key = f.partner !== undefined ? partyKey({ party_id: f.partner, name: null }) : f.name;
    const table = (key === undefined ? 'kind_day_totals' : 'kind_name_day_totals') as 'kind_name_day_totals';
    let q = db.selectFrom(table).where('kind', '=', f.kind);
    if (key !== undefined) q = q.where('name_key', '=', key);
    if (f.from) q = q.where('issue_date', '>=', f.from);
    if (f.to) q = q.where('issue_date', '<=', f.to);
    row = await q.select(sums).executeTakeFirst();
  }
  return Object.fromEntries(columns.map((c) => [c, Number(row?.[c] ?? 0)]));
}

/** The days that have live entries of a kind, newest first (history pages). */
export function distinctDates(db: Db, kind: string, limit: number) {
  return db
    .selectFrom('kind_day_totals')
    .select(['issue_date', 'count'])
    .where('kind', '=', kind)
    .where('count', '>', 0)
    .orderBy('issue_date', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The parties that have live entries of a kind (party list pages), with how many: a partner by
 * its current name and category, else the text typed.
 */
export async function distinctNames(db: Db, kind: string, search: string | undefined, limit: number) {
  const shown = sql<string>`coalesce(partners.name, kind_name_totals.name_key)`;
  let q = db
    .selectFrom('kind_name_totals')
    .leftJoin('partners', (j) => j.onRef('partners.id', '=', 'kind_name_totals.party_id').on(sql<boolean>`kind_name_totals.name_key like '#%'`))
    .select(['kind_name_totals.name_key', 'kind_name_totals.count', 'kind_name_totals.party_id', 'partners.name', 'partners.catagories'])
    .where('kind_name_totals.kind', '=', kind)
    .where('kind_name_totals.count', '>', 0);
  if (search) q = q.where(containsText(shown, search));
  const rows = await q.orderBy(shown).orderBy('kind_name_totals.party_id').limit(limit).execute();
  return rows.map((r) => {
    const partner = r.name_key.startsWith('#') && r.name !== null;
    return {
      name: partner ? r.name : r.name_key === '' ? null : r.name_key,
      count: r.count,
      party_id: partner ? r.party_id : null,
      catagories: partner ? r.catagories : null,
    };
  });
}

/** The newest entries of the given kinds (reversals included, so corrections show). */
export async function listRecent(db: Db, kinds: string[], limit: number) {
  return withVoidDetails(
    db,
    await withCurrentNames(db, await db.selectFrom('entries').selectAll().where('kind', 'in', kinds).orderBy('id', 'desc').limit(limit).execute()),
  );
}

/** The replacement that corrected an entry, if any. */
export function findCorrection(db: Db, id: number) {
  return db.selectFrom('entries').select(['id']).where('corrects_id', '=', id).executeTakeFirst();
}

/**
 * Voids a live original; false when it is voided already or is a correction, or when `unless`
 * (a lifecycle flag, such as an asset's sold flag) is set.
 */
export async function markVoided(db: Db, id: number, unless?: FlagColumn): Promise<boolean> {
  let q = db.updateTable('entries').set({ voided: 1 }).where('id', '=', id).where('voided', '=', 0).where('void_of', 'is', null);
  if (unless) q = q.where(unless, '=', 0);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Marks a lifecycle done (a fire ended, an asset sold) with its value; false when it was done already or the entry was voided. */
export async function markLifecycle(
  db: Db,
  id: number,
  status: FlagColumn,
  column: EntryColumn,
  value: string | number,
  at: { lifecycle_at: string; lifecycle_by: string },
): Promise<boolean> {
  const r = await db
    .updateTable('entries')
    .set({ [status]: 1, [column]: value, ...at } as never)
    .where('id', '=', id)
    .where(status, '=', 0)
    .where('voided', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A lifecycle undone (an asset's sale voided): the entry is back as it was. */
export async function clearLifecycle(db: Db, id: number, status: FlagColumn, column: EntryColumn): Promise<void> {
  await db
    .updateTable('entries')
    .set({ [status]: 0, [column]: null, lifecycle_at: null, lifecycle_by: null } as never)
    .where('id', '=', id)
    .execute();
}

/** What the books say when every entry is added up again from scratch. */
export async function recomputeTotals(db: Db) {
  const row = await db
    .selectFrom('entries')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('cash_p'), sql<number>`0`).as('balance_p'),
      eb.fn.coalesce(eb.fn.sum<number>('stock_g'), sql<number>`0`).as('stock_g'),
      eb.fn.countAll<number>().as('entry_count'),
    ])
    .executeTakeFirstOrThrow();
  return { balance_p: Number(row.balance_p), stock_g: Number(row.stock_g), entry_count: Number(row.entry_count) };
}

// Partners

export function listPartners(db: Db, search?: string) {
  let q = db.selectFrom('partners').selectAll();
  if (search) q = q.where(containsText('name', search));
  return q.orderBy('name').orderBy('id').execute();
}

// Partners are read on every entry with a party and change seldom: answers are kept until a partner changes.
const keepPartners = { keep: { topic: 'partners', max: 1000 } } as const;
const partnerById = preparedQuery((db: Kysely<DB>, id: number) => db.selectFrom('partners').selectAll().where('id', '=', id), keepPartners);

/** A partner's row as read. */
export type PartnerRow = NonNullable<Awaited<ReturnType<typeof getPartner>>>;

export async function getPartner(db: Db, id: number) {
  const [row] = await partnerById(db, id);
  return row;
}

/** The partners of these categories whose name reads as `name` (any case, look-alike letters). */
// Asked for every entry typed with a party's name: one indexed read per category the field allows.
const partnerByKey = preparedQuery(
  (db: Kysely<DB>, category: string, nameKey: string) =>
    db.selectFrom('partners').selectAll().where('catagories', '=', category).where('name_key', '=', nameKey),
  keepPartners,
);

export async function findPartnersByName(db: Db, name: string, categories: readonly string[]) {
  const key = partnerNameKey(name);
  const found = [];
  for (const category of categories) found.push(...(await partnerByKey(db, category, key)));
  return found;
}

/** What a party owes us now (poisha; negative: we owe them), from its running total. */
export async function partyDue(db: Db, partyId: number): Promise<number> {
  const row = await db.selectFrom('party_totals').select('effect_p').where('party_id', '=', partyId).executeTakeFirst();
  return Number(row?.effect_p ?? 0);
}

/** A partner row: its comparison key is worked out from its name here, always. */
export async function insertPartner(
  db: Db,
  p: Omit<PartnerTable, 'id' | 'name_key' | 'credit_limit_p' | 'refuse_past_limit'> & { credit_limit_p?: number | null; refuse_past_limit?: number },
): Promise<number> {
  const row = await db
    .insertInto('partners')
    .values({ ...p, credit_limit_p: p.credit_limit_p ?? null, refuse_past_limit: p.refuse_past_limit ?? 0, name_key: partnerNameKey(p.name) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updatePartner(db: Db, id: number, p: Partial<Omit<PartnerTable, 'id' | 'name_key'>>): Promise<void> {
  await db
    .updateTable('partners')
    .set(p.name === undefined ? p : { ...p, name_key: partnerNameKey(p.name) })
    .where('id', '=', id)
    .execute();
}

export function partnerNameTaken(db: Db, category: string, name: string, exceptId?: number) {
  let q = db.selectFrom('partners').select(['id', 'name']).where('catagories', '=', category).where('name_key', '=', partnerNameKey(name));
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.executeTakeFirst();
}
