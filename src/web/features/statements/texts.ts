import { textsOf } from '../../lib/i18n';

// A party's ledger and a statement: their texts in English and Bangla, loaded with those screens
// rather than with every first screen (docs/decisions/0020-texts-by-screen.md).
export const statementTexts = textsOf(
  {
    owesUs: 'owes us',
    weOweThem: 'we owe',
    ledgerIntro: 'Dues of sales and purchases, payments to partners and investments, per partner.',
    ledgerOf: 'Ledger of {name}',
    drCr: 'Dr: owes us, Cr: we owe',
    dr: 'Dr',
    cr: 'Cr',
    broughtForward: 'Balance brought forward',
    closingBalance: 'Closing balance ({standing})',
    allPartners: 'All partners',
    totalPrice: 'Total Price',
    discountCol: 'Discount',
    noStatement: 'There is no statement for “{path}”. Choose one from the dashboard.',
    statementOf: 'Statement of {subject}',
    noEntriesRange: 'No entries in this range.',
    showAllRows: 'Show all {count} rows',
    statementBroughtForward: 'Brought forward',
  },
  {
    owesUs: 'আমরা পাব',
    weOweThem: 'আমরা দেব',
    ledgerIntro: 'বিক্রি ও কেনার বাকি, অংশীদারদের দেওয়া টাকা ও বিনিয়োগ, প্রত্যেক অংশীদারের হিসাবে।',
    ledgerOf: '{name} এর খতিয়ান',
    drCr: 'পাওনা: আমরা পাব, দেনা: আমরা দেব',
    dr: 'পাওনা',
    cr: 'দেনা',
    broughtForward: 'আগের জের',
    closingBalance: 'শেষ জের ({standing})',
    allPartners: 'সব অংশীদার',
    totalPrice: 'মোট দাম',
    discountCol: 'ছাড়',
    noStatement: '“{path}” এর কোনো বিবরণী নেই। ড্যাশবোর্ড থেকে একটি বেছে নিন।',
    statementOf: '{subject} এর বিবরণী',
    noEntriesRange: 'এই সময়ে কোনো এন্ট্রি নেই।',
    showAllRows: 'সব {count}টি সারি দেখান',
    statementBroughtForward: 'পূর্বের জের',
  },
);
