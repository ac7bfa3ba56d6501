import type { UnitName } from './money.ts';
import type { Access } from './roles.ts';

// THE RECORD REGISTRY. Every record kind of spec §3 is described here once, as data: its API
// path, its fields (wire name, database column, label, input, required), how it is priced,
// how it moves cash and stock, and who may write it. Schemas, routes, database access, forms
// and lists are all derived from these descriptions.

export const partnerCategories = ['Client', 'Wood Powder Agent', 'Wire Agent', 'Acid Agent', 'Employee', 'Investor'] as const;
export type PartnerCategory = (typeof partnerCategories)[number];

export const wireSizes = [...Array.from({ length: 20 }, (_, i) => String(i + 7)), '28', '30', '32'] as const;
export const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const expenseTypes = ['House Rent', 'Electricity Bill', 'Water Bill', 'Internet Bill', 'Maintanence Cost', 'Others'] as const;

/** Columns of the `entries` table that fields may map to. */
export type EntryColumn =
  | 'name'
  | 'note'
  | 'qunatity_milli'
  | 'size'
  | 'weight_g'
  | 'price_p'
  | 'total_price_p'
  | 'paid_amount_p'
  | 'discount_amount_p'
  | 'due_amount_p'
  | 'month'
  | 'assigned_salary'
  | 'absent'
  | 'roll'
  | 'pot_number'
  | 'fire_man'
  | 'fire_time';

export type FieldInput =
  | { type: 'party'; categories: readonly PartnerCategory[] }
  | { type: 'text'; max: number; long?: boolean }
  | { type: 'decimal'; unit: UnitName }
  | { type: 'choice'; options: readonly string[]; placeholder: string }
  | { type: 'computed'; unit: 'money' };

export interface FieldDef {
  /** The name on the wire (spec spelling: qunatity, potNumb, ...). */
  name: string;
  column: EntryColumn;
  label: string;
  input: FieldInput;
  required: boolean;
}

export type KindGroup = 'cashIn' | 'cashOut' | 'fire' | 'stock';

/** The part a kind plays in the production report (modules/production). */
export type ProductionRole = 'firing' | 'powder' | 'acid' | 'repair' | 'salary' | 'otherExpense' | 'wireBought' | 'wireSold' | 'furnaceWork';

export interface KindDef {
  kind: string;
  /** API path under /api (spec §7). */
  path: string;
  /** The button and the form title. */
  title: string;
  group: KindGroup;
  fields: readonly FieldDef[];
  /** total_price = weight × rate, or quantity × rate; due = total − (paid + discount). */
  pricing?: 'weight' | 'quantity';
  /** The money field that moves cash, and which way. */
  cash?: { field: string; direction: 1 | -1 };
  /** The weight field that moves wire stock, and which way. */
  stock?: { field: string; direction: 1 | -1 };
  /**
   * How an entry moves what the party owes (party ledger): + they owe us more, − we owe them
   * more. Sales leave their due with the client; purchases leave theirs with us; a payment to a
   * partner and money from an investor move the account by the amount.
   */
  ledger?: { field: 'due_amount' | 'paid_amount'; sign: 1 | -1 };
  write: Access;
  /** Its part in the production report: firings, furnace costs, overheads, wire bought and sold. */
  production?: ProductionRole;
}

// Field builders: one place says what a "paid amount" or a "note" is.
const party = (categories: readonly PartnerCategory[], label = 'Name'): FieldDef => ({ name: 'name', column: 'name', label, input: { type: 'party', categories }, required: true });
const money = (name: string, label: string, required: boolean, column: EntryColumn = 'paid_amount_p'): FieldDef => ({ name, column, label, input: { type: 'decimal', unit: 'money' }, required });
const note = (required: boolean, label = 'Note'): FieldDef => ({ name: 'note', column: 'note', label, input: { type: 'text', max: 500, long: true }, required });
const text = (name: string, column: EntryColumn, label: string, required: boolean, max = 100): FieldDef => ({ name, column, label, input: { type: 'text', max }, required });
const weight = (required: boolean, name = 'weight', label = 'Weight (KG)'): FieldDef => ({ name, column: 'weight_g', label, input: { type: 'decimal', unit: 'weight' }, required });
const quantity = (required: boolean): FieldDef => ({ name: 'qunatity', column: 'qunatity_milli', label: 'Quantity', input: { type: 'decimal', unit: 'quantity' }, required });
const size = (required: boolean): FieldDef => ({ name: 'size', column: 'size', label: 'Size', input: { type: 'choice', options: wireSizes, placeholder: 'Select Wire Size' }, required });
const rate = (label = 'Rate (per KG)'): FieldDef => ({ name: 'price', column: 'price_p', label, input: { type: 'decimal', unit: 'rate' }, required: true });
const computed = (name: string, column: EntryColumn, label: string): FieldDef => ({ name, column, label, input: { type: 'computed', unit: 'money' }, required: false });
const month = (): FieldDef => ({ name: 'month', column: 'month', label: 'Month', input: { type: 'choice', options: months, placeholder: 'Select Month' }, required: true });

