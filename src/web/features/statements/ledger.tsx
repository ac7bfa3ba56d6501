import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LEDGER_PAGE } from '../../../shared/ledger-page';
import { BroughtForward } from '../../components/ui/brought-forward';
import { DataTable } from '../../components/table/data-table';
import { SearchBox } from '../../components/ui/search-box';
import { PrintHeading, PrintSignatures } from '../../components/ui/print-heading';
import { usePartners } from '../partners/api';
import { csvCell, downloadCsv } from '../../lib/csv';
import { csvNumber, dateText, formatCell } from '../../lib/format';
import { InWords, takaInWords } from '../../components/ui/in-words';
import { EntryActions, csvStatus } from '../books';
import { type LedgerRow, balancesQuery, ledgerQuery } from './api';
import { DateFilter } from '../../components/ui/date-filter';
import { dateRange, ledgerLink } from './api';
import { rangeLabel } from '../../lib/range-label';
import { fill } from '../../../shared/messages';
import { type WordsOf, tr, useTexts } from '../../lib/i18n';
import { BackToDashboard } from '../../components/layout/back-to-dashboard';
import { ReportActions } from '../../components/ui/report-actions';
import { errorText } from '../../lib/error-text';
import { statementTexts } from './texts';
import { SharePanel } from '../share';
import { todayIn } from '../../../shared/dates';
import { useAccountNames } from '../accounts';
import { accountColumn } from '../../components/table/account-column';

const standing = (m: WordsOf<typeof statementTexts>, b: number) => (b > 0 ? m.owesUs : b < 0 ? m.weOweThem : m.settled);

/** Every partner with what they owe us or we owe them (beyond the spec: the khata's summary). */
export function LedgerBalances() {
  const m = useTexts(statementTexts);
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim().toLowerCase());
  const balances = useQuery(balancesQuery);
  const rows = (balances.data ?? []).filter((b) => !q || b.name.toLowerCase().includes(q) || b.catagories.toLowerCase().includes(q));
  return (
    <section>
      <h1 className="text-2xl font-bold">{m.partyLedger}</h1>
      <p className="mt-1 text-sm text-muted">{m.ledgerIntro}</p>
      <SearchBox value={search} onChange={setSearch} placeholder={m.searchNameCategory} />
      <DataTable
        className="mt-4"
        columns={[
          { key: 'name', header: m.name, cell: (b) => b.name },
          { key: 'category', header: m.category, cell: (b) => tr(b.catagories) },
          { key: 'balance', header: m.balance, numeric: true, cell: (b) => formatCell(Math.abs(b.balance), 'money') },
          { key: 'standing', header: '', cell: (b) => standing(m, b.balance), className: '' },
        ]}
        rows={rows}
        rowKey={(b) => b.id}
        rowTestId="ledger-balance-row"
        actions={(b) => (
          <Link className="link link-primary" to={ledgerLink(b.id)}>
            {m.ledger}
          </Link>
        )}
      />
    </section>
  );
}

