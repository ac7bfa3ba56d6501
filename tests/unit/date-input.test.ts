import { describe, expect, it } from 'vitest';
import { dayText, parseDay } from '../../src/web/components/form/date-input';

// Dates are typed and shown day/month/year, the wire keeps YYYY-MM-DD (issue 32, item 5).
describe('a typed day', () => {
  it('is read day first, in Latin or Bengali digits, with any separator or none', () => {
    for (const typed of ['05/11/2026', '5/11/2026', '05-11-2026', '05.11.2026', '05 11 2026', '05112026', '০৫/১১/২০২৬', ' 2026-11-05 '])
      expect(parseDay(typed), typed).toBe('2026-11-05');
  });
  it('is nothing when empty and unreadable when it names no real day', () => {
    expect(parseDay('  ')).toBe('');
    for (const typed of ['31/02/2026', '11/32/2026', '13/13/2026', '5/11/26', 'tomorrow', '2026-02-30']) expect(parseDay(typed), typed).toBeNull();
  });
  it('is shown day first, in the language’s digits', () => {
    expect(dayText('2026-11-05', 'en')).toBe('05/11/2026');
    expect(dayText('2026-11-05', 'bn')).toBe('০৫/১১/২০২৬');
    expect(dayText('', 'bn')).toBe('');
  });
});
