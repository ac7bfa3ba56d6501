import { describe, expect, it } from 'vitest';
import { amountInWords } from '../../src/shared/amount-words.ts';

// Amounts in words as a Bangladeshi cheque or receipt writes them (docs/decisions, lakh-money).
// Every expected text is written out here by hand, not computed.

const taka = (t: number, paisa = 0) => t * 100 + paisa;

const table: [poisha: number, en: string, bn: string][] = [
  [0, 'Taka Zero Only', 'শূন্য টাকা মাত্র'],
  [taka(1), 'Taka One Only', 'এক টাকা মাত্র'],
  [taka(19), 'Taka Nineteen Only', 'উনিশ টাকা মাত্র'],
  [taka(20), 'Taka Twenty Only', 'বিশ টাকা মাত্র'],
  [taka(45), 'Taka Forty-Five Only', 'পঁয়তাল্লিশ টাকা মাত্র'],
  [taka(99), 'Taka Ninety-Nine Only', 'নিরানব্বই টাকা মাত্র'],
  [taka(100), 'Taka One Hundred Only', 'একশত টাকা মাত্র'],
  [taka(101), 'Taka One Hundred One Only', 'একশত এক টাকা মাত্র'],
  [taka(110), 'Taka One Hundred Ten Only', 'একশত দশ টাকা মাত্র'],
  [taka(250), 'Taka Two Hundred Fifty Only', 'দুইশত পঞ্চাশ টাকা মাত্র'],
  [taka(999), 'Taka Nine Hundred Ninety-Nine Only', 'নয়শত নিরানব্বই টাকা মাত্র'],
  [taka(1000), 'Taka One Thousand Only', 'এক হাজার টাকা মাত্র'],
  [taka(1001), 'Taka One Thousand One Only', 'এক হাজার এক টাকা মাত্র'],
  [taka(1250, 50), 'Taka One Thousand Two Hundred Fifty and Paisa Fifty Only', 'এক হাজার দুইশত পঞ্চাশ টাকা পঞ্চাশ পয়সা মাত্র'],
  [taka(12500, 50), 'Taka Twelve Thousand Five Hundred and Paisa Fifty Only', 'বারো হাজার পাঁচশত টাকা পঞ্চাশ পয়সা মাত্র'],
  [taka(99999), 'Taka Ninety-Nine Thousand Nine Hundred Ninety-Nine Only', 'নিরানব্বই হাজার নয়শত নিরানব্বই টাকা মাত্র'],
  [taka(100000), 'Taka One Lakh Only', 'এক লক্ষ টাকা মাত্র'],
  [taka(100001), 'Taka One Lakh One Only', 'এক লক্ষ এক টাকা মাত্র'],
  [taka(105000), 'Taka One Lakh Five Thousand Only', 'এক লক্ষ পাঁচ হাজার টাকা মাত্র'],
  [taka(1050000), 'Taka Ten Lakh Fifty Thousand Only', 'দশ লক্ষ পঞ্চাশ হাজার টাকা মাত্র'],
  [
    taka(2355772, 17),
    'Taka Twenty-Three Lakh Fifty-Five Thousand Seven Hundred Seventy-Two and Paisa Seventeen Only',
    'তেইশ লক্ষ পঞ্চান্ন হাজার সাতশত বাহাত্তর টাকা সতেরো পয়সা মাত্র',
  ],
  [taka(9999999), 'Taka Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only', 'নিরানব্বই লক্ষ নিরানব্বই হাজার নয়শত নিরানব্বই টাকা মাত্র'],
  [taka(10000000), 'Taka One Crore Only', 'এক কোটি টাকা মাত্র'],
  [taka(10000001), 'Taka One Crore One Only', 'এক কোটি এক টাকা মাত্র'],
  [taka(10100000), 'Taka One Crore One Lakh Only', 'এক কোটি এক লক্ষ টাকা মাত্র'],
  [taka(250000000), 'Taka Twenty-Five Crore Only', 'পঁচিশ কোটি টাকা মাত্র'],
  [
    taka(999999999),
    'Taka Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only',
    'নিরানব্বই কোটি নিরানব্বই লক্ষ নিরানব্বই হাজার নয়শত নিরানব্বই টাকা মাত্র',
  ],
  [taka(1000000000), 'Taka One Hundred Crore Only', 'একশত কোটি টাকা মাত্র'],
  [
    taka(1234567890, 5),
    'Taka One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety and Paisa Five Only',
    'একশত তেইশ কোটি পঁয়তাল্লিশ লক্ষ সাতষট্টি হাজার আটশত নব্বই টাকা পাঁচ পয়সা মাত্র',
  ],
  [taka(10000000000), 'Taka One Thousand Crore Only', 'এক হাজার কোটি টাকা মাত্র'],
  [
    taka(12345678000),
    'Taka One Thousand Two Hundred Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Only',
    'এক হাজার দুইশত চৌত্রিশ কোটি ছাপ্পান্ন লক্ষ আটাত্তর হাজার টাকা মাত্র',
  ],
  [1, 'Taka Zero and Paisa One Only', 'শূন্য টাকা এক পয়সা মাত্র'],
  [5, 'Taka Zero and Paisa Five Only', 'শূন্য টাকা পাঁচ পয়সা মাত্র'],
  [99, 'Taka Zero and Paisa Ninety-Nine Only', 'শূন্য টাকা নিরানব্বই পয়সা মাত্র'],
  [taka(11, 11), 'Taka Eleven and Paisa Eleven Only', 'এগারো টাকা এগারো পয়সা মাত্র'],
  [taka(70, 70), 'Taka Seventy and Paisa Seventy Only', 'সত্তর টাকা সত্তর পয়সা মাত্র'],
  [taka(518), 'Taka Five Hundred Eighteen Only', 'পাঁচশত আঠারো টাকা মাত্র'],
  [taka(40404), 'Taka Forty Thousand Four Hundred Four Only', 'চল্লিশ হাজার চারশত চার টাকা মাত্র'],
  [taka(600060), 'Taka Six Lakh Sixty Only', 'ছয় লক্ষ ষাট টাকা মাত্র'],
  [taka(8080808), 'Taka Eighty Lakh Eighty Thousand Eight Hundred Eight Only', 'আশি লক্ষ আশি হাজার আটশত আট টাকা মাত্র'],
  [taka(300), 'Taka Three Hundred Only', 'তিনশত টাকা মাত্র'],
  [taka(700000), 'Taka Seven Lakh Only', 'সাত লক্ষ টাকা মাত্র'],
  [
    -taka(2355772, 17),
    'Minus Taka Twenty-Three Lakh Fifty-Five Thousand Seven Hundred Seventy-Two and Paisa Seventeen Only',
    'ঋণাত্মক তেইশ লক্ষ পঞ্চান্ন হাজার সাতশত বাহাত্তর টাকা সতেরো পয়সা মাত্র',
  ],
  [-5, 'Minus Taka Zero and Paisa Five Only', 'ঋণাত্মক শূন্য টাকা পাঁচ পয়সা মাত্র'],
];

