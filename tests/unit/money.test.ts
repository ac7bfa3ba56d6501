import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBengaliDigits, toLatinDigits } from '../../src/shared/digits.ts';
// The refusals in English, as the server words them (refusals.ts makes its speaker English).
import '../../src/shared/refusals.ts';
import {
  divideHalfUp,
  dueAmount,
  formatAmount,
  formatCount,
  formatKg,
  formatTaka,
  groupLakh,
  lineTotal,
  fieldMessage,
  parseDecimal,
  perKg,
  toDecimal,
  toFixedText,
  units,
} from '../../src/shared/money.ts';

// Exact money (DESIGN "Money is exact"): poisha, grams and thousandths are integers, parsed from
// text without a float, multiplied exactly and rounded half up once. Every expected value here
// is worked out independently of src/shared/money.ts, with BigInt and string arithmetic.

const runs = { numRuns: 500 };
const MAX_POISHA = 1_000_000_000_000; // 10,00,00,00,000 taka (1,000 crore)

/** Independent decimal text → integer units: '12.5', 2 → 1250n. */
function unitsOf(text: string, digits: number): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  return BigInt(whole) * 10n ** BigInt(digits) + BigInt(frac.padEnd(digits, '0').slice(0, digits) || '0');
}

/** Independent half-up rounding of amount (thousandths) × rate (poisha) / 1000. */
function halfUpTotal(amountMilli: bigint, ratePoisha: bigint): bigint {
  const product = amountMilli * ratePoisha;
  const quotient = product / 1000n;
  const remainder = product % 1000n;
  return remainder * 2n >= 1000n ? quotient + 1n : quotient;
}

/** Independent integer → text with `digits` decimals, via BigInt. */
function fixed(value: bigint, digits: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const scale = 10n ** BigInt(digits);
  const whole = (abs / scale).toString();
  const frac = (abs % scale).toString().padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${frac}` : ''}`;
}

/** Independent lakh grouping: the last 3 digits, then pairs, from the right. */
function groupIndian(whole: string): string {
  const out: string[] = [];
  for (let i = whole.length, size = 3; i > 0; i -= size, size = 2) out.unshift(whole.slice(Math.max(0, i - size), i));
  return out.join(',');
}

const NBSP = '\u00a0';
const MINUS = '\u2212';

function ok(input: unknown, unit: (typeof units)[keyof typeof units]): number {
  const r = parseDecimal(input, unit);
  if (!r.ok) throw new Error(`expected ${JSON.stringify(input)} to parse, got "${fieldMessage('value', r)}"`);
  return r.value;
}

