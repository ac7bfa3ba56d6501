import { formatKg, formatTaka, toFixedText, toUnits, units } from '../../../shared/money';
import type { ProductionFigures, ProductionFireMan, ProductionPot } from '../../../shared/production-api';

// What the production page shows, as data: the same columns feed the tables, the phone's cards
// and the CSV.
export type Format = 'count' | 'kg' | 'money' | 'perKg' | 'date' | 'text';

export interface Column<T> {
  key: keyof T & string;
  label: string;
  format: Format;
}

export const furnaceColumns: Column<ProductionFigures>[] = [
  { key: 'firings', label: 'Firings', format: 'count' },
  { key: 'kg_fired', label: 'Kg fired', format: 'kg' },
  { key: 'wood_powder', label: 'Wood powder', format: 'money' },
  { key: 'acid', label: 'Acid', format: 'money' },
  { key: 'pot_repair', label: 'Pot making & repair', format: 'money' },
  { key: 'direct_cost', label: 'Direct cost', format: 'money' },
  { key: 'direct_cost_per_kg', label: 'Direct cost / kg', format: 'perKg' },
  { key: 'salaries', label: 'Salaries', format: 'money' },
  { key: 'other_expenses', label: 'Other expenses', format: 'money' },
  { key: 'full_cost', label: 'Full cost', format: 'money' },
  { key: 'full_cost_per_kg', label: 'Full cost / kg fired', format: 'perKg' },
];

export const wireColumns: Column<ProductionFigures>[] = [
  { key: 'wire_bought_kg', label: 'Wire bought (kg)', format: 'kg' },
  { key: 'wire_bought', label: 'Wire bought (taka)', format: 'money' },
  { key: 'wire_cost_per_kg', label: 'Wire cost / kg', format: 'perKg' },
  { key: 'wire_sold_kg', label: 'Wire sold (kg)', format: 'kg' },
  { key: 'wire_sold', label: 'Wire sold (taka)', format: 'money' },
  { key: 'sale_rate_per_kg', label: 'Sale rate / kg', format: 'perKg' },
  { key: 'furnace_work_kg', label: 'Furnace work (kg)', format: 'kg' },
  { key: 'furnace_work', label: 'Furnace work (taka)', format: 'money' },
  { key: 'margin_per_kg', label: 'Margin / kg sold', format: 'perKg' },
];

export const potColumns: Column<ProductionPot>[] = [
  { key: 'pot_number', label: 'Pot', format: 'text' },
  { key: 'firings', label: 'Firings', format: 'count' },
  { key: 'kg_fired', label: 'Kg fired', format: 'kg' },
  { key: 'last_fired', label: 'Last fired', format: 'date' },
  { key: 'repairs', label: 'Repairs', format: 'count' },
  { key: 'repair_cost', label: 'Repair (taka)', format: 'money' },
  { key: 'last_repaired', label: 'Last repaired', format: 'date' },
  { key: 'firings_since_repair', label: 'Firings since repair', format: 'count' },
  { key: 'repair_per_1000_kg', label: 'Repair / 1,000 kg', format: 'perKg' },
];

export const fireManColumns: Column<ProductionFireMan>[] = [
  { key: 'fire_man', label: 'Fire man', format: 'text' },
  { key: 'firings', label: 'Firings', format: 'count' },
  { key: 'kg_fired', label: 'Kg fired', format: 'kg' },
];

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
  if (format === 'count') return n.toLocaleString('en-US');
  if (format === 'kg') return formatKg(toUnits(n, units.weight));
  return formatTaka(toUnits(n, units.money));
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
