// An amount of money in words, as on a cheque or a receipt in Bangladesh, in the Indian system:
// crore, lakh, thousand, hundred. 23,55,772.17 taka reads
//   'Taka Twenty-Three Lakh Fifty-Five Thousand Seven Hundred Seventy-Two and Paisa Seventeen Only'
//   'তেইশ লক্ষ পঞ্চান্ন হাজার সাতশত বাহাত্তর টাকা সতেরো পয়সা মাত্র'.
// 100 crore and more repeat the system before 'Crore' (1,23,45,67,890 → 'One Hundred Twenty-Three
// Crore Forty-Five Lakh ...'), as bank cheques write it. A negative amount reads as the words of its
// size after 'Minus' / 'ঋণাত্মক' (a ledger that says Dr or Cr beside it passes the size alone).
// Written by hand: every Bangla number 1–99 is its own word (docs/decisions, "lakh-money").

import type { FigureLanguage } from './digits.ts';

const EN_ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const EN_TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** Bangla 0–99: index n is the word for n (index 0 unused). */
export const BN_UNDER_100 = [
  '',
  ...'এক দুই তিন চার পাঁচ ছয় সাত আট নয় দশ এগারো বারো তেরো চৌদ্দ পনেরো ষোলো সতেরো আঠারো উনিশ বিশ'.split(' '),
  ...'একুশ বাইশ তেইশ চব্বিশ পঁচিশ ছাব্বিশ সাতাশ আটাশ ঊনত্রিশ ত্রিশ একত্রিশ বত্রিশ তেত্রিশ চৌত্রিশ পঁয়ত্রিশ ছত্রিশ সাঁইত্রিশ আটত্রিশ ঊনচল্লিশ চল্লিশ'.split(' '),
  ...'একচল্লিশ বিয়াল্লিশ তেতাল্লিশ চুয়াল্লিশ পঁয়তাল্লিশ ছেচল্লিশ সাতচল্লিশ আটচল্লিশ ঊনপঞ্চাশ পঞ্চাশ একান্ন বাহান্ন তিপ্পান্ন চুয়ান্ন পঞ্চান্ন ছাপ্পান্ন সাতান্ন আটান্ন ঊনষাট ষাট'.split(
    ' ',
  ),
  ...'একষট্টি বাষট্টি তেষট্টি চৌষট্টি পঁয়ষট্টি ছেষট্টি সাতষট্টি আটষট্টি ঊনসত্তর সত্তর একাত্তর বাহাত্তর তিয়াত্তর চুয়াত্তর পঁচাত্তর ছিয়াত্তর সাতাত্তর আটাত্তর ঊনআশি আশি'.split(' '),
  ...'একাশি বিরাশি তিরাশি চুরাশি পঁচাশি ছিয়াশি সাতাশি আটাশি ঊননব্বই নব্বই একানব্বই বিরানব্বই তিরানব্বই চুরানব্বই পঁচানব্বই ছিয়ানব্বই সাতানব্বই আটানব্বই নিরানব্বই'.split(' '),
];

interface Words {
  under100: (n: number) => string;
  hundred: (n: number) => string;
  crore: string;
  lakh: string;
  thousand: string;
}

const en: Words = {
  under100: (n) => (n < 20 ? EN_ONES[n]! : `${EN_TENS[Math.floor(n / 10)]!}${n % 10 ? `-${EN_ONES[n % 10]!}` : ''}`),
  hundred: (n) => `${EN_ONES[n]!} Hundred`,
  crore: 'Crore',
  lakh: 'Lakh',
  thousand: 'Thousand',
};

const bn: Words = {
  under100: (n) => BN_UNDER_100[n]!,
  hundred: (n) => `${BN_UNDER_100[n]!}শত`,
  crore: 'কোটি',
  lakh: 'লক্ষ',
  thousand: 'হাজার',
};

/** A positive whole number in words (Indian system), as BigInt so no size loses a digit. */
function wholeWords(n: bigint, w: Words): string {
  const parts: string[] = [];
  const crore = n / 10_000_000n;
  if (crore > 0n) parts.push(`${wholeWords(crore, w)} ${w.crore}`);
  const rest = Number(n % 10_000_000n);
  const lakh = Math.floor(rest / 100_000);
  const thousand = Math.floor((rest % 100_000) / 1000);
  const hundred = Math.floor((rest % 1000) / 100);
  const under100 = rest % 100;
  if (lakh) parts.push(`${w.under100(lakh)} ${w.lakh}`);
  if (thousand) parts.push(`${w.under100(thousand)} ${w.thousand}`);
  if (hundred) parts.push(w.hundred(hundred));
  if (under100) parts.push(w.under100(under100));
  return parts.join(' ');
}

/** Integer poisha in words: 235577217 → 'Taka Twenty-Three Lakh ... and Paisa Seventeen Only'. */
export function amountInWords(poisha: number, lang: FigureLanguage = 'en'): string {
  if (!Number.isSafeInteger(poisha)) throw new RangeError('amountInWords: poisha must be a whole number');
  const size = BigInt(Math.abs(poisha));
  const taka = size / 100n;
  const paisa = Number(size % 100n);
  const w = lang === 'bn' ? bn : en;
  const takaWords = taka === 0n ? (lang === 'bn' ? 'শূন্য' : 'Zero') : wholeWords(taka, w);
  const text =
    lang === 'bn'
      ? `${takaWords} টাকা${paisa ? ` ${w.under100(paisa)} পয়সা` : ''} মাত্র`
      : `Taka ${takaWords}${paisa ? ` and Paisa ${w.under100(paisa)}` : ''} Only`;
  return poisha < 0 ? `${lang === 'bn' ? 'ঋণাত্মক' : 'Minus'} ${text}` : text;
}
