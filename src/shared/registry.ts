import type { EntryColumn, FlagColumn, SumColumn } from './entry-columns.ts';
import type { messages } from './messages.ts';
import type { UnitName } from './money.ts';
import type { Access } from './roles.ts';

// THE RECORD REGISTRY. Every record kind of spec §3 is described here once, as data: its API
// path, its fields (wire name, database column, label, input, required), how it is priced,
// how it moves cash and stock, who may write it, and its screens: which entry screen offers its
// form, its dashboard pages and statement layout, which fields lists show, its lifecycle action.
// Schemas, routes, database access, forms, lists, statements, the sidebar and the authorization
// table are all derived from these descriptions (registry-views.ts derives the screens).

export const partnerCategories = ['Client', 'Wood Powder Agent', 'Wire Agent', 'Acid Agent', 'Employee', 'Investor'] as const;
export type PartnerCategory = (typeof partnerCategories)[number];

export const wireSizes = [...Array.from({ length: 20 }, (_, i) => String(i + 7)), '28', '30', '32'] as const;
/** Choices the old system stored misspelt (its salary form's month list), and what each is. */
export const oldSpellings: Readonly<Record<string, string>> = { Febuary: 'February' };
export const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
/** Which way an opening due goes: the party owes the factory, or the factory owes the party. */
export const openingDueSides = ['Receivable', 'Payable'] as const;
/** Which way an opening adjustment goes: money or stock added to the books' figure, or taken from it. */
export const adjustmentSides = ['Add', 'Take away'] as const;
export const expenseTypes = ['House Rent', 'Electricity Bill', 'Water Bill', 'Internet Bill', 'Maintanence Cost', 'Others'] as const;

export type FieldInput =
  | { type: 'party'; categories: readonly PartnerCategory[] }
  | { type: 'text'; max: number; long?: boolean }
  | { type: 'decimal'; unit: UnitName }
  | { type: 'choice'; options: readonly string[]; placeholder: string }
  | { type: 'computed'; unit: 'money' };

/**
 * The part a field plays, so that no code outside the registry finds it by its name or column:
 * the priced amount (weight or quantity), the rate, what was paid and discounted, the total and
 * due worked out from them, and the wire size; a salary's assigned monthly salary and days absent,
 * from which its amount (paid) is suggested.
 */
export type FieldRole = 'weight' | 'quantity' | 'rate' | 'paid' | 'discount' | 'total' | 'due' | 'size' | 'monthlySalary' | 'absentDays';

export interface FieldDef {
  /** The name on the wire (spec spelling: qunatity, potNumb, ...). */
  name: string;
  column: EntryColumn;
  label: string;
  input: FieldInput;
  required: boolean;
  role?: FieldRole;
  /** What a new form starts with (a discount starts at 0). */
  default?: string;
  /** A new entry for a party starts from the party's last entry of the kind (its rate and size). */
  prefill?: 'lastEntry';
}

/** The side of the books whose latest entries list the kind (fires have their own log). */
export type KindGroup = 'cashIn' | 'cashOut' | 'fire';

/** The entry screens: Credit (/cashIn), Debit (/cashOut), Fire Count (/fireCount). */
export type EntryScreen = 'credit' | 'debit' | 'fireCount';

/** The statement layouts of spec §2 (each is a page /dashboard/<layout>). */
export type StatementLayout = 'details' | 'paymentDetails' | 'otherExpansesDetails' | 'salaryDetails' | 'adjustmentDetails';

/** Where a kind shows on the dashboard (spec §2). */
export interface DashboardDef {
  /** The sidebar group: Cash Out Data or Cash In Data. */
  section: 'cashOut' | 'cashIn';
  /** The sidebar page's name (its path under /dashboard) and label. */
  page: string;
  label: string;
  /** Place in the sidebar group. */
  order: number;
  /** party: distinct names, each opening its statement; statement: one statement of every entry; log: the kind's own list. */
  view: 'party' | 'statement' | 'log';
  statement: StatementLayout;
  /** A partner field shown beside each name on the party list (the salary list shows the assigned salary). */
  partnerColumn?: { field: 'assignedSalary'; header: string };
  /** The history page (distinct dates) in the dashboard menu, and other names it answers to. */
  history?: { page: string; order: number; aliases?: readonly string[] };
}

