import { textsOf } from '../../lib/i18n';

// The entry forms' own words (the forms' chunk, loaded on first use), in English and Bangla: not in
// the shell's catalogue, which every first screen loads (docs/decisions/0020-texts-by-screen.md).
export const formTexts = textsOf(
  {
    voidIntro: '{entry}: {subject} {amount} on {date}. A reversal taking it back out will be written; the original stays in the books, marked voided.',
    correctingIntro: 'Correcting #{id}: the original is voided and this entry takes its place on its date.',
    partyNotPicked: 'No partner was picked for “{query}”: choose one from the list.',
    moreMatches: '{count} more: type more of the name',
    noPartnerMatch: 'No partner matches “{query}”.',
    noPartnersKind: 'No partners of this kind yet',
    partnersMissing: 'The partner list is not on this phone yet: connect to the internet once with this screen open.',
    partnersOld: 'Partner list kept on this phone from {date}: connect to the internet to bring it up to date.',
  },
  {
    voidIntro: '{entry}: {subject} {amount}, {date}। এটি ফিরিয়ে নেওয়ার একটি বিপরীত এন্ট্রি লেখা হবে; মূল এন্ট্রি খাতায় থাকবে, বাতিল চিহ্নসহ।',
    correctingIntro: '#{id} সংশোধন: মূল এন্ট্রি বাতিল হবে এবং এই এন্ট্রি তার তারিখে তার জায়গা নেবে।',
    partyNotPicked: '“{query}” এর জন্য কোনো অংশীদার বাছাই হয়নি: তালিকা থেকে একজনকে বেছে নিন।',
    moreMatches: 'আরও {count}টি: নামের আরও অংশ লিখুন',
    noPartnerMatch: '“{query}” এর সাথে কোনো অংশীদার মেলেনি।',
    noPartnersKind: 'এই ধরনের অংশীদার এখনও নেই',
    partnersMissing: 'অংশীদারদের তালিকা এখনও এই ফোনে নেই: এই পাতা খোলা রেখে একবার ইন্টারনেটে যুক্ত হোন।',
    partnersOld: 'এই ফোনে রাখা অংশীদারদের তালিকা {date} এর: হালনাগাদ করতে ইন্টারনেটে যুক্ত হোন।',
  },
);
