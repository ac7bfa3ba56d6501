import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { booksKey } from '../../lib/query-keys';
import type { KindDef } from '../../../shared/registry';
import { pageAfter } from '../../../shared/ledger-page';
import type { Entry } from '../books/api';
import { rangeBounds } from '../../lib/range-label';

// Statements, history and party lists, and the party ledger. Their keys sit under the books key,
// so a save, void or sale anywhere refreshes an open statement at once.

export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

const bounds = rangeBounds;

/** Start only: the end is the start plus one day; an explicit end wins (spec §5). */
export function dateRange(from: string | null, to: string | null): { from?: string; to?: string } {
  if (!from) return to ? { to } : {};
  if (to) return { from, to };
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { from, to: next.toISOString().slice(0, 10) };
}

type StatementOptions = DateRange & { name?: string | undefined; partner?: string | undefined; limit: number };

function fetchStatement(path: string, opts: StatementOptions, before?: string) {
  const party = opts.partner !== undefined ? `partner=${opts.partner}` : opts.name !== undefined ? `name=${encodeURIComponent(opts.name)}` : '';
  const q = [party, ...bounds(opts), `limit=${opts.limit}`, before ? `before=${before}` : ''].filter(Boolean).join('&');
  return api<{ data: Entry[]; totals: Record<string, number> }>('GET', `/api/${path}?${q}`);
}

export const statementQuery = (path: string, opts: StatementOptions) =>
  queryOptions({ queryKey: [...booksKey, 'statement', path, opts], queryFn: () => fetchStatement(path, opts) });

/** Every row a statement's totals count, page after page of `opts.limit` (paper and CSV list them all). */
export async function everyStatementRow(path: string, opts: StatementOptions): Promise<Entry[]> {
  const rows: Entry[] = [];
  for (let before: string | undefined; ;) {
    const page = (await fetchStatement(path, opts, before)).data;
    rows.push(...page);
    const last = page.at(-1);
    if (page.length < opts.limit || !last) return rows;
    before = pageAfter({ issue_date: String(last.issue_date), id: Number(last.id) });
  }
}

export const datesQuery = (path: string) =>
  queryOptions({
    queryKey: [...booksKey, 'dates', path],
    queryFn: () => api<{ data: { issue_date: string; count: number }[] }>('GET', `/api/${path}/dates`).then((r) => r.data),
  });

export const namesQuery = (path: string, search: string) =>
  queryOptions({
    queryKey: [...booksKey, 'names', path, search],
    queryFn: () =>
      api<{ data: { name: string; count: number; partner_id: number | null; catagories: string | null }[] }>(
        'GET',
        `/api/${path}/names${search ? `?s=${encodeURIComponent(search)}` : ''}`,
      ).then((r) => r.data),
  });

export interface Balance {
  id: number;
  name: string;
  catagories: string;
  entries: number;
  balance: number;
}

export const balancesQuery = queryOptions({
  queryKey: [...booksKey, 'ledger'],
  queryFn: () => api<{ data: Balance[] }>('GET', '/api/ledger').then((r) => r.data),
});

export interface LedgerRow extends Record<string, unknown> {
  id: number;
  kind: string;
  title: string;
  voided: boolean;
  issue_date: string;
  total_price: number | null;
  paid_amount: number | null;
  discount_amount: number | null;
  note: string | null;
  /** The account its money went through (null: the kind moves no money). */
  account_id: number | null;
  effect: number;
  balance: number;
}

export interface LedgerData {
  partner: { name: string; catagories: string };
  opening: number;
  closing: number;
  count: number;
  carried: number;
  rows: LedgerRow[];
}

export const ledgerQuery = (partnerId: number, range: DateRange, limit: number) =>
  queryOptions({
    queryKey: [...booksKey, 'ledger', partnerId, range, limit],
    queryFn: () =>
      api<{ data: LedgerData }>('GET', `/api/ledger/${partnerId}?${[...bounds(range), `limit=${limit}`].filter(Boolean).join('&')}`).then((r) => r.data),
    placeholderData: (previous) => previous,
  });

export const statementLink = (kind: KindDef, query: string) => `/dashboard/${kind.dashboard.statement}?url=${encodeURIComponent(`${kind.path}?${query}`)}`;

export const ledgerLink = (partnerId: number) => `/dashboard/ledger?partner=${partnerId}`;