/** A state change the spec has for a kind: end a fire (a closing note), sell an asset (an amount, money in). */
export interface Lifecycle {
  action: 'end' | 'sell';
  /** What the entry is called in messages ('No such fire'), and the word for done ('This asset is already sold'). */
  noun: string;
  done: string;
  /** The flag that says it happened (sent and stored under this name). */
  status: FlagColumn;
  /** What is recorded with it: the end note, or the amount sold for. */
  value: { name: string; column: EntryColumn; label: string };
  /** The list column that shows it, the button that starts it, the dialog's submit and the toast. */
  header: string;
  button: string;
  submit: string;
  toast: keyof typeof messages;
  /** A sale is money in: it writes an entry of its own, of this kind, listed with `group`, its amount in `amount`. */
  entry?: { kind: string; title: string; group: KindGroup; amount: SumColumn };
}

/** A column of a kind's log (the fire data, the assets list): a field or a stamp, with its header. */
export interface LogColumn {
  field: string;
  header?: string;
}

/** The part a kind plays in the production report (modules/production). */
export type ProductionRole = 'firing' | 'powder' | 'acidBought' | 'repair' | 'salaries' | 'otherExpenses' | 'wireBought' | 'wireSold' | 'furnaceWork';

/** A rule that goes the other way when the entry's choice `field` holds `when` (an opening due that is payable). */
export interface Flip {
  field: string;
  when: string;
}

/**
 * The sign a rule (`cash`, `stock`, `ledger`) gives a stored row of its kind: `sign`, turned the
 * other way when the rule's flip field holds its `when`. `row` is keyed by column.
 */
export function ruleSign(kind: { fields: readonly FieldDef[] }, rule: { flip?: Flip } | object, sign: 1 | -1, row: Readonly<Record<string, unknown>>): 1 | -1 {
  const flip = 'flip' in rule ? rule.flip : undefined;
  const column = flip && kind.fields.find((f) => f.name === flip.field)?.column;
  return column && row[column] === flip.when ? (-sign as 1 | -1) : sign;
}

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
  /** The money field that moves cash, and which way (the other way when `flip`'s field holds its `when`). */
  cash?: { field: string; direction: 1 | -1; flip?: Flip };
  /** The weight field that moves wire stock, and which way (as `cash`). */
  stock?: { field: string; direction: 1 | -1; flip?: Flip };
  /**
   * How an entry moves what the party owes (party ledger): + they owe us more, − we owe them
   * more. Sales leave their due with the client; purchases leave theirs with us; a payment to a
   * partner and money from an investor move the account by the amount.
   */
  ledger?: { field: 'due_amount' | 'paid_amount'; sign: 1 | -1; flip?: Flip };
  write: Access;
  /** The entry screens that offer the form, and its button there (default: the title). */
  screens: readonly EntryScreen[];
  button?: string;
  /** The field lists show as the entry's party or subject (default: the field stored as `name`). */
  subject?: string;
  /** The field lists show as the entry's amount (default: the field that moves cash, else stock). */
  amount?: string;
  dashboard: DashboardDef;
  /** The kind's own list (the dashboard's `log` view), also shown under these entry screens with this title. */
  log?: { numbered?: boolean; screens?: readonly EntryScreen[]; title: string; columns: readonly LogColumn[] };
  lifecycle?: Lifecycle;
  /** Lists other than the entries that a save changes. */
  refreshes?: readonly 'partners'[];
  /** PUT /api/dashboard records an entry of this kind (spec §7: PUT dashboard with wire_stock). */
  dashboardPut?: boolean;
  /** Its part in the production report: firings, furnace costs, overheads, wire bought and sold. */
  production?: ProductionRole;
  /**
   * Importing the old system's export, whose collection of the kind is named as its `path`: a
   * name that partners of several of the kind's categories have is the partner of this category
   * (the old Partner Payment paid the business's partners, its investors).
   */
  oldSystem?: { prefer: PartnerCategory };
  /**
   * The kind may be paid by cheque (issue 28 part 4: `payment: 'cheque'` with the cheque's number,
   * bank and date): a payment received (`received`) or made (`issued`). Its money then waits in the
   * cheques' own account until the cheque clears; a bounce or a cancel writes the server kind that
   * undoes it for the party (`madeBy.cheque`).
   */
  cheque?: 'received' | 'issued';
  /**
   * An opening balance (docs/decisions/0041), dated the cut-over day; it moves no cash in the day's
   * cash in or out: a party's due (`due`: its ledger and dues only), or a money account's balance
   * (`account`: the account's balance and the header's Balance, carried into the cash book's
   * opening line, never a day's money in; no overview or report counts it as income).
   */
  opening?: 'due' | 'account';
}

