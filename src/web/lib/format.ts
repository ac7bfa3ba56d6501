import { formatLongDate } from '../../shared/dates';
import { type FigureLanguage, digitsFor } from '../../shared/digits';
import { formatCount, formatKg, formatTaka, toFixedText, toUnits, units } from '../../shared/money';
import type { CellFormat } from '../../shared/registry-views';

// How figures read on screen and in print: one place for dates, taka, kg and quantities.
// Figures are in lakh groups with the taka sign on every amount ('৳ 23,55,772.17'); in Bangla
// they are written in Bengali digits. The language switch calls setFigureLanguage.

let language: FigureLanguage = 'en';

/** The digits every formatter here writes by default: 'en' Latin, 'bn' Bengali. */
export function setFigureLanguage(lang: FigureLanguage): void {
  language = lang;
}

export const figureLanguage = (): FigureLanguage => language;

// A registry word in the interface language: i18n sets it (it imports this module, so it cannot be imported here).
let wordOf: (word: string) => string = (word) => word;
export function setWordTranslator(translate: (word: string) => string): void {
  wordOf = translate;
}

/** An entry's number (after its '#'), in the language's digits. */
export const entryNo = (id: unknown, lang: FigureLanguage = language) => digitsFor(String(id), lang);

/** A stored `YYYY-MM-DD` business date, as people read it. */
export const dateText = (iso: string) => formatLongDate(new Date(`${iso}T12:00:00Z`));

/** Exact wire text of a figure (Latin digits, no groups): the CSV's and the formatters' start. */
function plainFigure(n: number, format: 'money' | 'kg' | 'number'): string {
  if (format === 'money') return toFixedText(toUnits(n, units.money), 2);
  return toFixedText(toUnits(n, format === 'kg' ? units.weight : units.quantity), 3).replace(/\.?0+$/, '');
}

/** A wire value (taka, kg, a quantity, a date or text) in the column's format. */
export function formatCell(value: unknown, format: CellFormat, lang: FigureLanguage = language): string {
  if (value === null || value === undefined || value === '') return '';
  if (format === 'date') return dateText(String(value));
  if (format === 'text') return String(value);
  if (format === 'choice') return wordOf(String(value));
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  if (format === 'money') return formatTaka(toUnits(n, units.money), lang);
  if (format === 'kg') return formatKg(toUnits(n, units.weight), lang);
  // A quantity has the kg's grouping and up to 3 decimals (thousandths, like grams).
  return formatKg(toUnits(n, units.quantity), lang);
}

/** A figure in a CSV cell: plain Latin digits and point, '-' for negatives, no groups and no sign ('-2355772.17'). */
export function csvNumber(value: unknown, format: CellFormat): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  if (format === 'text' || format === 'choice' || format === 'date' || !Number.isFinite(n)) return String(value);
  return plainFigure(n, format);
}

/** A count (rows, entries) for people: '1,23,456'. */
export const countText = (n: number, lang: FigureLanguage = language) => formatCount(n, lang);

/** A chart's scale label, short in the Indian system: 2500 → '2.5K', 150000 → '1.5 L', 25000000 → '2.5 Cr'. */
export function compactFigure(n: number, lang: FigureLanguage = language): string {
  const size = Math.abs(n);
  const [scale, suffix] =
    size >= 1e7
      ? [1e7, lang === 'bn' ? ' কোটি' : ' Cr']
      : size >= 1e5
        ? [1e5, lang === 'bn' ? ' লাখ' : ' L']
        : size >= 1e3
          ? [1e3, lang === 'bn' ? ' হাজার' : 'K']
          : [1, ''];
  const text = `${n < 0 ? '\u2212' : ''}${(size / scale).toFixed(1).replace(/\.0$/, '')}${suffix}`;
  return digitsFor(text, lang);
}