// Every Bangla number 1–99 is its own word (NCTB class 1 mathematics spellings; docs/decisions, lakh-money).
const bangla1to99 = `
1 এক · 2 দুই · 3 তিন · 4 চার · 5 পাঁচ · 6 ছয় · 7 সাত · 8 আট · 9 নয় · 10 দশ
11 এগারো · 12 বারো · 13 তেরো · 14 চৌদ্দ · 15 পনেরো · 16 ষোলো · 17 সতেরো · 18 আঠারো · 19 উনিশ · 20 বিশ
21 একুশ · 22 বাইশ · 23 তেইশ · 24 চব্বিশ · 25 পঁচিশ · 26 ছাব্বিশ · 27 সাতাশ · 28 আটাশ · 29 ঊনত্রিশ · 30 ত্রিশ
31 একত্রিশ · 32 বত্রিশ · 33 তেত্রিশ · 34 চৌত্রিশ · 35 পঁয়ত্রিশ · 36 ছত্রিশ · 37 সাঁইত্রিশ · 38 আটত্রিশ · 39 ঊনচল্লিশ · 40 চল্লিশ
41 একচল্লিশ · 42 বিয়াল্লিশ · 43 তেতাল্লিশ · 44 চুয়াল্লিশ · 45 পঁয়তাল্লিশ · 46 ছেচল্লিশ · 47 সাতচল্লিশ · 48 আটচল্লিশ · 49 ঊনপঞ্চাশ · 50 পঞ্চাশ
51 একান্ন · 52 বাহান্ন · 53 তিপ্পান্ন · 54 চুয়ান্ন · 55 পঞ্চান্ন · 56 ছাপ্পান্ন · 57 সাতান্ন · 58 আটান্ন · 59 ঊনষাট · 60 ষাট
61 একষট্টি · 62 বাষট্টি · 63 তেষট্টি · 64 চৌষট্টি · 65 পঁয়ষট্টি · 66 ছেষট্টি · 67 সাতষট্টি · 68 আটষট্টি · 69 ঊনসত্তর · 70 সত্তর
71 একাত্তর · 72 বাহাত্তর · 73 তিয়াত্তর · 74 চুয়াত্তর · 75 পঁচাত্তর · 76 ছিয়াত্তর · 77 সাতাত্তর · 78 আটাত্তর · 79 ঊনআশি · 80 আশি
81 একাশি · 82 বিরাশি · 83 তিরাশি · 84 চুরাশি · 85 পঁচাশি · 86 ছিয়াশি · 87 সাতাশি · 88 আটাশি · 89 ঊননব্বই · 90 নব্বই
91 একানব্বই · 92 বিরানব্বই · 93 তিরানব্বই · 94 চুরানব্বই · 95 পঁচানব্বই · 96 ছিয়ানব্বই · 97 সাতানব্বই · 98 আটানব্বই · 99 নিরানব্বই`
  .trim()
  .split(/\s*[·\n]\s*/)
  .map((pair) => {
    const [n = '', word = ''] = pair.split(' ');
    return [Number(n), word] as const;
  });

describe('amountInWords', () => {
  it.each(table)('%i poisha in English and Bangla', (poisha, en, bn) => {
    expect(amountInWords(poisha, 'en')).toBe(en);
    expect(amountInWords(poisha, 'bn')).toBe(bn);
  });

  it('has at least 40 amounts in the table', () => {
    expect(table.length).toBeGreaterThanOrEqual(40);
  });

  it('writes every Bangla number 1–99 as its own word, as taka and as paisa', () => {
    expect(bangla1to99.map(([n]) => n)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    for (const [n, word] of bangla1to99) {
      expect(amountInWords(taka(n), 'bn')).toBe(`${word} টাকা মাত্র`);
      expect(amountInWords(n, 'bn')).toBe(`শূন্য টাকা ${word} পয়সা মাত্র`);
      expect(amountInWords(taka(n * 100000), 'bn')).toBe(`${word} লক্ষ টাকা মাত্র`);
    }
  });

  it('is English by default and refuses a fraction of a poisha', () => {
    expect(amountInWords(taka(45))).toBe('Taka Forty-Five Only');
    expect(() => amountInWords(0.5, 'en')).toThrow(RangeError);
  });
});