// Field builders: one place says what a "paid amount" or a "note" is. Each keeps its label (and
// a choice its placeholder) as a literal type, so `RegistryText` knows every word a kind shows
// and registry-bn.ts cannot leave one without its Bangla.
type More = Pick<FieldDef, 'role' | 'default' | 'prefill'>;
const field = <const L extends string, const I extends FieldInput>(name: string, column: EntryColumn, label: L, input: I, required: boolean, more: More = {}) =>
  ({ name, column, label, input, required, ...more }) satisfies FieldDef;
const decimal = <const L extends string>(name: string, column: EntryColumn, label: L, unit: UnitName, required: boolean, more: More = {}) =>
  field(name, column, label, { type: 'decimal', unit }, required, more);
const party = (categories: readonly PartnerCategory[]) => field('name', 'name', 'Name', { type: 'party', categories }, true);
const money = <const L extends string>(name: string, label: L, required: boolean, column: EntryColumn = 'paid_amount_p', more: More = {}) =>
  decimal(name, column, label, 'money', required, more);
const note = (required: boolean) => field('note', 'note', 'Note', { type: 'text', max: 500, long: true }, required);
const text = <const L extends string>(name: string, column: EntryColumn, label: L, required: boolean, max = 100, more: More = {}) =>
  field(name, column, label, { type: 'text', max }, required, more);
const weight = (required: boolean) => decimal('weight', 'weight_g', 'Weight (KG)', 'weight', required, { role: 'weight' });
const stockAdded = () => decimal('wire_stock', 'weight_g', 'Stock added (KG)', 'weight', true, { role: 'weight' });
const quantity = (required: boolean) => decimal('qunatity', 'qunatity_milli', 'Quantity', 'quantity', required, { role: 'quantity' });
/** A choice from a list, its placeholder kept as a literal type. */
const choice = <const L extends string, const P extends string>(
  name: string,
  label: L,
  options: readonly string[],
  placeholder: P,
  required: boolean,
  more: More = {},
) => ({
  ...field(name, name as EntryColumn, label, { type: 'choice', options, placeholder }, required, more),
  input: { type: 'choice' as const, options, placeholder },
});
const size = (required: boolean) => choice('size', 'Size', wireSizes, 'Select Wire Size', required, { role: 'size', prefill: 'lastEntry' });
const rate = <const L extends string>(label: L) => decimal('price', 'price_p', label, 'rate', true, { role: 'rate', prefill: 'lastEntry' });
const computed = <const L extends string>(name: string, column: EntryColumn, label: L, role: FieldRole) =>
  field(name, column, label, { type: 'computed', unit: 'money' }, false, { role });
const month = () => choice('month', 'Month', months, 'Select Month', true);

/** A priced trade: amount × rate, paid, discount, and the derived total and due. */
const trade = <const A extends readonly FieldDef[]>(opts: { amount: A; perUnit?: boolean; noteRequired?: boolean | null }) =>
  [
    ...opts.amount,
    opts.perUnit ? rate('Rate (per unit)') : rate('Rate (per KG)'),
    money('paid_amount', 'Paid Amount', true, 'paid_amount_p', { role: 'paid' }),
    money('discount_amount', 'Discount', true, 'discount_amount_p', { role: 'discount', default: '0' }),
    computed('total_price', 'total_price_p', 'Total Price', 'total'),
    computed('due_amount', 'due_amount_p', 'Due', 'due'),
    ...(opts.noteRequired === null ? [] : [note(opts.noteRequired ?? false)]),
  ] as const;

