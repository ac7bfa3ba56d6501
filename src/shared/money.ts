// Exact numbers for the books. Inside, money is integer poisha (1 taka = 100 poisha), weight is
// integer grams and quantities are integer thousandths. Decimals typed by people are parsed from
// their text, never through a float; conversion back happens only at the edges.
// Figures for people are grouped the Bangladeshi way (lakh and crore: 23,55,772.17), by hand on the
// digits' text: ICU's en-BD groups by thousands.

import { type FigureLanguage, digitsFor, toLatinDigits } from './digits.ts';
import { messages as m } from './messages.ts';
import type { RefusalCode, RefusalParams } from './refusal-texts.ts';
import { say } from './say.ts';

export interface DecimalUnit {
  /** Digits allowed after the point. */
  decimals: number;
  /** Integer units per whole (100 for poisha, 1000 for grams and thousandths). */
  scale: number;
  /** Largest whole value accepted. */
  max: number;
  /** How the unit is named in messages. */
  noun: string;
}

export const units = {
  money: { decimals: 2, scale: 100, max: 10_000_000_000, noun: m.nounMoney },
  rate: { decimals: 2, scale: 100, max: 1_000_000, noun: m.nounRate },
  weight: { decimals: 3, scale: 1000, max: 1_000_000, noun: m.nounWeight },
  quantity: { decimals: 3, scale: 1000, max: 1_000_000, noun: m.nounQuantity },
  unit: { decimals: 2, scale: 1000, max: 1_000_000, noun: m.nounNumber },
} as const satisfies Record<string, DecimalUnit>;

export type UnitName = keyof typeof units;

/** A refusal's code and params, without the field: see `fieldMessage`. */
export type ParseResult = { ok: true; value: number } | { ok: false; code: RefusalCode; params: RefusalParams };

/** A refusal of parseDecimal as a sentence naming the field ('Paid Amount cannot be negative'), spoken now. */
export const fieldMessage = (label: string, r: { code: RefusalCode; params: RefusalParams }) => say(r.code, { ...r.params, field: label });

const refused = (code: RefusalCode, params: RefusalParams = {}): ParseResult => ({ ok: false, code, params });

/** A whole part with group commas: thousands (1,234,567) or lakh and crore (12,34,567); ends in 3 digits. */
const GROUPED = /^\d+(?:,\d{2})*(?:,\d{3})+$/;

/** The refusal of a figure over the unit's most: written only when refused (every figure of every entry is parsed). */
const tooBig = (unit: DecimalUnit): ParseResult => refused('field_at_most', { max: groupLakh(String(unit.max)) });

/**
 * Parses a non-negative decimal typed as text (or sent as a JSON number) into integer units.
 * Bengali digits (১২,৫০০.৫০), lakh groups (12,34,567.5), thousands groups (1,250.5) and a leading
 * taka sign copied from the screen (৳ 1,250.50) are accepted; '-1', '1e5', '1,2', '12.345' for
 * money, and values past the unit's maximum are refused with a message a person can act on.
 */
export function parseDecimal(input: unknown, unit: DecimalUnit): ParseResult {
  let text: string;
  if (input === undefined || input === null) return refused('field_required');
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return refused('field_must', { noun: unit.noun });
    text = String(input);
  } else if (typeof input === 'string') {
    text = toLatinDigits(input.trim()).replace(/^৳\s*/, '');
    const [whole = '', ...rest] = text.split('.');
    if (GROUPED.test(whole)) text = [whole.replace(/,/g, ''), ...rest].join('.');
  } else {
    return refused('field_must', { noun: unit.noun });
  }
  if (text === '') return refused('field_required');
  if (text.startsWith('-') || text.startsWith('\u2212')) return refused('field_negative');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(text) ?? /^()\.(\d+)$/.exec(text);
  if (!match) return refused('field_like', { noun: unit.noun });
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const frac = (match[2] ?? '').replace(/0+$/, '');
  if (frac.length > unit.decimals) return refused('field_decimals', { digits: unit.decimals });
  if (whole.length > 16) return tooBig(unit);
  const digits = Math.round(Math.log10(unit.scale));
  const value = Number(whole) * unit.scale + Number((frac + '0'.repeat(digits)).slice(0, digits) || '0');
  if (value > unit.max * unit.scale) return tooBig(unit);
  return { ok: true, value };
}

