import { afterEach, describe, expect, it } from 'vitest';
import { headerFigures } from '../../src/web/components/layout/header-model.ts';
import { compactFigure, countText, csvNumber, figureLanguage, formatCell, setFigureLanguage } from '../../src/web/lib/format.ts';
import { takaInWords } from '../../src/web/components/ui/in-words.tsx';

// The web's figures: one module-level figure language (the language switch sets it) that every
// formatter uses by default; CSV cells stay plain numbers whatever the language.

const NBSP = '\u00a0';

afterEach(() => setFigureLanguage('en'));

describe('formatCell and the figure language', () => {
  it('writes Latin digits in English, by default', () => {
    expect(figureLanguage()).toBe('en');
    expect(formatCell(2355772.17, 'money')).toBe(`৳${NBSP}23,55,772.17`);
    expect(formatCell(-2355772.17, 'money')).toBe(`\u2212৳${NBSP}23,55,772.17`);
    expect(formatCell(1234567.5, 'kg')).toBe('12,34,567.5');
    expect(formatCell(123456.125, 'number')).toBe('1,23,456.125');
    expect(formatCell(null, 'money')).toBe('');
    expect(formatCell('Rahim', 'text')).toBe('Rahim');
    expect(countText(5000)).toBe('5,000');
  });

  it('writes Bengali digits once the language is Bangla, in every formatter, and back', () => {
    setFigureLanguage('bn');
    expect(figureLanguage()).toBe('bn');
    expect(formatCell(2355772.17, 'money')).toBe(`৳${NBSP}২৩,৫৫,৭৭২.১৭`);
    expect(formatCell(1234567.5, 'kg')).toBe('১২,৩৪,৫৬৭.৫');
    expect(countText(123456)).toBe('১,২৩,৪৫৬');
    expect(compactFigure(150000)).toBe('১.৫ লাখ');
    expect(takaInWords(2355772.17)).toBe('তেইশ লক্ষ পঞ্চান্ন হাজার সাতশত বাহাত্তর টাকা সতেরো পয়সা মাত্র');
    expect(formatCell(2355772.17, 'money', 'en')).toBe(`৳${NBSP}23,55,772.17`);
    setFigureLanguage('en');
    expect(formatCell(2355772.17, 'money')).toBe(`৳${NBSP}23,55,772.17`);
    expect(takaInWords(2355772.17)).toBe('Taka Twenty-Three Lakh Fifty-Five Thousand Seven Hundred Seventy-Two and Paisa Seventeen Only');
  });

  it('keeps CSV cells plain: Latin digits, no groups, no sign, a hyphen for negatives, in either language', () => {
    for (const lang of ['en', 'bn'] as const) {
      setFigureLanguage(lang);
      expect(csvNumber(2355772.17, 'money')).toBe('2355772.17');
      expect(csvNumber(-2355772.17, 'money')).toBe('-2355772.17');
      expect(csvNumber(0.1, 'money')).toBe('0.10');
      expect(csvNumber(1234567.5, 'kg')).toBe('1234567.5');
      expect(csvNumber(-0.25, 'kg')).toBe('-0.25');
      expect(csvNumber(12.5, 'number')).toBe('12.5');
      expect(csvNumber(null, 'money')).toBe('');
      expect(csvNumber('Rahim', 'text')).toBe('Rahim');
    }
  });

  it('labels chart scales in thousand, lakh and crore', () => {
    expect(compactFigure(0)).toBe('0');
    expect(compactFigure(950)).toBe('950');
    expect(compactFigure(2500)).toBe('2.5K');
    expect(compactFigure(150000)).toBe('1.5 L');
    expect(compactFigure(25000000)).toBe('2.5 Cr');
    expect(compactFigure(-200000)).toBe('\u22122 L');
  });
});

describe('the header figures', () => {
  it('show the balance with the taka sign and 2 decimals, the stock in kg, both in lakh groups', () => {
    const [stock, balance] = headerFigures({ wire_stock: 1234567.5, current_balance: -2355772.17 });
    expect(`${stock?.label}${stock?.value}${stock?.suffix}`).toBe('Stock: 12,34,567.5 KG');
    expect(`${balance?.label}${balance?.value}${balance?.suffix}`).toBe(`Balance: \u2212৳${NBSP}23,55,772.17`);
    expect(balance?.negative).toBe(true);
    const [, bn] = headerFigures({ wire_stock: 0, current_balance: 100 }, 'bn');
    expect(bn?.value).toBe(`৳${NBSP}১০০.০০`);
  });
});