// The kinds, one to a few lines each so they read as a table (prettier-ignore keeps it so).
// prettier-ignore
export const kinds = [
  // Cash in (spec: Credit)
  {
    kind: 'furnace', production: 'furnaceWork', ledger: { field: 'due_amount', sign: 1 }, path: 'furnaceData', title: 'Furnace Form', group: 'cashIn', pricing: 'weight', cash: { field: 'paid_amount', direction: 1 }, write: 'acounts',
    screens: ['credit'], dashboard: { section: 'cashIn', page: 'furnace', label: 'Furnace', order: 1, view: 'party', statement: 'details', history: { page: 'historyFurnace', order: 1 } },
    fields: [party(['Client']), ...trade({ amount: [quantity(true), size(true), weight(true)], noteRequired: false })],
  },
  {
    kind: 'msWire', production: 'wireSold', ledger: { field: 'due_amount', sign: 1 }, path: 'mWireData', title: 'MS Wire Form', group: 'cashIn', pricing: 'weight', cash: { field: 'paid_amount', direction: 1 }, stock: { field: 'weight', direction: -1 }, write: 'acounts',
    screens: ['credit'], dashboard: { section: 'cashIn', page: 'mwiresData', label: 'MS Wire', order: 2, view: 'party', statement: 'details', history: { page: 'historyMsWire', order: 2 } },
    fields: [party(['Client']), ...trade({ amount: [size(true), weight(true)], noteRequired: true })],
  },
  {
    kind: 'giWire', production: 'wireSold', ledger: { field: 'due_amount', sign: 1 }, path: 'giWireData', title: 'GI Wire Purchase', group: 'cashIn', pricing: 'weight', cash: { field: 'paid_amount', direction: 1 }, stock: { field: 'weight', direction: -1 }, write: 'acounts',
    screens: ['credit'], button: 'GI Wire Form', dashboard: { section: 'cashIn', page: 'gIWires', label: 'GI Wire', order: 3, view: 'party', statement: 'details', history: { page: 'historyGi', order: 3 } },
    fields: [party(['Client']), ...trade({ amount: [size(true), weight(true)], noteRequired: true })],
  },
  {
    kind: 'investor', ledger: { field: 'paid_amount', sign: -1 }, path: 'investorData', title: 'Investor form', group: 'cashIn', cash: { field: 'paid_amount', direction: 1 }, write: 'acounts',
    screens: ['credit'], refreshes: ['partners'], dashboard: { section: 'cashIn', page: 'investData', label: 'Investment', order: 5, view: 'party', statement: 'paymentDetails', history: { page: 'historyInvest', order: 4 } },
    fields: [party(['Investor']), money('paid_amount', 'Amount', true), note(false)],
  },
  {
    // Money a party pays the factory (a client's due, a refund): lowers what the party owes.
    kind: 'paymentReceived', cheque: 'received', ledger: { field: 'paid_amount', sign: -1 }, path: 'receiptData', title: 'Payment Received', group: 'cashIn', cash: { field: 'paid_amount', direction: 1 }, write: 'acounts',
    screens: ['credit'], dashboard: { section: 'cashIn', page: 'receiptData', label: 'Payments Received', order: 4, view: 'party', statement: 'paymentDetails', history: { page: 'historyReceipt', order: 5 } },
    fields: [party(partnerCategories), money('paid_amount', 'Amount', true), note(false)],
  },
  {
    kind: 'fire', production: 'firing', path: 'fire', title: 'Fire Count', group: 'fire', write: 'acounts',
    screens: ['credit', 'fireCount'], subject: 'pot_number', amount: 'weight',
    dashboard: { section: 'cashOut', page: 'fireData', label: 'Fire Data', order: 1, view: 'log', statement: 'details' },
    log: { numbered: true, screens: ['fireCount'], title: 'Fire log', columns: [{ field: 'roll' }, { field: 'pot_number' }, { field: 'weight' }, { field: 'issue_date', header: 'Date' }, { field: 'note' }, { field: 'fire_man' }, { field: 'issued_by', header: 'Issued By' }] },
    lifecycle: { action: 'end', noun: 'fire', done: 'ended', status: 'fire_status', value: { name: 'fire_time', column: 'fire_time', label: 'End note' }, header: 'End Time', button: 'End Time', submit: 'End fire', toast: 'endFire' },
    fields: [
      text('roll', 'roll', 'Roll', false),
      text('pot_number', 'pot_number', 'Pot Number', false),
      weight(false),
      text('fire_man', 'fire_man', 'Fire Man', false),
      note(false),
    ],
  },
  {
    kind: 'stock', path: 'stock', title: 'Stock', group: 'cashIn', stock: { field: 'wire_stock', direction: 1 }, write: 'acounts',
    screens: ['credit'], dashboardPut: true, dashboard: { section: 'cashIn', page: 'stock', label: 'Stock', order: 6, view: 'statement', statement: 'details' },
    fields: [stockAdded(), note(false)],
  },
  // Cash out (spec: Debit)
  {
    kind: 'salary', production: 'salaries', path: 'salaryCollections', title: 'Salary', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    screens: ['debit'], dashboard: { section: 'cashOut', page: 'salaryData', label: 'Salary', order: 3, view: 'party', statement: 'salaryDetails', partnerColumn: { field: 'assignedSalary', header: 'Assigned Salary' }, history: { page: 'salaryHistory', order: 1, aliases: ['home'] } },
    fields: [
      party(['Employee']),
      month(),
      text('assignedSalary', 'assigned_salary', 'Assigned Salary', true, 50, { role: 'monthlySalary' }),
      money('paid_amount', 'Amount', true, 'paid_amount_p', { role: 'paid' }),
      text('absent', 'absent', 'Absent (days)', true, 50, { role: 'absentDays' }),
      note(true),
    ],
  },
  {
    kind: 'partnerPayment', cheque: 'issued', ledger: { field: 'paid_amount', sign: 1 }, path: 'paymentData', title: 'Partner Payment', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts', oldSystem: { prefer: 'Investor' },
    screens: ['debit'], dashboard: { section: 'cashOut', page: 'othersData', label: 'Partner Payment', order: 4, view: 'party', statement: 'paymentDetails', history: { page: 'partnerPaymentHistory', order: 2 } },
    fields: [party(partnerCategories), money('paid_amount', 'Amount', true), note(false)],
  },
  {
    kind: 'woodPowder', production: 'powder', ledger: { field: 'due_amount', sign: -1 }, path: 'powderCost', title: 'Wood Powder Purchase', group: 'cashOut', pricing: 'quantity', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    screens: ['debit'], dashboard: { section: 'cashOut', page: 'woodPowederData', label: 'Wood Powder', order: 5, view: 'party', statement: 'details', history: { page: 'woodPowderHistory', order: 3 } },
    fields: [party(['Wood Powder Agent']), ...trade({ amount: [quantity(true)], perUnit: true, noteRequired: true })],
  },
  {
    kind: 'wireCost', production: 'wireBought', ledger: { field: 'due_amount', sign: -1 }, path: 'wireCost', title: 'Wire Cost', group: 'cashOut', pricing: 'weight', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    screens: ['debit'], dashboard: { section: 'cashOut', page: 'wireData', label: 'Wire Cost', order: 6, view: 'party', statement: 'details', history: { page: 'wireDataHistory', order: 4 } },
    fields: [party(['Wire Agent']), ...trade({ amount: [size(true), weight(true)], noteRequired: null })],
  },
  {
    kind: 'acid', production: 'acidBought', ledger: { field: 'due_amount', sign: -1 }, path: 'acidCost', title: 'Acid Purchase', group: 'cashOut', pricing: 'quantity', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    screens: ['debit'], dashboard: { section: 'cashOut', page: 'AcidData', label: 'Acid', order: 7, view: 'party', statement: 'details', history: { page: 'acidDataHistory', order: 5 } },
    fields: [party(['Acid Agent']), ...trade({ amount: [quantity(true)], perUnit: true, noteRequired: true })],
  },
  {
    kind: 'asset', path: 'assetsCost', title: 'Assets Form', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    screens: ['debit'],
    dashboard: { section: 'cashOut', page: 'assetsData', label: 'Assets', order: 8, view: 'log', statement: 'paymentDetails' },
    log: { screens: ['debit'], title: 'Assets', columns: [{ field: 'issue_date', header: 'Date' }, { field: 'name', header: 'Asset' }, { field: 'paid_amount', header: 'Cost' }] },
    lifecycle: { action: 'sell', noun: 'asset', done: 'sold', status: 'sold_status', value: { name: 'sold_amount', column: 'sold_amount_p', label: 'Amount' }, header: 'Sold for', button: 'Sell', submit: 'Sell', toast: 'itemSold', entry: { kind: 'assetSale', title: 'Asset Sale', group: 'cashIn', amount: 'paid_amount_p' } },
    fields: [text('name', 'name', 'Asset Name', true), money('paid_amount', 'Amount', true), note(false)],
  },
  {
    kind: 'otherExpense', production: 'otherExpenses', path: 'otherExpanses', title: 'Others Expenses', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, write: 'acounts',
    screens: ['debit'], dashboard: { section: 'cashOut', page: 'otherExpanses', label: 'Other Expenses', order: 9, view: 'party', statement: 'otherExpansesDetails', history: { page: 'historyOthersExpanses', order: 6 } },
    fields: [
      { name: 'name', column: 'name', label: 'Expense Type', input: { type: 'choice', options: expenseTypes, placeholder: 'Select Type' }, required: true },
      month(),
      money('paid_amount', 'Bill', true),
      { name: 'qunatity', column: 'qunatity_milli', label: 'Unit', input: { type: 'decimal', unit: 'unit' }, required: true },
      note(false),
    ],
  },
  // Opening balances (admin): a party's due and a money account's balance as of the cut-over day.
  {
    kind: 'openingDue', opening: 'due', ledger: { field: 'paid_amount', sign: 1, flip: { field: 'side', when: 'Payable' } }, path: 'openingDues', title: 'Opening Due', group: 'cashIn', write: 'admin',
    screens: [], dashboard: { section: 'cashIn', page: 'openingDues', label: 'Opening Due', order: 7, view: 'party', statement: 'paymentDetails' },
    fields: [party(partnerCategories), choice('side', 'Side', openingDueSides, 'Select Side', true), money('paid_amount', 'Amount', true), note(false)],
  },
  {
    kind: 'openingBalance', opening: 'account', path: 'openingBalances', title: 'Opening Balance', group: 'cashIn', cash: { field: 'paid_amount', direction: 1 }, write: 'admin',
    screens: [], dashboard: { section: 'cashIn', page: 'openingBalances', label: 'Opening Balance', order: 8, view: 'statement', statement: 'paymentDetails' },
    fields: [money('paid_amount', 'Amount', true), note(false)],
  },
  {
    // What the old system's dashboard said against what its entries add up to (issue 30), booked at
    // the cut-over with its reason: money (into an account) or wire stock, added or taken away.
    kind: 'openingAdjustment', opening: 'account', path: 'openingAdjustments', title: 'Opening Adjustment', group: 'cashIn', write: 'admin',
    cash: { field: 'paid_amount', direction: 1, flip: { field: 'side', when: 'Take away' } }, stock: { field: 'wire_stock', direction: 1, flip: { field: 'side', when: 'Take away' } },
    subject: 'side', screens: [], dashboard: { section: 'cashIn', page: 'openingAdjustments', label: 'Opening Adjustment', order: 9, view: 'statement', statement: 'adjustmentDetails' },
    fields: [choice('side', 'Side', adjustmentSides, 'Select Side', true), money('paid_amount', 'Amount', false), decimal('wire_stock', 'weight_g', 'Wire stock (KG)', 'weight', false, { role: 'weight' }), note(true)],
  },
  {
    kind: 'potRepair', production: 'repair', path: 'repairsCost', title: 'Pot Making & Repair', group: 'cashOut', cash: { field: 'repairsAmount', direction: -1 }, write: 'acounts',
    screens: ['debit'], subject: 'potNumb', dashboard: { section: 'cashOut', page: 'fireRepairs', label: 'Pot Making & Repair', order: 2, view: 'statement', statement: 'paymentDetails' },
    fields: [text('potNumb', 'pot_number', 'Pot Number', true), money('repairsAmount', 'Amount', true), note(false)],
  },
] as const satisfies readonly KindDef[];

