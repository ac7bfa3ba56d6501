import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { VoidMark } from '../../src/web/features/books/entry-actions.tsx';
import type { Entry } from '../../src/web/features/books/api.ts';
import { setLanguage } from '../../src/web/lib/i18n.ts';
import { messages as bn } from '../../src/shared/messages-bn.ts';

// The mark beside a voided or corrected entry, on screen and in print, in either language.
const corrected = { id: 301, voided: 1, corrected_by: 302, voided_on: '2026-11-24', voided_by: 'Shot Admin' } as unknown as Entry;
const voided = { id: 306, voided: 1, voided_by: 'Shot Admin', voided_on: '2026-11-24', voided_reason: 'wrong pot' } as unknown as Entry;
const reversal = { id: 310, voided: 0, void_of: 305, issue_date: '2026-11-25', reverses_date: '2026-11-20' } as unknown as Entry;
const text = (entry: Entry) => renderToStaticMarkup(<VoidMark entry={entry} />).replace(/<[^>]+>/g, '');

describe('the mark of a voided or corrected entry', () => {
  afterAll(() => setLanguage('en'));

  it('reads as one sentence in English and in Bangla (no doubled comma)', async () => {
    expect(text(corrected)).toBe('corrected by #302, on 24 November 2026');
    expect(text(voided)).toBe('voided by Shot Admin on 24 November 2026: wrong pot');
    // A reversal is listed on its original's day: its mark says when it was made.
    expect(text(reversal)).toBe('reversal of #305, made on 25 November 2026');
    expect(text({ ...reversal, reverses_date: undefined } as Entry)).toBe('reversal of #305');
    await setLanguage('bn');
    // Entry numbers too are in Bengali digits.
    expect(text(corrected)).toBe('#৩০২ দিয়ে সংশোধিত, ২৪ নভেম্বর ২০২৬');
    expect(text(reversal)).toBe('#৩০৫ এর বিপরীত এন্ট্রি, করা হয় ২৫ নভেম্বর ২০২৬');
    expect(text(voided)).toBe(`${bn.voidedWord}, করেছেন Shot Admin, ২৪ নভেম্বর ২০২৬: wrong pot`);
  });
});
