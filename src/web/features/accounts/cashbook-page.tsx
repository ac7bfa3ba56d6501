import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LEDGER_PAGE } from '../../../shared/ledger-page';
import { fill } from '../../../shared/messages';
import { BroughtForward } from '../../components/ui/brought-forward';
import { DataTable, type TableColumn } from '../../components/table/data-table';
import { DateFilter } from '../../components/ui/date-filter';
import { InWords, takaInWords } from '../../components/ui/in-words';
import { PrintHeading, PrintSignatures } from '../../components/ui/print-heading';
import { ReportActions } from '../../components/ui/report-actions';
import { csvCell, downloadCsv } from '../../lib/csv';
import { errorText } from '../../lib/error-text';
import { csvNumber, dateText, entryNo, formatCell } from '../../lib/format';
import { tr, useTexts } from '../../lib/i18n';
import { rangeLabel } from '../../lib/range-label';
import { EntryActions } from '../books';
import { type CashBookRow, cashbookQuery, useAccounts } from './api';
import { AccountOptions } from './transfer-form';
import { accountTexts } from './texts';

// The cash book (issue 28 part 6): one account over a day (today unless the filter says) or a
// range: the balance it opened with, every entry in and out with its number, kind, party and
// note, the running balance, and the balance it closed with, to count the drawer against. A
// transfer shows in both of its accounts; a voided entry is listed struck through, moving nothing.
// Print gives A4 (the statements' print layout), Export CSV plain figures.

const money = (v: number) => formatCell(v, 'money');