export type KindName = (typeof kinds)[number]['kind'];

/**
 * A kind the server writes itself, with no form, route or page of its own: a day close's
 * difference (issue 28 part 7). Rollups, lists, titles, voids and `check` read it as every kind.
 */
export interface ServerKindDef {
  kind: string;
  title: string;
  group: KindGroup;
  cash: { field: string; direction: 1 | -1 };
  fields: readonly FieldDef[];
  /** How it moves what its party owes (a returned cheque: the party owes it again). */
  ledger?: { field: 'paid_amount'; sign: 1 | -1 };
  /**
   * What writes it: the day's close, for a count short of the book (out) or over it (in); a cheque
   * received or issued that bounced or was cancelled (its money leaves, or comes back to, the
   * cheques' account, and the party owes it again).
   */
  madeBy: { dayClose: 'short' | 'over' } | { cheque: 'received' | 'issued' };
}

// prettier-ignore
export const serverKinds = [
  { kind: 'cashShort', title: 'Cash short', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, madeBy: { dayClose: 'short' }, fields: [money('paid_amount', 'Amount', true), note(true)] },
  { kind: 'cashOver', title: 'Cash over', group: 'cashIn', cash: { field: 'paid_amount', direction: 1 }, madeBy: { dayClose: 'over' }, fields: [money('paid_amount', 'Amount', true), note(true)] },
  { kind: 'chequeReturned', title: 'Cheque returned', group: 'cashOut', cash: { field: 'paid_amount', direction: -1 }, ledger: { field: 'paid_amount', sign: 1 }, madeBy: { cheque: 'received' }, fields: [party(partnerCategories), money('paid_amount', 'Amount', true), note(true)] },
  { kind: 'issuedChequeReturned', title: 'Issued cheque returned', group: 'cashIn', cash: { field: 'paid_amount', direction: 1 }, ledger: { field: 'paid_amount', sign: -1 }, madeBy: { cheque: 'issued' }, fields: [party(partnerCategories), money('paid_amount', 'Amount', true), note(true)] },
] as const satisfies readonly ServerKindDef[];

