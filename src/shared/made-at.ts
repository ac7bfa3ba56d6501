import { todayIn } from './dates.ts';

// An entry keeps the business day on which it was made, even when a phone's outbox sends it later
// (docs/decisions/0014-outbox.md). The client sends `made_at` (its clock); the server checks it here.

/** How many business days back an entry may still be sent: today and the three days before. */
export const MADE_AT_DAYS_BACK = 3;
/** How far ahead of the server's clock a phone's clock may be (a phone set by the network is within seconds). */
export const MADE_AT_SKEW_MS = 5 * 60_000;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

export type MadeAtCheck = { ok: true; day: string; madeAt: string } | { ok: false; code: 'made_in_future' | 'made_too_long_ago'; day: string };

/**
 * The business day of an entry made at `madeAt` and received `now`: refused when it is more than
 * the skew in the future, or made before the third business day back (the message names its day).
 */
export function checkMadeAt(madeAt: Date, now: Date, timeZone: string): MadeAtCheck {
  if (madeAt.getTime() > now.getTime() + MADE_AT_SKEW_MS) return { ok: false, code: 'made_in_future', day: todayIn(timeZone, madeAt) };
  const at = madeAt.getTime() > now.getTime() ? now : madeAt;
  const day = todayIn(timeZone, at);
  if (dayNumber(todayIn(timeZone, now)) - dayNumber(day) > MADE_AT_DAYS_BACK) return { ok: false, code: 'made_too_long_ago', day };
  return { ok: true, day, madeAt: at.toISOString() };
}
