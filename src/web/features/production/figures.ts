import { formatCount, formatKg, formatTaka, toFixedText, toUnits, units } from '../../../shared/money';
import { figureLanguage } from '../../lib/format';
import type { ProductionFigures, ProductionFireMan, ProductionPot } from '../../../shared/production-api';

// What the production page shows, as data: the same columns feed the tables, the phone's cards
// and the CSV.
export type Format = 'count' | 'kg' | 'money' | 'perKg' | 'date' | 'text';

export interface Column<T> {
  key: keyof T & string;
  label: string;
  format: Format;
}

/** Columns from [key, label, format] triples. */
const columns = <T>(...list: [key: keyof T & string, label: string, format: Format][]): Column<T>[] =>
  list.map(([key, label, format]) => ({ key, label, format }));

// prettier-ignore
export const furnaceColumns = columns<ProductionFigures>(['firings', 'Firings', 'count'], ['kg_fired', 'Kg fired', 'kg'], ['wood_powder', 'Wood powder', 'money'], ['acid_cost', 'Acid', 'money'], ['pot_repair', 'Pot making & repair', 'money'], ['direct_cost', 'Direct cost', 'money'], ['direct_cost_per_kg', 'Direct cost / kg', 'perKg'], ['salaries', 'Salaries', 'money'], ['other_expenses', 'Other expenses', 'money'], ['full_cost', 'Full cost', 'money'], ['full_cost_per_kg', 'Full cost / kg fired', 'perKg']);

// prettier-ignore
export const wireColumns = columns<ProductionFigures>(['wire_bought_kg', 'Wire bought (kg)', 'kg'], ['wire_bought', 'Wire bought (taka)', 'money'], ['wire_cost_per_kg', 'Wire cost / kg', 'perKg'], ['wire_sold_kg', 'Wire sold (kg)', 'kg'], ['wire_sold', 'Wire sold (taka)', 'money'], ['sale_rate_per_kg', 'Sale rate / kg', 'perKg'], ['furnace_work_kg', 'Furnace work (kg)', 'kg'], ['furnace_work', 'Furnace work (taka)', 'money'], ['margin_per_kg', 'Margin / kg sold', 'perKg']);

// prettier-ignore
export const potColumns = columns<ProductionPot>(['pot_number', 'Pot', 'text'], ['firings', 'Firings', 'count'], ['kg_fired', 'Kg fired', 'kg'], ['last_fired', 'Last fired', 'date'], ['repairs', 'Repairs', 'count'], ['repair_cost', 'Repair (taka)', 'money'], ['last_repaired', 'Last repaired', 'date'], ['firings_since_repair', 'Firings since repair', 'count'], ['repair_per_1000_kg', 'Repair / 1,000 kg', 'perKg']);

// prettier-ignore
export const fireManColumns = columns<ProductionFireMan>(['fire_man', 'Fire man', 'text'], ['firings', 'Firings', 'count'], ['kg_fired', 'Kg fired', 'kg']);

const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2026-11" → "November 2026". */
export const monthText = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));

/** A figure for people: '—' for a per-kg figure without kg. */
export function show(value: unknown, format: Format): string {
  if (value === null || value === undefined) return format === 'date' ? '' : '—';
  if (format === 'text') return String(value);
  if (format === 'date') return shortDate.format(new Date(`${String(value)}T00:00:00Z`));
  const n = Number(value);
  if (format === 'count') return formatCount(n, figureLanguage());
  if (format === 'kg') return formatKg(toUnits(n, units.weight), figureLanguage());
  return formatTaka(toUnits(n, units.money), figureLanguage());
}

/** A figure for a spreadsheet: plain digits and point, empty when there is none. */
export function plain(value: unknown, format: Format): string {
  if (value === null || value === undefined) return '';
  if (format === 'text' || format === 'date') return String(value);
  const n = Number(value);
  if (format === 'count') return String(n);
  if (format === 'kg') return toFixedText(toUnits(n, units.weight), 3);
  return toFixedText(toUnits(n, units.money), 2);
}