/** A set of kinds and the look-ups every side needs. The app uses `registry`; tests may make their own. */
export interface Registry {
  kinds: readonly KindDef[];
  byPath(path: string): KindDef | undefined;
  byName(kind: string): KindDef | undefined;
  inGroup(group: KindGroup): KindDef[];
  onScreen(screen: EntryScreen): KindDef[];
  /** The kind whose lifecycle writes entries of this (server-made) kind: an asset's sale. */
  madeBy(kind: string): { kind: KindDef; lifecycle: Lifecycle & { entry: NonNullable<Lifecycle['entry']> } } | undefined;
  /** The kinds the server writes on its own (a day close's difference). */
  serverKinds: readonly ServerKindDef[];
  server(kind: string): ServerKindDef | undefined;
  /** The day close's difference kind for a count short of the book or over it. */
  dayCloseKind(side: 'short' | 'over'): ServerKindDef;
  /** The kind a returned (bounced or cancelled) cheque of this direction writes. */
  chequeReturnKind(direction: 'received' | 'issued'): ServerKindDef;
}

export function createRegistry(list: readonly KindDef[], server: readonly ServerKindDef[] = serverKinds): Registry {
  const byPath = new Map(list.map((k) => [k.path, k]));
  const byName = new Map(list.map((k) => [k.kind, k]));
  const serverByName = new Map(server.map((k) => [k.kind, k]));
  return {
    serverKinds: server,
    server: (kind) => serverByName.get(kind),
    dayCloseKind(side) {
      const found = server.find((k) => 'dayClose' in k.madeBy && k.madeBy.dayClose === side);
      if (!found) throw new Error(`registry: no day close kind for a count ${side}`);
      return found;
    },
    chequeReturnKind(direction) {
      const found = server.find((k) => 'cheque' in k.madeBy && k.madeBy.cheque === direction);
      if (!found) throw new Error(`registry: no kind for a returned cheque ${direction}`);
      return found;
    },
    kinds: list,
    byPath: (path) => byPath.get(path),
    byName: (kind) => byName.get(kind),
    inGroup: (group) => list.filter((k) => k.group === group),
    onScreen: (screen) => list.filter((k) => k.screens.includes(screen)),
    madeBy(kind) {
      for (const k of list) {
        const lifecycle = k.lifecycle;
        if (lifecycle?.entry?.kind === kind) return { kind: k, lifecycle: { ...lifecycle, entry: lifecycle.entry } };
      }
      return undefined;
    },
  };
}

