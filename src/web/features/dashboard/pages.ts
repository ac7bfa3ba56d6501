// The dashboard's pages (spec §2), as data: each names its record kind (API path), what it shows,
// and which statement its details links open.
export type StatementType = 'details' | 'paymentDetails' | 'otherExpansesDetails' | 'salaryDetails';

export type DashboardPage =
  | { type: 'party'; path: string; label: string; statement: StatementType; withSalary?: boolean }
  | { type: 'history'; path: string; label: string; statement: StatementType }
  | { type: 'statement'; path: string; label: string; statement: StatementType }
  | { type: 'fire' | 'assets' | 'partners' | 'ledger' | 'production'; label: string };

export const sidebar: { title: string; pages: [string, DashboardPage][] }[] = [
  {
    title: 'Cash Out Data',
    pages: [
      ['fireData', { type: 'fire', label: 'Fire Data' }],
      ['fireRepairs', { type: 'statement', path: 'repairsCost', label: 'Pot Making & Repair', statement: 'paymentDetails' }],
      ['salaryData', { type: 'party', path: 'salaryCollections', label: 'Salary', statement: 'salaryDetails', withSalary: true }],
      ['othersData', { type: 'party', path: 'paymentData', label: 'Partner Payment', statement: 'paymentDetails' }],
      ['woodPowederData', { type: 'party', path: 'powderCost', label: 'Wood Powder', statement: 'details' }],
      ['wireData', { type: 'party', path: 'wireCost', label: 'Wire Cost', statement: 'details' }],
      ['AcidData', { type: 'party', path: 'acidCost', label: 'Acid', statement: 'details' }],
      ['assetsData', { type: 'assets', label: 'Assets' }],
      ['otherExpanses', { type: 'party', path: 'otherExpanses', label: 'Other Expenses', statement: 'otherExpansesDetails' }],
    ],
  },
  {
    title: 'Cash In Data',
    pages: [
      ['furnace', { type: 'party', path: 'furnaceData', label: 'Furnace', statement: 'details' }],
      ['mwiresData', { type: 'party', path: 'mWireData', label: 'MS Wire', statement: 'details' }],
      ['gIWires', { type: 'party', path: 'giWireData', label: 'GI Wire', statement: 'details' }],
      ['userDetailsData', { type: 'partners', label: 'Partners Info' }],
      ['investData', { type: 'party', path: 'investorData', label: 'Investment', statement: 'paymentDetails' }],
      ['stock', { type: 'statement', path: 'stock', label: 'Stock', statement: 'details' }],
    ],
  },
  {
    title: 'Accounts',
    pages: [
      ['ledger', { type: 'ledger', label: 'Party Ledger' }],
      ['production', { type: 'production', label: 'Production' }],
    ],
  },
];

export const historyMenu: { title: string; pages: [string, DashboardPage][] }[] = [
  {
    title: 'Debit Data',
    pages: [
      ['salaryHistory', { type: 'history', path: 'salaryCollections', label: 'Salary', statement: 'salaryDetails' }],
      ['partnerPaymentHistory', { type: 'history', path: 'paymentData', label: 'Partner Payment', statement: 'paymentDetails' }],
      ['woodPowderHistory', { type: 'history', path: 'powderCost', label: 'Wood Powder', statement: 'details' }],
      ['wireDataHistory', { type: 'history', path: 'wireCost', label: 'Wire Cost', statement: 'details' }],
      ['acidDataHistory', { type: 'history', path: 'acidCost', label: 'Acid', statement: 'details' }],
      ['historyOthersExpanses', { type: 'history', path: 'otherExpanses', label: 'Other Expenses', statement: 'otherExpansesDetails' }],
    ],
  },
  {
    title: 'Credit Data',
    pages: [
      ['historyFurnace', { type: 'history', path: 'furnaceData', label: 'Furnace', statement: 'details' }],
      ['historyMsWire', { type: 'history', path: 'mWireData', label: 'MS Wire', statement: 'details' }],
      ['historyGi', { type: 'history', path: 'giWireData', label: 'GI Wire', statement: 'details' }],
      ['historyInvest', { type: 'history', path: 'investorData', label: 'Investment', statement: 'paymentDetails' }],
    ],
  },
];

const all = new Map<string, DashboardPage>([...sidebar, ...historyMenu].flatMap((g) => g.pages));
all.set('home', all.get('salaryHistory') as DashboardPage);

export function dashboardPage(name: string): DashboardPage | undefined {
  return all.get(name);
}

export type Column = { header: string; field: string; format: 'text' | 'date' | 'money' | 'kg' | 'number' };

/** The columns of each statement page (spec §2 "Statement pages"), in order. */
export const statementColumns: Record<StatementType, Column[]> = {
  details: [
    { header: 'Name', field: 'name', format: 'text' },
    { header: 'Date', field: 'issue_date', format: 'date' },
    { header: 'Quantity', field: 'qunatity', format: 'number' },
    { header: 'Size', field: 'size', format: 'text' },
    { header: 'Weight/KG', field: 'weight', format: 'kg' },
    { header: 'Price/KG', field: 'price', format: 'money' },
    { header: 'Total Price', field: 'total_price', format: 'money' },
    { header: 'Paid Amount', field: 'paid_amount', format: 'money' },
    { header: 'Due', field: 'due_amount', format: 'money' },
    { header: 'Discount Amount', field: 'discount_amount', format: 'money' },
    { header: 'Note', field: 'note', format: 'text' },
    { header: 'issued by', field: 'issued_by', format: 'text' },
  ],
  paymentDetails: [
    { header: 'Name', field: 'name', format: 'text' },
    { header: 'Date', field: 'issue_date', format: 'date' },
    { header: 'Paid Amount', field: 'paid_amount', format: 'money' },
    { header: 'Note', field: 'note', format: 'text' },
  ],
  otherExpansesDetails: [
    { header: 'Type', field: 'name', format: 'text' },
    { header: 'Date', field: 'issue_date', format: 'date' },
    { header: 'Cost', field: 'paid_amount', format: 'money' },
    { header: 'Note', field: 'note', format: 'text' },
  ],
  salaryDetails: [
    { header: 'Name', field: 'name', format: 'text' },
    { header: 'Date', field: 'issue_date', format: 'date' },
    { header: 'Paid Amount', field: 'paid_amount', format: 'money' },
    { header: 'Month', field: 'month', format: 'text' },
    { header: 'Assigned Amount (Employee)', field: 'assignedSalary', format: 'text' },
    { header: 'Note', field: 'note', format: 'text' },
  ],
};

/** Fields of a kind that differ from a statement's names (pot repairs, stock). */
export const fieldAliases: Record<string, Record<string, string>> = {
  repairsCost: { name: 'potNumb', paid_amount: 'repairsAmount' },
  stock: { weight: 'wire_stock' },
};
