import { amountInWords } from './amount-words.ts';
import { formatLongDate } from './dates.ts';
import { formatTaka } from './money.ts';

// The due sent on WhatsApp or SMS (issue 29 item 5): no gateway, the phone's own apps open with the
// number and a short message in the party's language: the due in figures and words, as of which
// day, and the statement link. Kept apart from share-api.ts so a screen that sends carries no zod.

/**
 * A Bangladeshi mobile number as WhatsApp wants it (country code, no plus): '01712-345678',
 * '+880 1712 345678' and '8801712345678' all give '8801712345678'; anything else null.
 */
export function bdMobile(contact: string | null | undefined): string | null {
  const digits = (contact ?? '').replace(/[\s\-().]/g, '').replace(/^\+/, '');
  const m = /^(?:88)?(01[3-9]\d{8})$/.exec(digits);
  return m ? `88${m[1]}` : null;
}

/** The short message: `due` in poisha (positive: they owe us; negative: we owe them), `asOf` YYYY-MM-DD. */
export function dueMessage(lang: 'en' | 'bn', p: { company: string; name: string; due: number; asOf: string; url: string }): string {
  const figures = formatTaka(Math.abs(p.due), lang);
  const words = amountInWords(Math.abs(p.due), lang);
  const day = formatLongDate(new Date(`${p.asOf}T12:00:00Z`), lang);
  if (lang === 'bn')
    return p.due >= 0
      ? `${p.name}, ${day} পর্যন্ত ${p.company}-এর কাছে আপনার বাকি ${figures} (${words})। হিসাব দেখুন ও মিলিয়ে জানান: ${p.url}`
      : `${p.name}, ${day} পর্যন্ত ${p.company} আপনার কাছে ${figures} (${words}) দেনা। হিসাব দেখুন ও মিলিয়ে জানান: ${p.url}`;
  return p.due >= 0
    ? `${p.name}, your due to ${p.company} as of ${day} is ${figures} (${words}). Your statement, to confirm or dispute: ${p.url}`
    : `${p.name}, ${p.company} owes you ${figures} (${words}) as of ${day}. Your statement, to confirm or dispute: ${p.url}`;
}

/** The WhatsApp and SMS addresses for a number (bdMobile's) and a message. */
export const whatsappHref = (phone: string, text: string) => `https://wa.me/${phone}?text=${encodeURIComponent(text)}`;
export const smsHref = (phone: string, text: string) => `sms:+${phone}?body=${encodeURIComponent(text)}`;
