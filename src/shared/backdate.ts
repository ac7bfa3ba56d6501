import type { RefusalCode } from './refusals.ts';

// Late vouchers (issue 28 part 8, docs/decisions/0021-late-vouchers.md): an entry may be put on an
// earlier business day than the one it is entered on, up to BACKDATE_DAYS back, with a reason.
// One rule for the server (modules/books/entries.ts) and the entry form (web: the date line).

/** How many days before the day it is entered an entry may be dated. */
export const BACKDATE_DAYS = 31;
/** The longest reason kept. */
export const BACKDATE_REASON_MAX = 300;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** The day `days` before (or after, when negative) an ISO day. */
export function daysBefore(day: string, days: number): string {
  return new Date((dayNumber(day) - days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `earlier` to `later` (ISO days). */
export const daysBetween = (earlier: string, later: string) => dayNumber(later) - dayNumber(earlier);

/** The earliest day an entry entered on `enteredOn` may be dated. */
export const earliestIssueDate = (enteredOn: string) => daysBefore(enteredOn, BACKDATE_DAYS);

export type BackdateCheck =
  | { ok: true; issueDate: string; backdated: false }
  | { ok: true; issueDate: string; backdated: true; reason: string }
  | { ok: false; code: RefusalCode; field: 'issue_date' | 'backdate_reason'; params: Record<string, string | number> };

/**
 * The day an entry entered on `enteredOn` is put on: `issueDate` when given (a well-formed day;
 * the schemas check its form), else `enteredOn`. An earlier day needs a reason (non-blank) and may
 * be at most BACKDATE_DAYS back; a later one is refused. A reason sent for the day it is entered
 * on is not kept: the entry is not late.
 */
export function checkBackdate(issueDate: string | undefined, reason: string | undefined, enteredOn: string): BackdateCheck {
  if (issueDate === undefined || issueDate === enteredOn) return { ok: true, issueDate: enteredOn, backdated: false };
  if (issueDate > enteredOn) return { ok: false, code: 'issue_date_future', field: 'issue_date', params: { today: enteredOn } };
  if (daysBetween(issueDate, enteredOn) > BACKDATE_DAYS)
    return { ok: false, code: 'issue_date_too_early', field: 'issue_date', params: { days: BACKDATE_DAYS, earliest: earliestIssueDate(enteredOn) } };
  const why = reason?.trim() ?? '';
  if (!why) return { ok: false, code: 'backdate_reason_required', field: 'backdate_reason', params: {} };
  return { ok: true, issueDate, backdated: true, reason: why };
}
