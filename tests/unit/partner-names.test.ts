import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanName, partnerNameKey } from '../../src/shared/partner-names.ts';

// Two partner names are one name within a category when they read the same: any case, compatibility
// forms, and Cyrillic or Greek letters that look Latin.

const LOOK_ALIKE = 'аеорсухѕіјԁԛԝүһкмнтвαικνοτχυ';
const READS_AS = 'aeopcyxsijdqwyhkmhtbaikvotxu';

/** The rule, letter by letter: the reference the quicker code is held to. */
const byLetter = (name: string) => [...cleanName(name).normalize('NFKC').toLowerCase()].map((c) => READS_AS[LOOK_ALIKE.indexOf(c)] ?? c).join('');

describe('partner name keys', () => {
  it('reads look-alike letters, case, compatibility forms and spaces as the same name', () => {
    expect(partnerNameKey('Ѕаlаm  Steel ')).toBe('salam steel');
    expect(partnerNameKey('SALAM STEEL')).toBe('salam steel');
    expect(partnerNameKey('ﬁroz Ｔraders')).toBe('firoz traders');
    expect(partnerNameKey('ΑΚΤ Wire')).toBe('akt wire');
    expect(partnerNameKey('রহিম মেটাল')).toBe('রহিম মেটাল');
    expect(partnerNameKey('Rahim 😀')).toBe('rahim 😀');
  });

  it('gives every name the key of the letter-by-letter rule', () => {
    const letters = [...LOOK_ALIKE, ...LOOK_ALIKE.toUpperCase(), 'a', 'Z', ' ', '  ', 'ﬁ', 'Ｔ', 'র', 'ে', '😀', '\u0301', 'İ', 'ß'];
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...letters), fc.string({ maxLength: 3, unit: 'binary' })), { maxLength: 20 }), (parts) => {
        const name = parts.join('');
        expect(partnerNameKey(name)).toBe(byLetter(name));
      }),
      { numRuns: 3000 },
    );
  });
});