export const registry: Registry = createRegistry(kinds);
export const kindByPath = registry.byPath;
export const kindByName = registry.byName;
export const kindsInGroup = registry.inGroup;

/**
 * Fields a statement's totals add up: amounts of money, weights and quantities. A rate per kg is a
 * figure too, but a sum of rates means nothing, so its total is left blank.
 */
export function isTotalled(f: FieldDef): boolean {
  return f.input.type === 'computed' || (f.input.type === 'decimal' && f.input.unit !== 'rate');
}

/** What a row is built from: a kind's fields and effects (a registry kind, or one the server writes). */
export type RowKind = Pick<KindDef, 'kind' | 'fields' | 'cash' | 'stock' | 'pricing'>;

/** Fields a person types (computed ones are the server's). */
export function inputFields(kind: RowKind): FieldDef[] {
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
  /** What it is when left blank (an assigned salary: N/A). */
  default?: string;
  /** The partner's name: stored clean (NFC, single spaces), a character nobody can see refused. */
  isName?: boolean;
  /** Shown across the form's width; `multiline` as a text area. */
  wide?: boolean;
  multiline?: boolean;
}

export const DEFAULT_ASSIGNED_SALARY = 'N/A' as const;

/** Headers of an import sheet that are no field of a kind: the day and who issued it (modules/import; the money account's is the importer's own). */
export const sheetLabels = ['Date', 'Issued By'] as const;

