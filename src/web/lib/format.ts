import { formatLongDate } from '../../shared/dates';
import { formatKg, formatTaka, toFixedText, toUnits, units } from '../../shared/money';
import type { CellFormat } from '../../shared/registry-views';

// How figures read on screen and in print: one place for dates, taka, kg and quantities.

/** A stored `YYYY-MM-DD` business date, as people read it. */
export const dateText = (iso: string) => formatLongDate(new Date(`${iso}T12:00:00Z`));

/** A wire value (taka, kg, a quantity, a date or text) in the column's format. */
export function formatCell(value: unknown, format: CellFormat): string {
  if (value === null || value === undefined || value === '') return '';
  if (format === 'date') return dateText(String(value));
  if (format === 'text') return String(value);
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  if (format === 'money') return formatTaka(toUnits(n, units.money));
  if (format === 'kg') return formatKg(toUnits(n, units.weight));
  return toFixedText(toUnits(n, units.quantity), 3).replace(/\.?0+$/, '');
}

/** A figure in a CSV cell: the same digits, no thousands separators. */
export const csvNumber = (value: unknown, format: CellFormat) => formatCell(value, format).replace(/,/g, '');
