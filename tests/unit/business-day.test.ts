import { describe, expect, it } from 'vitest';
import { businessDayText } from '../../src/web/lib/config';

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