describe('parseDecimal', () => {
  it('reads money text exactly, whatever a float would make of it', () => {
    expect(parseDecimal('0.1', units.money)).toEqual({ ok: true, value: 10 });
    expect(parseDecimal('0.2', units.money)).toEqual({ ok: true, value: 20 });
    expect(ok('0.1', units.money) + ok('0.2', units.money)).toBe(30);
    expect(ok('1250.50', units.money)).toBe(125050);
    expect(ok('1,250.50', units.money)).toBe(125050);
    expect(ok('1,000,000.5', units.money)).toBe(100000050);
    expect(ok('  89.99 ', units.money)).toBe(8999);
    expect(ok('0', units.money)).toBe(0);
    expect(ok('007.5', units.money)).toBe(750);
    expect(ok('12.340', units.money)).toBe(1234);
    expect(ok(12.5, units.money)).toBe(1250);
    expect(ok(0.1, units.money)).toBe(10);
  });

  it('reads weights and quantities in thousandths and the other-expense unit with 2 decimals', () => {
    expect(ok('1234.567', units.weight)).toBe(1234567);
    expect(ok('0.001', units.weight)).toBe(1);
    expect(ok('12.5', units.quantity)).toBe(12500);
    expect(ok('1.25', units.unit)).toBe(1250);
    expect(parseDecimal('1.255', units.unit).ok).toBe(false);
    expect(parseDecimal('1.0001', units.weight).ok).toBe(false);
  });

  it.each([
    ['-1', 'cannot be negative'],
    ['-0.01', 'cannot be negative'],
    ['1e5', 'must be an amount in taka'],
    ['abc', 'must be an amount in taka'],
    ['12.345', 'at most 2 digits after the point'],
    ['', 'is required'],
    ['   ', 'is required'],
    ['NaN', 'must be an amount in taka'],
    ['Infinity', 'must be an amount in taka'],
    ['1e309', 'must be an amount in taka'],
    ['0x10', 'must be an amount in taka'],
    ['+5', 'must be an amount in taka'],
    ['1.2.3', 'must be an amount in taka'],
    ['12,34', 'must be an amount in taka'],
    ['10000000001', 'must be at most 10,00,00,00,000'],
    ['99999999999999999999999', 'must be at most 10,00,00,00,000'],
    ['১২.৩৪৫', 'at most 2 digits after the point'],
    ['১,২', 'must be an amount in taka'],
    ['12,34,56', 'must be an amount in taka'],
    ['1,23,45', 'must be an amount in taka'],
    ['12,345.6,7', 'must be an amount in taka'],
    ['−৫', 'cannot be negative'],
    ['-৳ 5', 'cannot be negative'],
    ['৳', 'is required'],
  ])('refuses money %j with a message (%s)', (input, message) => {
    const r = parseDecimal(input, units.money);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(fieldMessage('Paid Amount', r)).toContain(message);
  });

  it('reads Bengali digits, lakh groups and a copied taka sign to the same units', () => {
    expect(ok('১২,৫০০.৫০', units.money)).toBe(1250050);
    expect(ok('১২৫০০.৫', units.money)).toBe(1250050);
    expect(ok('1,23,456.5', units.weight)).toBe(123456500);
    expect(ok('১,২৩,৪৫৬.৫', units.weight)).toBe(123456500);
    expect(ok('12,34,567.5', units.money)).toBe(123456750);
    expect(ok('1,23,45,67,890.05', units.money)).toBe(123456789005);
    expect(ok('1,234,567.5', units.money)).toBe(123456750);
    expect(ok('23,55,772.17', units.money)).toBe(235577217);
    expect(ok('৳ 23,55,772.17', units.money)).toBe(235577217);
    expect(ok(`৳${NBSP}২৩,৫৫,৭৭২.১৭`, units.money)).toBe(235577217);
    expect(ok('০.১', units.money)).toBe(10);
    expect(ok('১০,০০,০০,০০,০০০', units.money)).toBe(MAX_POISHA);
    expect(parseDecimal('১০,০০,০০,০০,০০০.০১', units.money)).toEqual({ ok: false, code: 'field_at_most', params: { max: '10,00,00,00,000' } });
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY], [-1], [1e21], [1e-7], [0.1 + 0.2], [true], [{}], [[]], [null], [undefined]])(
    'refuses the value %j',
    (input) => {
      expect(parseDecimal(input, units.money).ok).toBe(false);
    },
  );

  it('accepts the maximum and refuses anything above it, fractions included', () => {
    expect(ok('10000000000', units.money)).toBe(MAX_POISHA);
    expect(ok('10,000,000,000.00', units.money)).toBe(MAX_POISHA);
    expect(parseDecimal('10000000000.01', units.money).ok).toBe(false);
    expect(ok('1000000', units.weight)).toBe(1_000_000_000);
    expect(parseDecimal('1000000.001', units.weight).ok).toBe(false);
    expect(parseDecimal('1000000.01', units.rate).ok).toBe(false);
  });

  it('parses any non-negative money text with up to 2 decimals to the exact poisha (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10_000_000_000n }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 99 }), (whole, digits, fracValue) => {
        const frac = digits === 0 ? '' : String(fracValue).padStart(2, '0').slice(0, digits);
        const text = digits === 0 ? whole.toString() : `${whole}.${frac}`;
        const expected = unitsOf(text, 2);
        const r = parseDecimal(text, units.money);
        if (expected > BigInt(MAX_POISHA)) return !r.ok;
        return r.ok && BigInt(r.value) === expected;
      }),
      runs,
    );
  });

  it('refuses money with a third non-zero decimal (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1_000_000n }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 9 }), (whole, cents, third) => {
        const r = parseDecimal(`${whole}.${String(cents).padStart(2, '0')}${third}`, units.money);
        return !r.ok && r.code === 'field_decimals' && r.params.digits === 2;
      }),
      runs,
    );
  });

  it('refuses every negative number (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_POISHA }), (p) => {
        const text = `-${fixed(BigInt(p), 2)}`;
        return !parseDecimal(text, units.money).ok && !parseDecimal(-p / 100, units.money).ok;
      }),
      runs,
    );
  });

  it('reads weights exactly in grams (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (g) => {
        const text = fixed(BigInt(g), 3);
        return ok(text, units.weight) === g && ok(formatKg(g), units.weight) === g;
      }),
      runs,
    );
  });
});

