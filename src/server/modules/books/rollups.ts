import { type Kysely, type Transaction, sql } from 'kysely';
import { type EntryColumn, SUM_COLUMNS, type SumColumn } from '../../../shared/entry-columns.ts';
import { type Registry, ruleSign } from '../../../shared/registry.ts';
import { reusedStatement } from '../../db/reads.ts';
import type { DB, EntryTable } from '../../db/schema.ts';

// Running totals of the live entries (not voided, not corrections), kept in the same transaction
// as each write, so history pages, party lists, statement totals and party ledgers read a few
// rows instead of adding up years of entries. Each rollup is a table keyed by some of an entry's
// columns, holding a count and sums. `check` recomputes them all from the entries.

type Db = Kysely<DB> | Transaction<DB>;

export type RollupRow = Pick<EntryTable, 'kind' | 'issue_date' | 'party_id' | 'name' | 'void_of' | 'account_id' | 'cash_p' | SumColumn> &
  Partial<Pick<EntryTable, 'pot_number' | 'fire_man' | 'to_account_id'>> & { voided?: number | boolean | undefined };

/**
 * How an entry moves money accounts: its cash (`cash_p`) through its account; a transfer (an entry
 * with `to_account_id`) also moves its amount (`paid_amount_p`) out of its account and into the
 * other, so the from account gives amount + fee (its cash_p is −fee) and the to account gets the
 * amount. Nothing when it moves no money.
 */
export function accountMoves(row: Pick<RollupRow, 'account_id' | 'cash_p' | 'paid_amount_p' | 'to_account_id'>): { account_id: number; cash_p: number }[] {
  const cash = Number(row.cash_p);
  if (row.to_account_id === null || row.to_account_id === undefined) return cash ? [{ account_id: Number(row.account_id), cash_p: cash }] : [];
  const amount = Number(row.paid_amount_p ?? 0);
  return [
    { account_id: Number(row.account_id), cash_p: cash - amount },
    { account_id: Number(row.to_account_id), cash_p: amount },
  ];
}

/** How an entry moves what its party owes us (+) or we owe them (−): its kind's ledger rule, on the rule's field. */
export function ledgerEffect(registry: Registry, row: { kind: string } & { [C in EntryColumn]?: unknown }): number {
  // A registry kind, or one the server writes (a returned cheque: the party owes it again).
  const kind = registry.byName(row.kind) ?? registry.server(row.kind);
  const rule = kind?.ledger;
  if (!rule) return 0;
  const column = kind.fields.find((f) => f.name === rule.field)?.column;
  // An opening due that is payable (the factory owes the party) goes the other way.
  return column ? ruleSign(kind, rule, rule.sign, row) * Number(row[column] ?? 0) : 0;
}

type KeyColumn = 'kind' | 'issue_date' | 'name_key' | 'party_id' | 'month_key' | 'pot_key' | 'fire_man_key' | 'account_id';
/** Money into (cash_in_p) and out of (cash_out_p) the entry's account. */
type CashValue = 'cash_in_p' | 'cash_out_p';
/** A party's positive ledger effects (up_p) and its negative ones as a positive figure (down_p): the due list's ageing. */
type EffectValue = 'effect_p' | 'up_p' | 'down_p';

interface Rollup {
  table: string;
  /** The key columns (`name_key` is the entry's party: see partyKey). */
  keys: readonly KeyColumn[];
  /** Only entries with a party count in the party rollups. */
  partyOnly?: boolean;
  /** Only entries with this key (a pot number, a fire man) count. */
  keyedOnly?: 'pot_key' | 'fire_man_key';
  /** Counted once per account an entry moves money through (accountMoves): the money accounts. */
  cashOnly?: boolean;
  values: readonly ('count' | SumColumn | EffectValue | CashValue)[];
  /** Keep the highest partner id seen under the key (a name's partner, for ledger links). */
  party?: boolean;
  /** An account's opening balance is carried, not moved on its day: the cash book's days leave it out (decision 0041). */
  movedOnly?: boolean;
}

/**
 * What a party list and a party statement group by: the partner ('#' and its id) when the entry
 * names one, so a rename keeps one history and two partners of one name stay two; else the text
 * typed (an expense type, an asset's name, a pot), '' for none.
 */
export const partyKey = (row: Pick<RollupRow, 'party_id' | 'name'>): string =>
  row.party_id !== null && row.party_id !== undefined ? `#${Number(row.party_id)}` : (row.name ?? '');

