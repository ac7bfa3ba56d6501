// THE ENTRY COLUMNS. Every entry of every kind is one row of the `entries` table; this list says
// which value columns that row has, once. The columns' TypeScript type, an empty row, the columns
// a statement adds up and the running totals' sums are all derived from it. A kind that needs a
// new column adds it here and in a migration (old migrations keep their own frozen copy).

type ColumnSpec = { type: 'text' } | { type: 'int'; sum?: true } | { type: 'flag' };

const text = { type: 'text' } as const;
const amount = { type: 'int', sum: true } as const;
const flag = { type: 'flag' } as const;

export const entryColumns = {
  name: text,
  note: text,
  /** Thousandths. */
  qunatity_milli: amount,
  size: text,
  /** Grams. */
  weight_g: amount,
  /** Poisha, as every `_p` column. */
  price_p: amount,
  total_price_p: amount,
  paid_amount_p: amount,
  discount_amount_p: amount,
  due_amount_p: amount,
  month: text,
  assigned_salary: text,
  absent: text,
  roll: text,
  pot_number: text,
  fire_man: text,
  // Lifecycle columns (registry `lifecycle`): a fire's end, an asset's sale.
  fire_status: flag,
  fire_time: text,
  sold_status: flag,
  sold_amount_p: amount,
  /** An opening due's way (migration 0027): Receivable or Payable. */
  side: text,
} as const satisfies Record<string, ColumnSpec>;

export type EntryColumn = keyof typeof entryColumns;

type ValueOf<S> = S extends { type: 'flag' } ? number : S extends { type: 'int' } ? number | null : string | null;

/** The value columns of an entry row, typed from the list. */
export type EntryValues = { -readonly [K in EntryColumn]: ValueOf<(typeof entryColumns)[K]> };

/** Columns a statement's totals row and the running totals add up. */
export type SumColumn = { [K in EntryColumn]: (typeof entryColumns)[K] extends { sum: true } ? K : never }[EntryColumn];

/** Yes/no columns (0 or 1, default 0). */
export type FlagColumn = { [K in EntryColumn]: (typeof entryColumns)[K] extends { type: 'flag' } ? K : never }[EntryColumn];

export const SUM_COLUMNS = (Object.keys(entryColumns) as EntryColumn[]).filter((c) => 'sum' in entryColumns[c]) as SumColumn[];

const sumSet = new Set<string>(SUM_COLUMNS);
export const isSumColumn = (column: string): column is SumColumn => sumSet.has(column);

const noValues = Object.freeze(
  Object.fromEntries((Object.keys(entryColumns) as EntryColumn[]).map((c) => [c, entryColumns[c].type === 'flag' ? 0 : null])) as EntryValues,
);

/** A row with every value column empty (flags 0). */
export function emptyValues(): EntryValues {
  return { ...noValues };
}