export function CashbookPage() {
  const m = useTexts(accountTexts);
  const [params, setParams] = useSearchParams();
  const accountId = params.get('account');
  const range = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  // The range's latest LEDGER_PAGE entries at first; earlier ones are carried in the opening line until "Show all".
  const [limit, setLimit] = useState(LEDGER_PAGE);
  const book = useQuery(cashbookQuery(accountId, range, limit));
  const accounts = useAccounts().data ?? [];
  const nameOf = (id: number | null) => (id === null ? '' : tr(accounts.find((a) => a.id === id)?.name ?? `#${id}`));
  const partyOf = (r: CashBookRow) => (r.from_account_id !== null ? `${nameOf(r.from_account_id)} → ${nameOf(r.to_account_id)}` : (r.name ?? ''));
  const pickAccount = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('account', value);
    setParams(next);
  };

  const b = book.data;
  const rangeText = b ? (b.from === b.to ? dateText(b.from) : rangeLabel(m, { from: b.from, to: b.to })) : '';
  const earlier = b ? b.count - b.rows.filter((r) => !r.voided).length : 0;
  const opening = b ? (earlier > 0 ? b.carried : b.opening) : 0;
  const columns: TableColumn<CashBookRow>[] = [
    { key: 'date', header: m.date, nowrap: true, cell: (r) => dateText(r.issue_date) },
    { key: 'no', header: m.entry, nowrap: true, cell: (r) => `#${entryNo(r.id)}` },
    { key: 'kind', header: m.entryKind, cell: (r) => tr(r.title) },
    { key: 'party', header: m.party, cell: partyOf },
    { key: 'note', header: m.note, cell: (r) => r.note },
    { key: 'in', header: m.moneyIn, numeric: true, cell: (r) => (r.in ? money(r.in) : ''), total: b ? money(b.in) : '' },
    { key: 'out', header: m.moneyOut, numeric: true, cell: (r) => (r.out ? money(r.out) : ''), total: b ? money(b.out) : '' },
    { key: 'balance', header: m.balance, numeric: true, cell: (r) => money(r.balance) },
  ];
  // The cash book as a spreadsheet, in the reader's language: plain figures (Latin digits, no groups),
  // voided rows marked and moving nothing.
  const csv = () => {
    if (!b) return;
    const n = (v: number) => csvCell(csvNumber(v, 'money'));
    const text = (v: string) => csvCell(v, true);
    const line = (label: string, cells: string[]) => [csvCell(''), csvCell(''), text(label), csvCell(''), csvCell(''), ...cells, csvCell('')].join(',');
    const lines = [[m.date, m.entry, m.entryKind, m.party, m.note, m.moneyIn, m.moneyOut, m.balance, m.state].map((h) => csvCell(h)).join(',')];
    lines.push(line(m.cashbookOpening, ['', '', n(opening)]));
    for (const r of b.rows) {
      const status = r.voided
        ? r.corrected_by
          ? fill(m.correctedBy, { id: r.corrected_by })
          : m.voidedWord
        : r.corrects
          ? fill(m.correctsId, { id: r.corrects })
          : '';
      lines.push(
        [
          csvCell(r.issue_date),
          csvCell(String(r.id)),
          text(tr(r.title)),
          text(partyOf(r)),
          text(r.note ?? ''),
          r.in ? n(r.in) : '',
          r.out ? n(r.out) : '',
          n(r.balance),
          csvCell(status),
        ].join(','),
      );
    }
    lines.push(line(m.total, [n(b.in), n(b.out), '']));
    lines.push(line(m.cashbookClosing, ['', '', n(b.closing)]));
    downloadCsv(`Cash book ${b.account.name} ${b.from} ${b.to}`, lines);
  };

  return (
    <section>
      <PrintHeading rangeText={rangeText} party={b ? { name: tr(b.account.name) } : undefined} />
      <h1 className="text-2xl font-bold">{m.cashbookTitle}</h1>
      <p className="no-print mt-1 text-sm text-muted">{m.cashbookIntro}</p>
      {b ? (
        <p className="mt-1 text-sm" data-testid="cashbook-range">
          {tr(b.account.name)} · {rangeText}
        </p>
      ) : null}
      <ReportActions
        filter={
          <>
            <label className="flex flex-col gap-1 text-sm">
              {m.account}
              <select
                className="select select-sm"
                value={accountId ?? String(b?.account.id ?? 1)}
                onChange={(e) => pickAccount(e.target.value)}
                data-testid="cashbook-account"
              >
                <AccountOptions accounts={accounts} />
              </select>
            </label>
            <DateFilter />
          </>
        }
        onCsv={csv}
      />
      {book.isError ? (
        <p role="alert" className="mt-4 text-error">
          {errorText(book.error)}
        </p>
      ) : (
        <DataTable
          className="mt-4"
          tableClassName="statement-table"
          columns={columns}
          rows={b?.rows ?? []}
          rowKey={(r) => r.id}
          rowTestId="cashbook-row"
          rowClassName={(r) => (r.voided ? 'line-through text-muted' : '')}
          actions={(r) => (
            <EntryActions
              entry={{
                id: r.id,
                kind: r.kind,
                title: r.title,
                issue_date: r.issue_date,
                issued_by: r.issued_by,
                voided: r.voided,
                note: r.note,
                name: partyOf(r),
                paid_amount: r.in || r.out,
                ...(r.voided_by !== undefined ? { voided_reason: r.voided_reason, voided_by: r.voided_by, voided_on: r.voided_on } : {}),
                ...(r.corrected_by !== undefined ? { corrected_by: r.corrected_by } : {}),
                ...(r.corrects !== undefined ? { corrects: r.corrects } : {}),
              }}
              lifecycle={false}
            />
          )}
          lead={
            b
              ? {
                  testId: 'cashbook-opening',
                  label: (
                    <BroughtForward label={m.cashbookOpening} earlier={earlier} count={b.count} busy={book.isFetching} onShowAll={() => setLimit(b.count)} />
                  ),
                  value: money(opening),
                }
              : undefined
          }
          totals={
            b
              ? [
                  { label: m.cashbookTotals, testId: 'cashbook-totals' },
                  { label: m.cashbookClosing, testId: 'cashbook-closing', cell: (c) => (c.key === 'balance' ? money(b.closing) : '') },
                ]
              : undefined
          }
          empty={b ? m.noEntries : null}
        />
      )}
      {b ? <InWords items={[{ label: m.cashbookClosing, words: takaInWords(Math.abs(b.closing)) }]} /> : null}
      <PrintSignatures />
    </section>
  );
}
