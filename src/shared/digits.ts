// Bengali digits (০১২৩৪৫৬৭৮৯, U+09E6–U+09EF) and Latin digits, one for one. Figures are written in
// Bengali digits when the interface is Bangla; typed figures may come in either.

export type FigureLanguage = 'en' | 'bn';

const BENGALI_ZERO = 0x09e6;

/** '1,250.50' → '১,২৫০.৫০' (anything that is not a Latin digit stays as it is). */
export function toBengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => String.fromCharCode(BENGALI_ZERO + d.charCodeAt(0) - 48));
}

/** '১,২৫০.৫০' → '1,250.50' (anything that is not a Bengali digit stays as it is). */
export function toLatinDigits(text: string): string {
  return text.replace(/[\u09e6-\u09ef]/g, (d) => String(d.charCodeAt(0) - BENGALI_ZERO));
}

/** Digits for the language: Latin in English, Bengali in Bangla. */
export const digitsFor = (text: string, lang: FigureLanguage = 'en') => (lang === 'bn' ? toBengaliDigits(text) : text);