const keyValue = (row: RollupRow, column: KeyColumn): string | number => {
  switch (column) {
    case 'name_key':
      return partyKey(row);
    case 'party_id':
      return Number(row.party_id);
    case 'account_id':
      return Number(row.account_id);
    case 'month_key':
      return row.issue_date.slice(0, 7);
    // Pots and fire men are typed text: " 7" and "7" are the same pot.
    case 'pot_key':
      return (row.pot_number ?? '').trim();
    case 'fire_man_key':
      return (row.fire_man ?? '').trim();
    default:
      return row[column];
  }
};

export const rollups: readonly Rollup[] = [
  // History pages and whole-kind statements over a date range.
  { table: 'kind_day_totals', keys: ['kind', 'issue_date'], values: ['count', ...SUM_COLUMNS] },
  // Party statements (kind + name, any date range).
  { table: 'kind_name_day_totals', keys: ['kind', 'name_key', 'issue_date'], values: ['count', ...SUM_COLUMNS] },
  // Party list pages.
  { table: 'kind_name_totals', keys: ['kind', 'name_key'], values: ['count'], party: true },
  // Party ledger: balance brought forward and closing for any date range; the due list's ageing.
  { table: 'party_day_totals', keys: ['party_id', 'issue_date'], partyOnly: true, values: ['count', 'effect_p', 'up_p', 'down_p'] },
  // Every partner's balance, and all it raised and brought down (the due list: how much of its dues were paid).
  { table: 'party_totals', keys: ['party_id'], partyOnly: true, values: ['count', 'effect_p', 'up_p', 'down_p'] },
  // The production report: kinds by month, firings and repairs by pot, firings by fire man
  // (by month for whole months, by day for a range's partial months and a pot's last dates).
  { table: 'kind_month_totals', keys: ['kind', 'month_key'], values: ['count', ...SUM_COLUMNS] },
  { table: 'pot_month_totals', keys: ['kind', 'pot_key', 'month_key'], keyedOnly: 'pot_key', values: ['count', ...SUM_COLUMNS] },
  { table: 'pot_day_totals', keys: ['kind', 'pot_key', 'issue_date'], keyedOnly: 'pot_key', values: ['count', ...SUM_COLUMNS] },
  { table: 'fire_man_month_totals', keys: ['kind', 'fire_man_key', 'month_key'], keyedOnly: 'fire_man_key', values: ['count', ...SUM_COLUMNS] },
  { table: 'fire_man_day_totals', keys: ['kind', 'fire_man_key', 'issue_date'], keyedOnly: 'fire_man_key', values: ['count', ...SUM_COLUMNS] },
  // Money accounts: each account's balance, and its money in and out by day (the cash book).
  { table: 'account_totals', keys: ['account_id'], cashOnly: true, values: ['count', 'cash_in_p', 'cash_out_p'] },
  { table: 'account_day_totals', keys: ['account_id', 'issue_date'], cashOnly: true, movedOnly: true, values: ['count', 'cash_in_p', 'cash_out_p'] },
];

function valueOf(row: RollupRow, v: Rollup['values'][number], effect: number): number {
  switch (v) {
    case 'count':
      return 1;
    case 'effect_p':
      return effect;
    case 'up_p':
      return Math.max(effect, 0);
    case 'down_p':
      return Math.max(-effect, 0);
    case 'cash_in_p':
      return Math.max(Number(row.cash_p), 0);
    case 'cash_out_p':
      return Math.max(-Number(row.cash_p), 0);
    default:
      return Number(row[v] ?? 0);
  }
}

const isLive = (row: RollupRow) => row.void_of === null && !Number(row.voided ?? 0);

type Acc = Map<string, { key: (string | number)[]; values: Record<string, number>; party: number | null }>;

