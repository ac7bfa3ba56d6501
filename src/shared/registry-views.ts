import type { EntryColumn } from './entry-columns.ts';
import type { Access } from './roles.ts';
import { type FieldDef, type KindDef, type LogColumn, type Registry, type StatementLayout, inputFields } from './registry.ts';

// The screens, derived from the registry: the dashboard's sidebar and history menu, each page,
// the statement columns with their formats (from each field's unit), a kind's log columns, and
// which fields lists show as an entry's party and amount. Nothing here names a kind.

/** 'choice' is a word of the registry's lists (an expense type, a month, a wire size): shown in the interface language. */
export type CellFormat = 'text' | 'choice' | 'date' | 'money' | 'kg' | 'number';

/** A column of figures (right-aligned, totalled), not of words or dates. */
export const isFigureFormat = (format: CellFormat) => format !== 'text' && format !== 'choice' && format !== 'date';

/** A column of a list or statement: the wire field it reads and how it is shown. */
export interface Column {
  header: string;
  field: string;
  format: CellFormat;
}

export type DashboardPage =
  | { type: 'party' | 'history' | 'statement' | 'log'; label: string; kind: KindDef }
  | { type: 'partners' | 'ledger' | 'production' | 'accounts' | 'cashbook' | 'cheques' | 'dayClose' | 'dues' | 'import'; label: string };

export interface MenuGroup {
  title: string;
  /** Who sees the group (default: everyone who sees the dashboard). */
  access?: Access;
  pages: { name: string; page: DashboardPage }[];
}

/** Pages of the dashboard that are not one kind's. */
const partnersPage = { name: 'userDetailsData', page: { type: 'partners', label: 'Partners Info' } as DashboardPage, order: 4 };
const ledgerPage = { name: 'ledger', page: { type: 'ledger', label: 'Party Ledger' } as DashboardPage };
const productionPage = { name: 'production', page: { type: 'production', label: 'Production' } as DashboardPage };
const accountsPage = { name: 'accounts', page: { type: 'accounts', label: 'Money accounts' } as DashboardPage };
const cashbookPage = { name: 'cashbook', page: { type: 'cashbook', label: 'Cash book' } as DashboardPage };
const chequesPage = { name: 'cheques', page: { type: 'cheques', label: 'Cheques' } as DashboardPage };
const dayClosePage = { name: 'dayClose', page: { type: 'dayClose', label: 'Day close' } as DashboardPage };
const duesPage = { name: 'dues', page: { type: 'dues', label: 'Dues' } as DashboardPage };
const importPage = { name: 'import', page: { type: 'import', label: 'Import' } as DashboardPage };

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/** The sidebar (spec §2): Cash Out Data, Cash In Data, then the party ledger. */
export function sidebarOf(registry: Registry): MenuGroup[] {
  const section = (s: 'cashOut' | 'cashIn') =>
    registry.kinds
      .filter((k) => k.dashboard.section === s)
      .map((k) => ({ name: k.dashboard.page, page: { type: k.dashboard.view, label: k.dashboard.label, kind: k } as DashboardPage, order: k.dashboard.order }));
  return [
    { title: 'Cash Out Data', pages: section('cashOut').sort(byOrder) },
    { title: 'Cash In Data', pages: [...section('cashIn'), partnersPage].sort(byOrder) },
    { title: 'Accounts', pages: [accountsPage, cashbookPage, chequesPage, dayClosePage, duesPage, ledgerPage, productionPage] },
    { title: 'Admin', access: 'admin' as const, pages: [importPage] },
  ].map((g) => ({ title: g.title, ...('access' in g ? { access: g.access } : {}), pages: g.pages.map(({ name, page }) => ({ name, page })) }));
}

/** The dashboard home's menu of history pages (spec §2): Debit Data and Credit Data. */
export function historyMenuOf(registry: Registry): MenuGroup[] {
  const section = (s: 'cashOut' | 'cashIn') =>
    registry.kinds
      .flatMap((k) => (k.dashboard.section === s && k.dashboard.history ? [{ k, h: k.dashboard.history }] : []))
      .sort((a, b) => a.h.order - b.h.order)
      .map(({ k, h }) => ({ name: h.page, page: { type: 'history', label: k.dashboard.label, kind: k } as DashboardPage }));
  return [
    { title: 'Debit Data', pages: section('cashOut') },
    { title: 'Credit Data', pages: section('cashIn') },
  ];
}

/** The page a /dashboard/<name> path shows, if any. */
export function dashboardPageOf(registry: Registry, name: string): DashboardPage | undefined {
  for (const g of [...sidebarOf(registry), ...historyMenuOf(registry)]) {
    const found = g.pages.find((p) => p.name === name);
    if (found) return found.page;
  }
  const aliased = registry.kinds.find((k) => k.dashboard.history?.aliases?.includes(name));
  return aliased ? { type: 'history', label: aliased.dashboard.label, kind: aliased } : undefined;
}

