import { describe, expect, it } from 'vitest';
import { businessDayText } from '../../src/web/lib/config';
import { todayIn } from '../../src/shared/dates';

describe('an entry form’s Date', () => {
  // 03:30 UTC on 23 November: still 22 November in Los Angeles, already 23 November in Dhaka.
  const now = new Date('2026-11-23T03:30:00Z');
  it('is the business day in the business time zone, not the phone’s', () => {
    expect(businessDayText({ google: false, timeZone: 'Asia/Dhaka' }, now)).toBe('23 November 2026');
    expect(businessDayText({ google: false, timeZone: 'America/Los_Angeles' }, now)).toBe('22 November 2026');
  });
  it('uses Asia/Dhaka until the config is known', () => {
    expect(businessDayText(undefined, new Date('2026-11-22T19:00:00Z'))).toBe('23 November 2026');
  });
});

describe('the server’s business day (todayIn)', () => {
  // The server asks on every write and reuses the minute's answer: the day must still turn on
  // the exact millisecond, in whole-hour and in half- and quarter-hour zones, and going back works.
  it('turns at midnight in the zone, to the millisecond, whatever was asked before', () => {
    const cases: [string, string, string][] = [
      ['Asia/Dhaka', '2026-11-23T17:59:59.999Z', '2026-11-23T18:00:00.000Z'],
      ['Asia/Kolkata', '2026-11-23T18:29:59.999Z', '2026-11-23T18:30:00.000Z'],
      ['Asia/Kathmandu', '2026-11-23T18:14:59.999Z', '2026-11-23T18:15:00.000Z'],
    ];
    for (const [zone, before, after] of cases) {
      for (let i = 0; i < 2; i++) {
        expect(todayIn(zone, new Date(before)), `${zone} ${before}`).toBe('2026-11-23');
        expect(todayIn(zone, new Date(after)), `${zone} ${after}`).toBe('2026-11-24');
      }
      expect(todayIn(zone, new Date(before))).toBe('2026-11-23');
    }
  });
});
