import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { booksKey } from '../../lib/query-keys';
import type { Entry } from '../books/api';

// Statements, history and party lists, and the party ledger. Their keys sit under the books key,
// so a save, void or sale anywhere refreshes an open statement at once.

export interface DateRange {
  from?: string | undefined;
  to?: string | undefined;
}

const bounds = (range: DateRange) => [range.from ? `issue_date>=${range.from}` : '', range.to ? `issue_date<=${range.to}` : ''];

export const statementQuery = (path: string, opts: DateRange & { name?: string | undefined; partner?: string | undefined; limit: number }) =>
  queryOptions({
    queryKey: [...booksKey, 'statement', path, opts],
    queryFn: () => {
      const party = opts.partner !== undefined ? `partner=${opts.partner}` : opts.name !== undefined ? `name=${encodeURIComponent(opts.name)}` : '';
      const q = [party, ...bounds(opts), `limit=${opts.limit}`].filter(Boolean).join('&');
      return api<{ data: Entry[]; totals: Record<string, number> }>('GET', `/api/${path}?${q}`);
    },
  });

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

/** A partner's ledger page. */
export const ledgerLink = (partnerId: number) => `/dashboard/ledger?partner=${partnerId}`;
