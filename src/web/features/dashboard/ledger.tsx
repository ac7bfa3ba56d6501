import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { TableFrame } from '../../components/ui/table-frame';
import { dateText } from '../../components/books/recent-entries';
import { home } from '../../content';
import { api } from '../../lib/api';
import { LEDGER_PAGE } from '../../../shared/ledger-page';
import { SearchBox } from '../../components/ui/search-box';
import { DateFilter } from './date-filter';
import { dateRange, formatCell } from './statement';

interface Balance {
  id: number;
  name: string;
  catagories: string;
  entries: number;
  balance: number;
}

const standing = (b: number) => (b > 0 ? 'owes us' : b < 0 ? 'we owe' : 'settled');

export const ledgerLink = (partnerId: number) => `/dashboard/ledger?partner=${partnerId}`;

/** Every partner with what they owe us or we owe them (beyond the spec: the khata's summary). */
export function LedgerBalances() {
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim().toLowerCase());
  const balances = useQuery({ queryKey: ['entries', 'ledger'], queryFn: () => api<{ data: Balance[] }>('GET', '/api/ledger').then((r) => r.data) });
  const rows = (balances.data ?? []).filter((b) => !q || b.name.toLowerCase().includes(q) || b.catagories.toLowerCase().includes(q));
  return (
    <section>
      <h1 className="text-2xl font-bold">Party Ledger</h1>
      <p className="mt-1 text-sm opacity-70">Dues of sales and purchases, payments to partners and investments, per partner.</p>
      <SearchBox value={search} onChange={setSearch} placeholder="Search by name or category" />
      <TableFrame className="mt-4">
        <thead>
          <tr>
            <th>Name</th>
            <th>Category</th>
            <th className="text-right">Balance</th>
            <th />
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((b) => (
            <tr key={b.id} data-testid="ledger-balance-row">
              <td>{b.name}</td>
              <td>{b.catagories}</td>
              <td className="text-right tabular-nums">{formatCell(Math.abs(b.balance), 'money')}</td>
              <td className={b.balance > 0 ? 'text-success' : b.balance < 0 ? 'text-error' : 'opacity-60'}>{standing(b.balance)}</td>
              <td className="text-right">
                <Link className="link link-primary" to={ledgerLink(b.id)}>
                  ledger
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </TableFrame>
    </section>
  );
}

interface LedgerRow {
  id: number;
  title: string;
  issue_date: string;
  total_price: number | null;
  paid_amount: number | null;
  discount_amount: number | null;
  note: string | null;
  effect: number;
  balance: number;
}

interface LedgerData {
  partner: { name: string; catagories: string };
  opening: number;
  closing: number;
  count: number;
  carried: number;
  rows: LedgerRow[];
}

/** One partner's account: balance brought forward, each entry, a running balance, the closing amount. */
export function PartyLedger({ partnerId }: { partnerId: number }) {
  const [params] = useSearchParams();
  const range = dateRange(params.get('from'), params.get('to'));
  // The latest LEDGER_PAGE entries at first; earlier ones are carried in one line until "Show all".
  const [limit, setLimit] = useState(LEDGER_PAGE);
  const ledger = useQuery({
    queryKey: ['entries', 'ledger', partnerId, range.from, range.to, limit],
    queryFn: () => {
      const q = [range.from ? `issue_date>=${range.from}` : '', range.to ? `issue_date<=${range.to}` : '', `limit=${limit}`].filter(Boolean).join('&');
      return api<{ data: LedgerData }>('GET', `/api/ledger/${partnerId}?${q}`).then((r) => r.data);
    },
    placeholderData: (previous) => previous,
  });
  if (ledger.isError) return <p role="alert">{ledger.error.message}</p>;
  if (!ledger.data) return <p>loading</p>;
  const l = ledger.data;
  const earlier = l.count - l.rows.length;
  const signed = (v: number) => `${formatCell(Math.abs(v), 'money')} ${v > 0 ? 'Dr' : v < 0 ? 'Cr' : ''}`.trim();
  return (
    <section>
      <div className="print-only mb-3">
        <p className="text-lg font-bold">{home.company.name}</p>
        <p className="text-sm">Printed on {formatLongDate(new Date())}</p>
      </div>
      <h1 className="text-2xl font-bold">Ledger of {l.partner.name}</h1>
      <p className="mt-1 text-sm opacity-70">
        {l.partner.catagories} · {range.from || range.to ? `${range.from ? dateText(range.from) : '…'} to ${range.to ? dateText(range.to) : '…'}` : 'All dates'} · Dr: owes us, Cr: we owe
      </p>
      <div className="no-print mt-4 flex flex-wrap items-end gap-2">
        <DateFilter />
        <button type="button" className="btn btn-sm" onClick={() => window.print()}>
          Print
        </button>
      </div>
      <TableFrame className="mt-4 statement-table">
        <thead>
          <tr>
            <th>Date</th>
            <th>Entry</th>
            <th className="text-right">Total Price</th>
            <th className="text-right">Paid Amount</th>
            <th className="text-right">Discount</th>
            <th>Note</th>
            <th className="text-right">Effect</th>
            <th className="text-right">Balance</th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="ledger-opening">
            <td colSpan={7}>
              Balance brought forward
              {earlier > 0 && (
                <>
                  {` (with ${earlier.toLocaleString('en-GB')} earlier ${earlier === 1 ? 'entry' : 'entries'} of this range) `}
                  <button type="button" className="btn btn-xs no-print" onClick={() => setLimit(l.count)} disabled={ledger.isFetching}>
                    Show all {l.count.toLocaleString('en-GB')} entries
                  </button>
                </>
              )}
            </td>
            <td className="text-right tabular-nums">{signed(earlier > 0 ? l.carried : l.opening)}</td>
          </tr>
          {l.rows.map((r) => (
            <tr key={r.id} data-testid="ledger-row">
              <td className="whitespace-nowrap">{dateText(r.issue_date)}</td>
              <td>{r.title}</td>
              <td className="text-right tabular-nums">{formatCell(r.total_price, 'money')}</td>
              <td className="text-right tabular-nums">{formatCell(r.paid_amount, 'money')}</td>
              <td className="text-right tabular-nums">{formatCell(r.discount_amount, 'money')}</td>
              <td>{r.note}</td>
              <td className="text-right tabular-nums">{signed(r.effect)}</td>
              <td className="text-right tabular-nums">{signed(r.balance)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="font-bold" data-testid="ledger-closing">
            <td colSpan={7}>Closing balance ({l.closing > 0 ? 'owes us' : l.closing < 0 ? 'we owe' : 'settled'})</td>
            <td className="text-right tabular-nums">{signed(l.closing)}</td>
          </tr>
        </tfoot>
      </TableFrame>
      <p className="no-print mt-3 text-sm">
        <Link to="/dashboard/ledger" className="link">
          All partners
        </Link>
      </p>
    </section>
  );
}