/** Adds (sign 1) or takes away (sign −1) the rows' contributions, key by key, per rollup. */
export function accumulate(registry: Registry, rows: readonly RollupRow[], sign: 1 | -1, into: Map<Rollup, Acc> = new Map()): Map<Rollup, Acc> {
  for (const row of rows) {
    if (!isLive(row)) continue;
    const effect = ledgerEffect(registry, row);
    const opening = registry.byName(row.kind)?.opening;
    // The rows the account rollups count: the entry itself, or a transfer's two sides.
    // Object.assign, not a spread, to widen a row: see emptyEntry in context.ts.
    const self = [row];
    const moved =
      row.to_account_id === null || row.to_account_id === undefined
        ? Number(row.cash_p)
          ? self
          : []
        : accountMoves(row).map((m) => Object.assign({}, row, m));
    for (const r of rollups) {
      if (r.partyOnly && row.party_id === null) continue;
      if (r.keyedOnly && keyValue(row, r.keyedOnly) === '') continue;
      if (r.movedOnly && opening === 'account') continue;
      let acc = into.get(r);
      if (!acc) into.set(r, (acc = new Map()));
      for (const subject of r.cashOnly ? moved : self) {
        const key = r.keys.map((k) => keyValue(subject, k));
        const id = JSON.stringify(key);
        let slot = acc.get(id);
        if (!slot) acc.set(id, (slot = { key, values: Object.fromEntries(r.values.map((v) => [v, 0])), party: null }));
        for (const v of r.values) slot.values[v] = (slot.values[v] ?? 0) + sign * valueOf(subject, v, effect);
        if (r.party && row.party_id !== null) slot.party = Math.max(slot.party ?? 0, Number(row.party_id));
      }
    }
  }
  return into;
}

/** Writes accumulated contributions: insert the key or add to what is there. */
export async function applyRollups(db: Db, acc: Map<Rollup, Acc>): Promise<void> {
  for (const [r, slots] of acc) {
    const all = [...slots.values()];
    // Up to ~12 values a row: 400 rows stay well under SQLite's bound-parameter limit.
    for (let i = 0; i < all.length; i += 400) {
      const rows = all.slice(i, i + 400).map((s) => [...s.key, ...r.values.map((v) => s.values[v]), ...(r.party ? [s.party] : [])]);
      // Built only the first time a table and a number of rows are seen (reusedStatement).
      await reusedStatement(db, `${r.table}:${rows.length}`, rows.flat(), () => upsert(r, rows));
    }
  }
}

/** The statement that adds `rows` (key columns, then values) to rollup `r`'s table. */
function upsert(r: Rollup, rows: unknown[][]) {
  const cols = [...r.keys, ...r.values, ...(r.party ? ['party_id'] : [])];
  const adds = r.values.map((v) => sql`${sql.ref(v)} = ${sql.ref(`${r.table}.${v}`)} + excluded.${sql.ref(v)}`);
  if (r.party) {
    adds.push(
      sql`party_id = case when excluded.party_id > ${sql.ref(`${r.table}.party_id`)} then excluded.party_id else coalesce(${sql.ref(`${r.table}.party_id`)}, excluded.party_id) end`,
    );
  }
  return sql`insert into ${sql.table(r.table)} (${sql.join(cols.map((c) => sql.ref(c)))}) values ${sql.join(rows.map((row) => sql`(${sql.join(row)})`))}
        on conflict (${sql.join(r.keys.map((c) => sql.ref(c)))}) do update set ${sql.join(adds)}`;
}

/** Adds new rows to (or, for a void, takes an original away from) every rollup. */
export function recordRollups(db: Db, registry: Registry, rows: readonly RollupRow[], sign: 1 | -1 = 1): Promise<void> {
  return applyRollups(db, accumulate(registry, rows, sign));
}

/** Every stored rollup row that disagrees with the entries added up again (for `check`). */
export async function rollupProblems(db: Db, registry: Registry, entries: readonly RollupRow[]): Promise<string[]> {
  const expected = accumulate(registry, entries, 1);
  const problems: string[] = [];
  for (const r of rollups) {
    const want = expected.get(r) ?? new Map();
    const stored = (await sql<Record<string, unknown>>`select * from ${sql.table(r.table)}`.execute(db)).rows;
    const seen = new Set<string>();
    for (const row of stored) {
      const id = JSON.stringify(r.keys.map((k) => (k === 'party_id' || k === 'account_id' ? Number(row[k]) : row[k])));
      seen.add(id);
      const w = want.get(id);
      for (const v of r.values) {
        const got = Number(row[v] ?? 0);
        const exp = w?.values[v] ?? 0;
        if (got !== exp) problems.push(`${r.table} ${id} ${v}: stored ${got}, entries add up to ${exp}`);
      }
    }
    for (const [id, w] of want) {
      if (!seen.has(id) && r.values.some((v) => (w.values[v] ?? 0) !== 0)) problems.push(`${r.table} ${id}: missing`);
    }
  }
  return problems;
}
