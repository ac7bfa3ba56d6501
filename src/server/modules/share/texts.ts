import type { ShareLanguage } from '../../../shared/share-api.ts';

// The words of the shared statement page (modules/share/page.ts), in the party's language. Written
// to the party: "you owe", not the factory's "owes us". Typed per language: a word missing in
// Bangla does not compile.

export interface PageTexts {
  title: (name: string) => string;
  statementOf: (name: string) => string;
  range: (from: string | null, to: string | null) => string;
  asOf: (day: string) => string;
  date: string;
  entry: string;
  totalPrice: string;
  paid: string;
  discount: string;
  note: string;
  effect: string;
  balance: string;
  broughtForward: string;
  closing: string;
  youOwe: string;
  weOwe: string;
  settled: string;
  dr: string;
  cr: string;
  inWords: string;
  noEntries: string;
  show: string;
  from: string;
  to: string;
  print: string;
  agreeTitle: string;
  agreeIntro: string;
  confirm: string;
  disputeNote: string;
  dispute: string;
  confirmed: (balance: string, at: string) => string;
  disputed: (balance: string, at: string) => string;
  goneTitle: string;
  gone: string;
  notFoundTitle: string;
  notFound: string;
  throttled: (seconds: number) => string;
  language: string;
  /** A dispute sent without saying what is wrong (the page's form, where the browser did not stop it). */
  noteRequired: string;
}

export const pageTexts: Record<ShareLanguage, PageTexts> = {
  en: {
    title: (name) => `Statement of ${name}`,
    statementOf: (name) => `Statement of ${name}`,
    range: (from, to) => (from && to ? `${from} to ${to}` : from ? `From ${from}` : to ? `Up to ${to}` : 'All entries'),
    asOf: (day) => `Balance as of ${day}`,
    date: 'Date',
    entry: 'Entry',
    totalPrice: 'Total Price',
    paid: 'Paid Amount',
    discount: 'Discount',
    note: 'Note',
    effect: 'Dr / Cr',
    balance: 'Balance',
    broughtForward: 'Balance brought forward',
    closing: 'Closing balance',
    youOwe: 'you owe',
    weOwe: 'we owe you',
    settled: 'settled',
    dr: 'Dr',
    cr: 'Cr',
    inWords: 'in words',
    noEntries: 'No entries in this range.',
    show: 'Show',
    from: 'From',
    to: 'To',
    print: 'Print',
    agreeTitle: 'Is this balance right?',
    agreeIntro: 'Confirm the closing balance, or tell us what is wrong with it.',
    confirm: 'Confirm the balance',
    disputeNote: 'What is wrong',
    dispute: 'Dispute',
    confirmed: (balance, at) => `You confirmed the balance of ${balance} on ${at}. Thank you.`,
    disputed: (balance, at) => `You disputed the balance of ${balance} on ${at}. We will look into it.`,
    goneTitle: 'This link is no longer valid',
    gone: 'This statement link has expired or was revoked. Ask the factory for a new one.',
    notFoundTitle: 'No such link',
    notFound: 'This statement link is not valid. Check that it was copied whole.',
    throttled: (seconds) => `Too many wrong links from this address. Try again in ${seconds} seconds.`,
    language: 'Language',
    noteRequired: 'Say what is wrong with the balance, then send the dispute again.',
  },
  bn: {
    title: (name) => `${name} এর হিসাব বিবরণী`,
    statementOf: (name) => `${name} এর হিসাব বিবরণী`,
    range: (from, to) => (from && to ? `${from} থেকে ${to}` : from ? `${from} থেকে` : to ? `${to} পর্যন্ত` : 'সব এন্ট্রি'),
    asOf: (day) => `${day} পর্যন্ত জের`,
    date: 'তারিখ',
    entry: 'এন্ট্রি',
    totalPrice: 'মোট দাম',
    paid: 'পরিশোধ',
    discount: 'ছাড়',
    note: 'নোট',
    effect: 'পাওনা / দেনা',
    balance: 'জের',
    broughtForward: 'আগের জের',
    closing: 'শেষ জের',
    youOwe: 'আপনার বাকি',
    weOwe: 'আমরা দেব',
    settled: 'মিটে গেছে',
    dr: 'পাওনা',
    cr: 'দেনা',
    inWords: 'কথায়',
    noEntries: 'এই সময়ে কোনো এন্ট্রি নেই।',
    show: 'দেখান',
    from: 'থেকে',
    to: 'পর্যন্ত',
    print: 'প্রিন্ট',
    agreeTitle: 'এই জের কি ঠিক আছে?',
    agreeIntro: 'শেষ জের মিলে গেলে নিশ্চিত করুন, না মিললে কী ভুল তা লিখুন।',
    confirm: 'জের নিশ্চিত করুন',
    disputeNote: 'কী ভুল',
    dispute: 'আপত্তি জানান',
    confirmed: (balance, at) => `আপনি ${at} তারিখে ${balance} জের নিশ্চিত করেছেন। ধন্যবাদ।`,
    disputed: (balance, at) => `আপনি ${at} তারিখে ${balance} জেরে আপত্তি জানিয়েছেন। আমরা দেখে জানাব।`,
    goneTitle: 'এই লিংক আর চলে না',
    gone: 'এই হিসাবের লিংকের মেয়াদ শেষ বা বাতিল করা হয়েছে। কারখানার কাছে নতুন লিংক চান।',
    notFoundTitle: 'এমন কোনো লিংক নেই',
    notFound: 'এই হিসাবের লিংক ঠিক নয়। পুরো লিংক কপি হয়েছে কি না দেখুন।',
    throttled: (seconds) => `এই ঠিকানা থেকে অনেকবার ভুল লিংক। ${seconds} সেকেন্ড পরে আবার চেষ্টা করুন।`,
    language: 'ভাষা',
    noteRequired: 'ব্যালান্সে কী ভুল তা লিখুন, তারপর আবার আপত্তি পাঠান।',
  },
};