/** A priced trade: amount × rate, paid, discount, and the derived total and due. */
const trade = (opts: { amount: FieldDef[]; rateLabel?: string; noteRequired?: boolean | null }) => [
  ...opts.amount,
  rate(opts.rateLabel),
  money('paid_amount', 'Paid Amount', true),
  money('discount_amount', 'Discount', true, 'discount_amount_p'),
  computed('total_price', 'total_price_p', 'Total Price'),
  computed('due_amount', 'due_amount_p', 'Due'),
  ...(opts.noteRequired === null ? [] : [note(opts.noteRequired ?? false)]),
];

export const kinds = [
  // Cash in (spec: Credit)
  {
    kind: 'furnace', production: 'furnaceWork', ledger: { field: 'due_amount', sign: 1 }, path: 'furnaceData', title: 'Furnace Form', group: 'cashIn', pricing: 'weight', cash: { field: 'paid_amount', direction: 1 }, write: 'acounts',
    fields: [party(['Client']), ...trade({ amount: [quantity(true), size(true), weight(true)], noteRequired: false })],
  },
  {
    kind: 'msWire', production: 'wireSold', ledger: { field: 'due_amount', sign: 1 }, path: 'mWireData', title: 'MS Wire Form', group: 'cashIn', pricing: 'weight', cash: { field: 'paid_amount', direction: 1 }, stock: { field: 'weight', direction: -1 }, write: 'acounts',
    fields: [party(['Client']), ...trade({ amount: [size(true), weight(true)], noteRequired: true })],
  },
  {
    kind: 'giWire', production: 'wireSold', ledger: { field: 'due_amount', sign: 1 }, path: 'giWireData', title: 'GI Wire Purchase', group: 'cashIn', pricing: 'weight', cash: { field: 'paid_amount', direction: 1 }, stock: { field: 'weight', direction: -1 }, write: 'acounts',
    fields: [party(['Client']), ...trade({ amount: [size(true), weight(true)], noteRequired: true })],
  },
  {
    kind: 'investor', ledger: { field: 'paid_amount', sign: -1 }, path: 'investorData', title: 'Investor form', group: 'cashIn', cash: { field: 'paid_amount', direction: 1 }, write: 'acounts',
    fields: [party(['Investor']), money('paid_amount', 'Amount', true), note(false)],
  },
  {
    kind: 'stock', path: 'stock', title: 'Stock', group: 'stock', stock: { field: 'wire_stock', direction: 1 }, write: 'acounts',
    fields: [weight(true, 'wire_stock', 'Stock added (KG)'), note(false)],
  },
  {
    kind: 'fire', production: 'firing', path: 'fire', title: 'Fire Count', group: 'fire', write: 'acounts',
    fields: [
      text('roll', 'roll', 'Roll', false),
      text('pot_number', 'pot_number', 'Pot Number', false),
      weight(false),
      text('fire_man', 'fire_man', 'Fire Man', false),
      note(false),
    ],
  },
  // Cash out (spec: Debit)
  {
    kind: 'salary', production: 'salary', path: 'salaryCollections', title: 'Salary', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    fields: [
      party(['Employee']),
      month(),
      text('assignedSalary', 'assigned_salary', 'Assigned Salary', true, 50),
      money('paid_amount', 'Amount', true),
      text('absent', 'absent', 'Absent (days)', true, 50),
      note(true),
    ],
  },
  {
    kind: 'partnerPayment', ledger: { field: 'paid_amount', sign: 1 }, path: 'paymentData', title: 'Partner Payment', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    fields: [party(partnerCategories), money('paid_amount', 'Amount', true), note(false)],
  },
  {
    kind: 'woodPowder', production: 'powder', ledger: { field: 'due_amount', sign: -1 }, path: 'powderCost', title: 'Wood Powder Purchase', group: 'cashOut', pricing: 'quantity', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    fields: [party(['Wood Powder Agent']), ...trade({ amount: [quantity(true)], rateLabel: 'Rate (per unit)', noteRequired: true })],
  },
  {
    kind: 'wireCost', production: 'wireBought', ledger: { field: 'due_amount', sign: -1 }, path: 'wireCost', title: 'Wire Cost', group: 'cashOut', pricing: 'weight', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    fields: [party(['Wire Agent']), ...trade({ amount: [size(true), weight(true)], noteRequired: null })],
  },
  {
    kind: 'acid', production: 'acid', ledger: { field: 'due_amount', sign: -1 }, path: 'acidCost', title: 'Acid Purchase', group: 'cashOut', pricing: 'quantity', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    fields: [party(['Acid Agent']), ...trade({ amount: [quantity(true)], rateLabel: 'Rate (per unit)', noteRequired: true })],
  },
  {
    kind: 'asset', path: 'assetsCost', title: 'Assets Form', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    fields: [text('name', 'name', 'Asset Name', true), money('paid_amount', 'Amount', true), note(false)],
  },
  {
    kind: 'otherExpense', production: 'otherExpense', path: 'otherExpanses', title: 'Others Expenses', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    fields: [
      { name: 'name', column: 'name', label: 'Expense Type', input: { type: 'choice', options: expenseTypes, placeholder: 'Select Type' }, required: true },
      month(),
      money('paid_amount', 'Bill', true),
      { name: 'qunatity', column: 'qunatity_milli', label: 'Unit', input: { type: 'decimal', unit: 'unit' }, required: true },
      note(false),
    ],
  },
  {
    kind: 'potRepair', production: 'repair', path: 'repairsCost', title: 'Pot Making & Repair', group: 'cashOut', cash: { field: 'repairsAmount', direction: -1 }, write: 'acounts',
    fields: [text('potNumb', 'pot_number', 'Pot Number', true), money('repairsAmount', 'Amount', true), note(false)],
  },
] as const satisfies readonly KindDef[];

