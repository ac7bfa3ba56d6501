import type { Lang } from './messages.ts';
import { toBengaliDigits } from './digits.ts';

// Dates are shown as day, long month name and year in British English: "22 November 2026", and in
// Bangla "২২ নভেম্বর ২০২৬" (by hand: ICU's bn-BD puts a comma after the month).
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const dayParts = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'numeric', year: 'numeric' });
const monthYear = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const bnMonths = ['জানুয়ারি', 'ফেব্রুয়ারি', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেম্বর', 'অক্টোবর', 'নভেম্বর', 'ডিসেম্বর'];

const bnShortMonths = ['জানু', 'ফেব্রু', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুলা', 'আগ', 'সেপ্টে', 'অক্টো', 'নভে', 'ডিসে'];
const shortMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });

let dateLanguage: Lang = 'en';
/** The language dates are written in (the web sets it with the interface language). */
export function setDateLanguage(lang: Lang): void {
  dateLanguage = lang;
}

/** A month and its year: "November 2026", "নভেম্বর ২০২৬" (UTC: the date names a calendar month). */
export function formatMonthYear(date: Date, lang: Lang = dateLanguage): string {
  if (lang === 'en') return monthYear.format(date);
  return toBengaliDigits(`${bnMonths[date.getUTCMonth()]} ${date.getUTCFullYear()}`);
}

/** A month under a chart's bars: "Nov"; in Bangla the short forms newspapers use ("নভে"). */
export function formatShortMonth(date: Date, lang: Lang = dateLanguage): string {
  return lang === 'en' ? shortMonth.format(date) : bnShortMonths[date.getUTCMonth()]!;
}

/** A year as written in the language: "2026", "২০২৬". */
export const formatYear = (year: string, lang: Lang = dateLanguage): string => (lang === 'en' ? year : toBengaliDigits(year));

/** A day in a table: "5 Nov 2026" in English; the long form in Bangla (it has no short month names in use). */
export function formatShortDate(date: Date, lang: Lang = dateLanguage): string {
  return lang === 'en' ? shortDate.format(date) : formatLongDate(date, lang);
}

export function formatLongDate(date: Date, lang: Lang = dateLanguage): string {
  if (lang === 'en') return longDate.format(date);
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((p) => [p.type, p.value]));
  return toBengaliDigits(`${Number(parts.day)} ${bnMonths[Number(parts.month) - 1]} ${parts.year}`);
}

const dayAndTimes = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as people there read it: its day and its time on the 24-hour clock, in `timeZone`:
 * "26 November 2026, 21:05", "২৬ নভেম্বর ২০২৬, ২১:০৫".
 */
export function formatDayAndTime(moment: Date, timeZone: string, lang: Lang = dateLanguage): string {
  let format = dayAndTimes.get(timeZone);
  if (!format)
    dayAndTimes.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-GB', {
        timeZone,
        day: 'numeric',
        month: 'numeric',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      })),
    );
  const p = Object.fromEntries(format.formatToParts(moment).map((part) => [part.type, part.value]));
  const day = formatLongDate(new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), 12)), lang);
  const time = `${p.hour}:${p.minute}`;
  return `${day}, ${lang === 'en' ? time : toBengaliDigits(time)}`;
}

// Making a formatter costs far more than using one: one per time zone.
const isoDayFormats = new Map<string, Intl.DateTimeFormat>();
// The last answer per zone and the minute it holds for: every write asks, and a zone's day only
// turns on a whole minute (offsets are whole minutes), so one formatting serves the minute.
const lastDay = new Map<string, { minute: number; day: string }>();

/** Today's calendar date (YYYY-MM-DD) in the given IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  const last = lastDay.get(timeZone);
  if (last?.minute === minute) return last.day;
  let format = isoDayFormats.get(timeZone);
  if (!format) isoDayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })));
  const parts = format.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  lastDay.set(timeZone, { minute, day });
  return day;
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
