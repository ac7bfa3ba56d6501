import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SALARY_DAYS, salaryAfterAbsence } from '../../src/shared/salary.ts';

// A salary's suggested amount (src/shared/salary.ts): the month's salary less a thirtieth a day absent.
describe('the salary after days absent', () => {
  it('takes a thirtieth of the salary for each day absent, to the poisha, half up', () => {
    expect(salaryAfterAbsence('20000', '2')).toBe(1_866_667); // 20,000 − 1,333.333… = 18,666.67
    expect(salaryAfterAbsence('20,000', '0')).toBe(2_000_000);
    expect(salaryAfterAbsence('15000', '')).toBe(1_500_000);
    expect(salaryAfterAbsence('15000', '1.5')).toBe(1_425_000);
    expect(salaryAfterAbsence('১৫,০০০', '৩')).toBe(1_350_000);
    expect(salaryAfterAbsence('9000', '45')).toBe(0);
  });

  it('suggests nothing when the salary or the days cannot be read', () => {
    expect(salaryAfterAbsence('N/A', '2')).toBeNull();
    expect(salaryAfterAbsence('', '2')).toBeNull();
    expect(salaryAfterAbsence('20000', 'two')).toBeNull();
    expect(salaryAfterAbsence('20000', '-1')).toBeNull();
  });

  it('is never below nothing nor above the salary, and a day more never pays more', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 40 }), (taka, days) => {
        const now = salaryAfterAbsence(String(taka), String(days))!;
        const next = salaryAfterAbsence(String(taka), String(days + 1))!;
        expect(now).toBeGreaterThanOrEqual(0);
        expect(now).toBeLessThanOrEqual(taka * 100);
        expect(next).toBeLessThanOrEqual(now);
        if (days >= SALARY_DAYS) expect(now).toBe(0);
      }),
    );
  });
});