export type KindName = (typeof kinds)[number]['kind'];

/** Money entries made by the server itself (not typed in a form). */
export const ASSET_SALE_KIND = 'assetSale';

export function kindByPath(path: string): KindDef | undefined {
  return (kinds as readonly KindDef[]).find((k) => k.path === path);
}

export function kindByName(kind: string): KindDef | undefined {
  return (kinds as readonly KindDef[]).find((k) => k.kind === kind);
}

export function kindsInGroup(group: KindGroup): KindDef[] {
  return (kinds as readonly KindDef[]).filter((k) => k.group === group);
}

/** Fields a person types (computed ones are the server's). */
export function inputFields(kind: KindDef): FieldDef[] {
  return kind.fields.filter((f) => f.input.type !== 'computed');
}

// Partners (spec: userDetailsData): kept in their own table, managed by an admin.
export interface PartnerFieldDef {
  name: 'catagories' | 'name' | 'fname' | 'mname' | 'address' | 'contact' | 'nid' | 'assignedSalary' | 'userNote';
  column: 'catagories' | 'name' | 'fname' | 'mname' | 'address' | 'contact' | 'nid' | 'assigned_salary' | 'user_note';
  label: string;
  required: boolean;
  max: number;
  choice?: readonly string[];
  numeric?: boolean;
}

export const partnerFields: readonly PartnerFieldDef[] = [
  { name: 'catagories', column: 'catagories', label: 'Category', required: true, max: 40, choice: partnerCategories },
  { name: 'name', column: 'name', label: 'Name', required: true, max: 100 },
  { name: 'fname', column: 'fname', label: "Father's Name", required: true, max: 100 },
  { name: 'mname', column: 'mname', label: "Mother's Name", required: true, max: 100 },
  { name: 'address', column: 'address', label: 'Address', required: true, max: 300 },
  { name: 'contact', column: 'contact', label: 'Contact Number', required: true, max: 20, numeric: true },
  { name: 'nid', column: 'nid', label: 'NID / Trade License', required: true, max: 40 },
  { name: 'assignedSalary', column: 'assigned_salary', label: 'Assigned Salary', required: true, max: 50 },
  { name: 'userNote', column: 'user_note', label: 'Note', required: false, max: 500 },
];

export const DEFAULT_ASSIGNED_SALARY = 'N/A';