/** Statement layouts (spec §2): each column is a stamp, the kind's subject, or the field stored in a column. */
type LayoutColumn = { header: string; from: 'subject' | 'issue_date' | 'issued_by' | EntryColumn };

const layout = (...cols: [header: string, from: LayoutColumn['from']][]): LayoutColumn[] => cols.map(([header, from]) => ({ header, from }));
const nameDate = (name = 'Name') =>
  [
    [name, 'subject'],
    ['Date', 'issue_date'],
  ] as [string, LayoutColumn['from']][];

export const statementLayouts: Record<StatementLayout, readonly LayoutColumn[]> = {
  // prettier-ignore
  details: layout(...nameDate(), ['Quantity', 'qunatity_milli'], ['Size', 'size'], ['Weight/KG', 'weight_g'], ['Price/KG', 'price_p'], ['Total Price', 'total_price_p'], ['Paid Amount', 'paid_amount_p'], ['Due', 'due_amount_p'], ['Discount Amount', 'discount_amount_p'], ['Note', 'note'], ['issued by', 'issued_by']),
  paymentDetails: layout(...nameDate(), ['Paid Amount', 'paid_amount_p'], ['Note', 'note']),
  otherExpansesDetails: layout(...nameDate('Type'), ['Cost', 'paid_amount_p'], ['Note', 'note']),
  // prettier-ignore
  // Ours (decision 0044): an opening adjustment's way, its money and its stock.
  adjustmentDetails: layout(...nameDate('Side'), ['Paid Amount', 'paid_amount_p'], ['Weight/KG', 'weight_g'], ['Note', 'note'], ['issued by', 'issued_by']),
  salaryDetails: layout(
    ...nameDate(),
    ['Paid Amount', 'paid_amount_p'],
    ['Month', 'month'],
    ['Assigned Amount (Employee)', 'assigned_salary'],
    ['Note', 'note'],
  ),
};

export const isStatementLayout = (name: string): name is StatementLayout => Object.hasOwn(statementLayouts, name);

/** How a field's values are shown: from its unit. */
export function formatOf(f: FieldDef): CellFormat {
  switch (f.input.type) {
    case 'computed':
      return 'money';
    case 'choice':
      return 'choice';
    case 'decimal':
      return f.input.unit === 'money' || f.input.unit === 'rate' ? 'money' : f.input.unit === 'weight' ? 'kg' : 'number';
    default:
      return 'text';
  }
}

const stampColumn = (field: 'issue_date' | 'issued_by', header: string): Column => ({ header, field, format: field === 'issue_date' ? 'date' : 'text' });

/** The field lists show as an entry's party or subject: declared, else the one stored as `name`. */
export function subjectField(kind: KindDef): FieldDef | undefined {
  return kind.subject ? fieldNamed(kind, kind.subject) : kind.fields.find((f) => f.column === 'name');
}

/** How an entry's subject is shown: a chosen word (an expense type) in the interface language, a name as typed. */
export function subjectFormat(kind: KindDef): CellFormat {
  const f = subjectField(kind);
  return f ? formatOf(f) : 'text';
}

/** The field lists show as an entry's amount: declared, else what moves cash, else stock. */
export function amountField(kind: KindDef): FieldDef | undefined {
  const name = kind.amount ?? kind.cash?.field ?? kind.stock?.field;
  return name ? fieldNamed(kind, name) : undefined;
}

export function fieldNamed(kind: KindDef, name: string): FieldDef | undefined {
  return kind.fields.find((f) => f.name === name);
}

/**
 * A statement's columns for one kind: the layout's, each read from the kind's own field. `own`
 * keeps only the columns the kind has (a kind's own page, such as Stock); the generic
 * /dashboard/<layout> pages keep every column of the spec's layout.
 */
export function statementColumnsOf(kind: KindDef, layout: StatementLayout = kind.dashboard.statement, own = false): Column[] {
  return statementLayouts[layout].flatMap((c) => {
    if (c.from === 'issue_date' || c.from === 'issued_by') return [stampColumn(c.from, c.header)];
    const f = c.from === 'subject' ? subjectField(kind) : kind.fields.find((x) => x.column === c.from);
    if (own && !f) return [];
    return [{ header: c.header, field: f?.name ?? c.from, format: f ? formatOf(f) : 'text' }];
  });
}

/** The columns of a kind's log (fire data, assets): its declared columns, else its fields. */
export function logColumnsOf(kind: KindDef): Column[] {
  const cols: readonly LogColumn[] = kind.log?.columns ?? [...inputFields(kind).map((f) => ({ field: f.name })), { field: 'issue_date', header: 'Date' }];
  return cols.map((c) => {
    if (c.field === 'issue_date' || c.field === 'issued_by') return stampColumn(c.field, c.header ?? c.field);
    const f = fieldNamed(kind, c.field);
    return { header: c.header ?? f?.label ?? c.field, field: c.field, format: f ? formatOf(f) : 'text' };
  });
}