describe('toFixedText and toDecimal', () => {
  it('writes integer units as exact text', () => {
    expect(toFixedText(125050, 2)).toBe('1250.50');
    expect(toFixedText(5, 2)).toBe('0.05');
    expect(toFixedText(0, 2)).toBe('0.00');
    expect(toFixedText(-27, 2)).toBe('-0.27');
    expect(toFixedText(1234567, 3)).toBe('1234.567');
    expect(toFixedText(42, 0)).toBe('42');
    expect(toDecimal(125050, units.money)).toBe(1250.5);
    expect(toDecimal(11109868, units.money)).toBe(111098.68);
    expect(toDecimal(-27, units.money)).toBe(-0.27);
    expect(toDecimal(1234567, units.weight)).toBe(1234.567);
    expect(toDecimal(1250, units.unit)).toBe(1.25);
  });

  it('round-trips any poisha in [0, 1e12] through text (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_POISHA }), (p) => {
        const text = toFixedText(p, 2);
        return text === fixed(BigInt(p), 2) && ok(text, units.money) === p;
      }),
      runs,
    );
  });

  it('writes negative amounts exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_POISHA, max: MAX_POISHA }),
        (p) => toFixedText(p, 2) === fixed(BigInt(p), 2) && toFixedText(p, 3) === fixed(BigInt(p), 3),
      ),
      runs,
    );
  });

  it('gives the JSON number nearest the exact amount (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_POISHA, max: MAX_POISHA }), (p) => {
        const n = toDecimal(p, units.money);
        // Division is correctly rounded, so p / 100 is the double nearest to the exact value.
        return n === p / 100 && ok(String(Math.abs(n)), units.money) === Math.abs(p);
      }),
      runs,
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (g) => toDecimal(g, units.weight) === g / 1000),
      runs,
    );
  });
});

describe('lineTotal and dueAmount', () => {
  it('multiplies weight by rate exactly and rounds half up once', () => {
    // 1234.567 kg × 89.99 taka = 111098.68433 taka → 111098.68
    expect(lineTotal(1234567, 8999)).toBe(11109868);
    expect(toDecimal(lineTotal(1234567, 8999), units.money)).toBe(111098.68);
    expect(lineTotal(5, 100)).toBe(1); // 0.005 kg × 1.00 = 0.005 taka → 0.01 (half up)
    expect(lineTotal(4, 100)).toBe(0); // 0.004 → 0.00
    expect(lineTotal(15, 100)).toBe(2); // 0.015 → 0.02
    expect(lineTotal(300, 10)).toBe(3); // 0.3 × 0.10 = 0.03
    expect(lineTotal(0, 8999)).toBe(0);
    // Past 2^53 in the product: 999999.999 kg × 999999.99 taka.
    expect(lineTotal(999_999_999, 99_999_999)).toBe(Number(halfUpTotal(999_999_999n, 99_999_999n)));
    expect(lineTotal(999_999_999, 99_999_999)).toBe(99_999_998_900_000);
  });

  it('equals an independent BigInt half-up computation (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 100_000_000 }), (amount, rate) => {
        return lineTotal(amount, rate) === Number(halfUpTotal(BigInt(amount), BigInt(rate)));
      }),
      runs,
    );
  });

  it('equals the total worked out from the typed texts (property)', () => {
    const weightText = fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 999 })).map(([w, f]) => `${w}.${String(f).padStart(3, '0')}`);
    const rateText = fc.tuple(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 99 })).map(([w, f]) => `${w}.${String(f).padStart(2, '0')}`);
    fc.assert(
      fc.property(weightText, rateText, (w, r) => {
        const total = lineTotal(ok(w, units.weight), ok(r, units.rate));
        return total === Number(halfUpTotal(unitsOf(w, 3), unitsOf(r, 2)));
      }),
      runs,
    );
  });

  it('works out due as total − (paid + discount), negative when paid in advance', () => {
    expect(dueAmount(11109868, 10000000, 20)).toBe(1109848);
    expect(dueAmount(3, ok('0.1', units.money), ok('0.2', units.money))).toBe(-27);
    expect(toDecimal(dueAmount(1000, 10, 20), units.money)).toBe(9.7);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_000_000 }),
        fc.integer({ min: 0, max: MAX_POISHA }),
        fc.integer({ min: 0, max: MAX_POISHA }),
        (total, paid, discount) => {
          return dueAmount(total, paid, discount) === Number(BigInt(total) - (BigInt(paid) + BigInt(discount)));
        },
      ),
      runs,
    );
  });
});