/** One partner's account: balance brought forward, each entry, a running balance, the closing amount. */
export function PartyLedger({ partnerId }: { partnerId: number }) {
  const m = useTexts(statementTexts);
  const [params] = useSearchParams();
  const range = dateRange(params.get('from'), params.get('to'));
  // The latest LEDGER_PAGE entries at first; earlier ones are carried in one line until "Show all".
  const [limit, setLimit] = useState(LEDGER_PAGE);
  const ledger = useQuery(ledgerQuery(partnerId, range, limit));
  const party = usePartners().data?.find((p) => p.id === partnerId);
  const accounts = useAccountNames();
  if (ledger.isError) return <p role="alert">{errorText(ledger.error)}</p>;
  if (!ledger.data || !accounts.ready) return <p>{m.loading}</p>;
  const l = ledger.data;
  const earlier = l.count - l.rows.filter((r) => !r.voided).length;
  // A no-break space: 'Dr' and 'Cr' never wrap away from their figure.
  const signed = (v: number) => `${formatCell(Math.abs(v), 'money')}\u00a0${v > 0 ? m.dr : v < 0 ? m.cr : ''}`.trim();
  const rangeText = rangeLabel(m, range);
  // The ledger as a spreadsheet: its live rows (a voided one moves nothing), what each adds to what the
  // party owes us (Debit) or takes off it (Credit) as plain numbers, and the running balance (+ owes
  // us, − we owe); brought forward and closing fill the Balance column only (decision 0033). The
  // Account the money went through follows Paid Amount (decision 0037).
  const csv = () => {
    const n = (v: number | null) => csvCell(v === null ? '' : csvNumber(v, 'money'));
    const balanceOnly = (label: string, balance: number) =>
      [csvCell(''), csvCell(label), csvCell(''), '', '', csvCell(''), '', csvCell(''), '', '', n(balance)].join(',');
    const lines = [
      ['Date', 'Entry', 'Status', 'Total Price', 'Paid Amount', 'Account', 'Discount', 'Note', 'Debit', 'Credit', 'Balance'].map((h) => csvCell(h)).join(','),
    ];
    lines.push(balanceOnly('Balance brought forward', earlier > 0 ? l.carried : l.opening));
    for (const r of l.rows) {
      if (r.voided) continue;
      lines.push(
        [
          csvCell(r.issue_date),
          csvCell(r.title, true),
          csvCell(csvStatus(r)),
          n(r.total_price),
          n(r.paid_amount),
          csvCell(accounts.stored(r.account_id), true),
          n(r.discount_amount),
          csvCell(r.note ?? '', true),
          n(r.effect > 0 ? r.effect : null),
          n(r.effect < 0 ? -r.effect : null),
          n(r.balance),
        ].join(','),
      );
    }
    lines.push(balanceOnly('Closing balance', l.closing));
    downloadCsv(`Ledger of ${l.partner.name}`, lines);
  };
  return (
    <section>
      <PrintHeading rangeText={rangeText} party={{ ...l.partner, address: party?.address, contact: party?.contact }} />
      <h1 className="text-2xl font-bold">{fill(m.ledgerOf, { name: l.partner.name })}</h1>
      <p className="mt-1 text-sm text-muted">
        {tr(l.partner.catagories)} · {rangeText} · {m.drCr}
      </p>
      <ReportActions filter={<DateFilter />} onCsv={csv} />
      <DataTable
        className="mt-4"
        tableClassName="statement-table"
        columns={[
          { key: 'date', header: m.date, nowrap: true, cell: (r: LedgerRow) => dateText(r.issue_date) },
          { key: 'entry', header: m.entry, cell: (r) => tr(r.title) },
          { key: 'total', header: m.totalPrice, numeric: true, cell: (r) => formatCell(r.total_price, 'money') },
          { key: 'paid', header: m.paidAmount, numeric: true, cell: (r) => formatCell(r.paid_amount, 'money') },
          ...accountColumn(accounts, m.account, (r: LedgerRow) => r.account_id),
          { key: 'discount', header: m.discountCol, numeric: true, cell: (r) => formatCell(r.discount_amount, 'money') },
          { key: 'note', header: m.note, cell: (r) => r.note },
          { key: 'effect', header: m.effect, numeric: true, cell: (r) => signed(r.effect) },
          { key: 'balance', header: m.balance, numeric: true, cell: (r) => signed(r.balance), total: signed(l.closing) },
        ]}
        rows={l.rows}
        rowKey={(r) => r.id}
        rowTestId="ledger-row"
        rowClassName={(r) => (r.voided ? 'line-through text-muted' : '')}
        actions={({ account_id, ...r }) => <EntryActions entry={{ ...r, issued_by: '', ...(account_id === null ? {} : { account_id }) }} lifecycle={false} />}
        lead={{
          testId: 'ledger-opening',
          label: <BroughtForward label={m.broughtForward} earlier={earlier} count={l.count} busy={ledger.isFetching} onShowAll={() => setLimit(l.count)} />,
          value: signed(earlier > 0 ? l.carried : l.opening),
        }}
        totals={{ label: <span className="whitespace-nowrap">{fill(m.closingBalance, { standing: standing(m, l.closing) })}</span>, testId: 'ledger-closing' }}
      />
      <InWords items={[{ label: fill(m.closingBalance, { standing: standing(m, l.closing) }), words: takaInWords(Math.abs(l.closing)) }]} />
      <PrintSignatures />
      <SharePanel partnerId={partnerId} name={l.partner.name} contact={party?.contact} closing={l.closing} asOf={range.to ?? todayIn('Asia/Dhaka')} />
      <BackToDashboard to="/dashboard/ledger" label={m.allPartners} />
    </section>
  );
}