/** The old system's collection of partners (spec §7: userDetailsData); each kind's is its `path`. */
export const PARTNER_COLLECTION = 'userDetailsData';

export const partnerFieldLabels = [
  'Category',
  'Name',
  "Father's Name",
  "Mother's Name",
  'Address',
  'Contact Number',
  'NID / Trade License',
  'Assigned Salary',
  'Note',
] as const;

export const partnerFields: readonly (PartnerFieldDef & { label: (typeof partnerFieldLabels)[number] })[] = [
  { name: 'catagories', column: 'catagories', label: 'Category', required: true, max: 40, choice: partnerCategories },
  { name: 'name', column: 'name', label: 'Name', required: true, max: 100, isName: true },
  { name: 'fname', column: 'fname', label: "Father's Name", required: true, max: 100 },
  { name: 'mname', column: 'mname', label: "Mother's Name", required: true, max: 100 },
  { name: 'address', column: 'address', label: 'Address', required: true, max: 300, wide: true },
  { name: 'contact', column: 'contact', label: 'Contact Number', required: true, max: 20, numeric: true },
  { name: 'nid', column: 'nid', label: 'NID / Trade License', required: true, max: 40 },
  { name: 'assignedSalary', column: 'assigned_salary', label: 'Assigned Salary', required: true, max: 50, default: DEFAULT_ASSIGNED_SALARY },
  { name: 'userNote', column: 'user_note', label: 'Note', required: false, max: 500, wide: true, multiline: true },
];

/** A partner as the API sends it: its id and every partner field as text. */
export type PartnerWire = { id: number; catagories: PartnerCategory; credit_limit: number | null; refuse_past_limit: boolean } & Record<
  Exclude<PartnerFieldDef['name'], 'catagories'>,
  string
>;

type AKind = (typeof kinds)[number];
type AField = AKind['fields'][number];
type Lifecycles = Extract<AKind, { lifecycle: unknown }>['lifecycle'];
type Logs = Extract<AKind, { log: unknown }>['log'];
/**
 * Every word the kinds show a person, as literal types: titles, buttons, dashboard labels, field
 * labels, choices and their placeholders, log headings, lifecycle words, partner fields. The
 * Bangla of registry-bn.ts is typed by it: a kind or a field without its Bangla does not compile.
 */
export type RegistryText =
  | AKind['title']
  | Extract<AKind, { button: string }>['button']
  | AKind['dashboard']['label']
  | Extract<AKind['dashboard'], { partnerColumn: unknown }>['partnerColumn']['header']
  | AField['label']
  | (AField extends { input: { placeholder: infer P } } ? P : never)
  | (typeof months)[number]
  | (typeof expenseTypes)[number]
  | (typeof openingDueSides)[number]
  | (typeof adjustmentSides)[number]
  | (typeof sheetLabels)[number]
  | Logs['title']
  | Extract<Logs['columns'][number], { header: string }>['header']
  | Lifecycles['header']
  | Lifecycles['button']
  | Lifecycles['submit']
  | Lifecycles['value']['label']
  | Extract<Lifecycles, { entry: unknown }>['entry']['title']
  | PartnerCategory
  | (typeof serverKinds)[number]['title']
  | (typeof partnerFieldLabels)[number];

/** A sale to a client: a priced kind whose due the party comes to owe us (a credit limit counts it). */
export function raisesClientDue(kind: KindDef): boolean {
  return kind.pricing !== undefined && kind.ledger?.sign === 1;
}

/** The field of a kind that plays a part (FieldRole). */
export function fieldWithRole(kind: Pick<KindDef, 'fields'>, role: FieldRole): FieldDef | undefined {
  return kind.fields.find((f) => f.role === role);
}

export interface PricingFields {
  amount: FieldDef;
  rate: FieldDef;
  paid: FieldDef | undefined;
  discount: FieldDef | undefined;
}

const pricing = new WeakMap<RowKind, PricingFields | null>();

/** The fields a priced kind works its total and due from: its amount (weight or quantity), rate, paid and discount (found once per kind). */
export function pricingFields(kind: RowKind): PricingFields | null {
  let found = pricing.get(kind);
  if (found !== undefined) return found;
  const amount = kind.pricing ? fieldWithRole(kind, kind.pricing) : undefined;
  const rate = fieldWithRole(kind, 'rate');
  found = amount && rate ? { amount, rate, paid: fieldWithRole(kind, 'paid'), discount: fieldWithRole(kind, 'discount') } : null;
  pricing.set(kind, found);
  return found;
}