describe('formatTaka, formatAmount, formatKg and formatCount', () => {
  it('shows money with the taka sign, 2 decimals and lakh groups; negatives with a minus sign before the taka sign', () => {
    expect(formatTaka(125050)).toBe(`৳${NBSP}1,250.50`);
    expect(formatTaka(0)).toBe(`৳${NBSP}0.00`);
    expect(formatTaka(5)).toBe(`৳${NBSP}0.05`);
    expect(formatTaka(-27)).toBe(`${MINUS}৳${NBSP}0.27`);
    expect(formatTaka(235577217)).toBe(`৳${NBSP}23,55,772.17`);
    expect(formatTaka(-235577217)).toBe(`${MINUS}৳${NBSP}23,55,772.17`);
    expect(formatTaka(-123456789)).toBe(`${MINUS}৳${NBSP}12,34,567.89`);
    expect(formatTaka(100000000)).toBe(`৳${NBSP}10,00,000.00`);
    expect(formatTaka(10000000)).toBe(`৳${NBSP}1,00,000.00`);
    expect(formatTaka(99999)).toBe(`৳${NBSP}999.99`);
    expect(formatTaka(100000)).toBe(`৳${NBSP}1,000.00`);
    expect(formatTaka(123456789005)).toBe(`৳${NBSP}1,23,45,67,890.05`);
    expect(formatTaka(MAX_POISHA)).toBe(`৳${NBSP}10,00,00,00,000.00`);
    expect(formatAmount(-235577217)).toBe(`${MINUS}23,55,772.17`);
  });

  it('writes Bengali digits in Bangla, the same groups and signs', () => {
    expect(formatTaka(235577217, 'bn')).toBe(`৳${NBSP}২৩,৫৫,৭৭২.১৭`);
    expect(formatTaka(-235577217, 'bn')).toBe(`${MINUS}৳${NBSP}২৩,৫৫,৭৭২.১৭`);
    expect(formatTaka(235577217, 'en')).toBe(`৳${NBSP}23,55,772.17`);
    expect(formatKg(1234567500, 'bn')).toBe('১২,৩৪,৫৬৭.৫');
    expect(formatCount(123456, 'bn')).toBe('১,২৩,৪৫৬');
    expect(formatAmount(5, 'bn')).toBe('০.০৫');
  });

  it('groups by lakh and crore on the digits, never through a float', () => {
    expect(groupLakh('0')).toBe('0');
    expect(groupLakh('999')).toBe('999');
    expect(groupLakh('1000')).toBe('1,000');
    expect(groupLakh('99999')).toBe('99,999');
    expect(groupLakh('100000')).toBe('1,00,000');
    expect(groupLakh('9999999')).toBe('99,99,999');
    expect(groupLakh('10000000')).toBe('1,00,00,000');
    expect(groupLakh('12345678901234567')).toBe('12,34,56,78,90,12,34,567');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(123456)).toBe('1,23,456');
  });

  it('shows kg with up to 3 decimals and lakh groups', () => {
    expect(formatKg(1250500)).toBe('1,250.5');
    expect(formatKg(0)).toBe('0');
    expect(formatKg(1)).toBe('0.001');
    expect(formatKg(10)).toBe('0.01');
    expect(formatKg(100000)).toBe('100');
    expect(formatKg(1000000)).toBe('1,000');
    expect(formatKg(1234567)).toBe('1,234.567');
    expect(formatKg(1234567500)).toBe('12,34,567.5');
    expect(formatKg(-1500)).toBe(`${MINUS}1.5`);
    expect(formatKg(-10500)).toBe(`${MINUS}10.5`);
  });

  it('formats any amount as the lakh-grouped exact text, in both digit sets, and reads back (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_POISHA, max: MAX_POISHA }), fc.constantFrom('en' as const, 'bn' as const), (p, lang) => {
        const exact = fixed(BigInt(p), 2);
        const negative = exact.startsWith('-');
        const [whole = '', frac = ''] = exact.replace('-', '').split('.');
        const latin = `${negative ? MINUS : ''}৳${NBSP}${groupIndian(whole)}.${frac}`;
        const shown = formatTaka(p, lang);
        return shown === (lang === 'bn' ? toBengaliDigits(latin) : latin) && (p < 0 || ok(shown, units.money) === p);
      }),
      runs,
    );
  });

  it('formats any weight without trailing zeros, and reads back (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (g) => {
        const exact = fixed(BigInt(g), 3).replace(/0+$/, '').replace(/\.$/, '');
        const negative = exact.startsWith('-');
        const [whole = '', frac] = exact.replace('-', '').split('.');
        const expected = `${negative ? MINUS : ''}${groupIndian(whole)}${frac ? `.${frac}` : ''}`;
        const shown = formatKg(g);
        return shown === expected && (g < 0 || ok(shown, units.weight) === g);
      }),
      runs,
    );
  });
});