/** Integer units back to a JSON number with the unit's decimals (e.g. 125050 poisha → 1250.5). */
export function toDecimal(value: number, unit: DecimalUnit): number {
  const digits = Math.round(Math.log10(unit.scale));
  return Number(toFixedText(value, digits));
}

/** Exact text of integer units with `digits` decimals: 125050, 2 → '1250.50'. */
export function toFixedText(value: number, digits: number): string {
  const negative = value < 0;
  const s = String(Math.abs(value)).padStart(digits + 1, '0');
  const text = digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  return negative ? `-${text}` : text;
}

/**
 * amount (thousandths of kg or of a unit) × rate (poisha per whole) → poisha, rounded half up
 * once. BigInt keeps it exact past 2^53.
 */
export function lineTotal(amountMilli: number, ratePoisha: number): number {
  const product = BigInt(amountMilli) * BigInt(ratePoisha);
  return Number((product + 500n) / 1000n);
}

/** due = total − (paid + discount), in poisha. Negative when paid in advance. */
export function dueAmount(totalPoisha: number, paidPoisha: number, discountPoisha: number): number {
  return totalPoisha - (paidPoisha + discountPoisha);
}

/** The minus sign of figures for people (U+2212, as wide as the plus; CSV keeps the hyphen). */
export const MINUS = '\u2212';
/** Between the taka sign and its figure: a no-break space, so the sign never ends a line alone. */
export const TAKA_SIGN = '৳\u00a0';

/** Lakh and crore groups on a whole number's digits: '2355772' → '23,55,772', '1234567890' → '1,23,45,67,890'. */
export function groupLakh(whole: string): string {
  if (whole.length <= 3) return whole;
  const head = whole.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${whole.slice(-3)}`;
}

/** Exact decimal text ('-2355772.17') grouped for people in the language, with `sign` before the digits. */
function grouped(text: string, lang: FigureLanguage, sign = ''): string {
  // By index, not split and replace: a statement page writes thousands of figures.
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const fraction = dot < 0 || dot === body.length - 1 ? '' : body.slice(dot);
  return `${negative ? MINUS : ''}${sign}${digitsFor(`${groupLakh(whole)}${fraction}`, lang)}`;
}

/** Money for people, without the sign: 2 decimals in lakh groups, '23,55,772.17', '−1,250.50'. */
export function formatAmount(poisha: number, lang: FigureLanguage = 'en'): string {
  return grouped(toFixedText(poisha, 2), lang);
}

/** Money for people: the taka sign, 2 decimals in lakh groups: '৳ 23,55,772.17', '−৳ 23,55,772.17' (Bengali digits in 'bn'). */
export function formatTaka(poisha: number, lang: FigureLanguage = 'en'): string {
  return grouped(toFixedText(poisha, 2), lang, TAKA_SIGN);
}

/** Grams as kg for people, up to 3 decimals in lakh groups: 1234567500 → '12,34,567.5'. */
export function formatKg(grams: number, lang: FigureLanguage = 'en'): string {
  return grouped(toFixedText(grams, 3).replace(/\.?0+$/, ''), lang);
}

/** A count or a whole number for people: 123456 → '1,23,456'. */
export function formatCount(n: number, lang: FigureLanguage = 'en'): string {
  return grouped(String(Math.trunc(n)), lang);
}

/** A decimal the API sent (already exact to the unit) back to integer units, for display. */
export function toUnits(value: number, unit: DecimalUnit): number {
  return Math.round(value * unit.scale);
}

/**
 * numerator ÷ denominator rounded half up (halves away from zero), exact in BigInt:
 * divideHalfUp(5, 2) = 3, divideHalfUp(-5, 2) = -3. The denominator must be positive.
 */
export function divideHalfUp(numerator: number, denominator: number): number {
  if (!(denominator > 0)) throw new RangeError('divideHalfUp: the denominator must be positive');
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  const negative = n < 0n;
  const q = ((negative ? -n : n) * 2n + d) / (2n * d);
  return Number(negative ? -q : q);
}

/** Poisha per kg of `grams` (× `per` kg), half up; null when there is no weight to divide by. */
export function perKg(poisha: number, grams: number, per = 1): number | null {
  return grams > 0 ? divideHalfUp(poisha * 1000 * per, grams) : null;
}
