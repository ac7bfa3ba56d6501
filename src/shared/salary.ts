import { divideHalfUp, parseDecimal, units } from './money.ts';

/** A day's pay is a thirtieth of the month's salary, whatever the month (docs/decisions/0025-salary-suggestion.md). */
export const SALARY_DAYS = 30;

/**
 * What a month's salary comes to after the days absent: salary − salary × days ÷ 30, in poisha,
 * rounded half up once, never below nothing. Days may be halves (1.5) and are read like any
 * figure (Bengali digits too); blank days are none. Null when the salary or the days cannot be
 * read (an assigned salary of N/A has no suggestion).
 */
export function salaryAfterAbsence(assigned: string, absent: string): number | null {
  const salary = parseDecimal(assigned, units.money);
  const days = absent.trim() === '' ? ({ ok: true, value: 0 } as const) : parseDecimal(absent, units.quantity);
  if (!salary.ok || !days.ok) return null;
  const month = SALARY_DAYS * units.quantity.scale;
  return salary.value - divideHalfUp(salary.value * Math.min(days.value, month), month);
}