describe('toBengaliDigits and toLatinDigits', () => {
  it('map each digit one for one and leave everything else', () => {
    expect(toBengaliDigits('0123456789')).toBe('০১২৩৪৫৬৭৮৯');
    expect(toLatinDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(toBengaliDigits('৳ 1,250.50 KG')).toBe('৳ ১,২৫০.৫০ KG');
    expect(toLatinDigits('১২,৫০০.৫০ টাকা')).toBe('12,500.50 টাকা');
    expect(toLatinDigits('abc')).toBe('abc');
  });

  it('are each the inverse of the other on any text of digits (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9.,]{0,20}$/), (t) => toLatinDigits(toBengaliDigits(t)) === t && !/[0-9]/.test(toBengaliDigits(t))),
      runs,
    );
  });
});

describe('divideHalfUp and perKg', () => {
  it('rounds halves up and away from zero, exactly', () => {
    expect(divideHalfUp(5, 2)).toBe(3);
    expect(divideHalfUp(7, 2)).toBe(4);
    expect(divideHalfUp(4, 3)).toBe(1);
    expect(divideHalfUp(5, 3)).toBe(2);
    expect(divideHalfUp(-5, 2)).toBe(-3);
    expect(divideHalfUp(-4, 3)).toBe(-1);
    expect(divideHalfUp(0, 7)).toBe(0);
    // Past 2^53 in the middle of the sum: still exact.
    expect(divideHalfUp(9_007_199_254_740_991, 1_000_000)).toBe(9_007_199_255);
    expect(() => divideHalfUp(1, 0)).toThrow(RangeError);
  });

  it('matches the rounded true quotient for any integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 1, max: 1e9 }), (n, d) => {
        const q = divideHalfUp(n, d);
        // |n/d| − |q| lies in [−1/2, 1/2): a half goes away from zero, never toward it.
        const twice = 2 * Math.abs(n) - 2 * Math.abs(q) * d;
        expect(twice >= -d && twice < d).toBe(true);
      }),
    );
  });

  it('gives poisha per kg, per 1,000 kg, or null without weight', () => {
    // 1,000.00 taka over 333 kg = 3.003003 taka a kg → 300 poisha.
    expect(perKg(100_000, 333_000)).toBe(300);
    // 10.00 taka over 4 kg = 2.50 taka a kg.
    expect(perKg(1_000, 4_000)).toBe(250);
    // 1.00 taka over 0.008 kg = 125 taka a kg; 0.5 poisha over a kg rounds up to 1.
    expect(perKg(100, 8)).toBe(12_500);
    expect(perKg(1, 2_000)).toBe(1);
    expect(perKg(50_000, 2_000_000, 1000)).toBe(25_000);
    expect(perKg(100, 0)).toBeNull();
  });
});
