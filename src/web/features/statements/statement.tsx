import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useSearchParams } from 'react-router';
import { fill } from '../../../shared/messages';
import { rangeLabel } from '../../lib/range-label';
import { tr, useTexts } from '../../lib/i18n';
import { type KindDef, type StatementLayout, kindByPath } from '../../../shared/registry';
import { type Column, isFigureFormat, statementColumnsOf, subjectFormat } from '../../../shared/registry-views';
import { DataTable, type TableColumn } from '../../components/table/data-table';
import { PrintHeading, PrintSignatures } from '../../components/ui/print-heading';
import { csvCell, downloadCsv } from '../../lib/csv';
import { countText, csvNumber, formatCell } from '../../lib/format';
import { InWords, takaInWords } from '../../components/ui/in-words';
import type { Entry } from '../books/api';
import { EntryActions, csvStatus } from '../books';
import { dateRange, everyStatementRow, statementQuery } from './api';
import { usePartners } from '../partners/api';
import { DateFilter } from '../../components/ui/date-filter';
import { BackToDashboard } from '../../components/layout/back-to-dashboard';
import { ReportActions } from '../../components/ui/report-actions';
import { errorText } from '../../lib/error-text';
import { statementTexts } from './texts';
import { useAccountNames } from '../accounts';
import { accountColumn } from '../../components/table/account-column';

const FIRST_ROWS = 300;
const ROW_LIMIT = 5000;

const isFigure = (c: Column) => isFigureFormat(c.format);

/** The day before an ISO date: where a statement's brought-forward figures end. */
function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The partner a party statement is about (by id, or the one of that name in the kind's categories), for the printed heading. */
function usePartyOf(kind: KindDef | undefined, partner: string | undefined, name: string | undefined) {
  const partners = usePartners().data ?? [];
  const party = kind?.fields.find((f) => f.input.type === 'party')?.input;
  if (partner !== undefined) return partners.find((p) => String(p.id) === partner);
  if (name === undefined || party?.type !== 'party') return undefined;
  const named = partners.filter((p) => p.name === name && party.categories.includes(p.catagories));
  return named.length === 1 ? named[0] : undefined;
}

/** A column the totals add up: a figure the server sent a total for (not a rate per kg). */
const hasTotal = (c: Column, totals: Record<string, number>) => isFigure(c) && typeof totals[c.field] === 'number';

/** A total worth writing in words under a printed statement: a sum of money. */
const isSumOfMoney = (c: Column, totals: Record<string, number>) => c.format === 'money' && hasTotal(c, totals);

/**
 * A statement page (spec §2): the rows of one record kind chosen by the `url` parameter
 * (e.g. `powderCost?name=X`), newest first, with a date filter, the database's totals, Print
 * (A4, statement only) and CSV.
 */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function Statement({
  type,
  url,
  ownColumns = false,
  actions,
}: {
  type: StatementLayout;
  url: string;
  ownColumns?: boolean;
  /** Under the heading: a form's button (the opening balances' page). */
  actions?: React.ReactNode;
}) {
  const m = useTexts(statementTexts);
  const [params] = useSearchParams();
  const [path = '', query = ''] = url.split(/\?(.*)/s);
  const kind = kindByPath(path);
  const inner = new URLSearchParams(query);
  // The heading is what follows the `=` (spec), read back from its encoding ("Rahim %26 Sons" is "Rahim & Sons").
  // (A link from a party list carries the partner's id first, then the name: the name is after the last '='.)
  const subject = url.includes('=') ? decoded(url.slice(url.lastIndexOf('=') + 1)) : (kind?.title ?? path);
  const day = inner.get('issue_date');
  const range = day ? { from: day, to: day } : dateRange(params.get('from'), params.get('to'));
  const name = inner.get('name') ?? undefined;
  const partner = /^[1-9]\d*$/.test(inner.get('partner') ?? '') ? (inner.get('partner') as string) : undefined;
  const columns = kind ? statementColumnsOf(kind, type, ownColumns) : [];
  // Long statements draw their first rows at once and the rest on request (or when printing).
  const [shown, setShown] = useState<number | 'all'>(FIRST_ROWS);
  useEffect(() => {
    const all = () => flushSync(() => setShown('all'));
    window.addEventListener('beforeprint', all);
    return () => window.removeEventListener('beforeprint', all);
  }, []);

  const statement = useQuery({ ...statementQuery(path, { name, partner, ...range, limit: ROW_LIMIT }), enabled: kind !== undefined });
  // A party's statement from a start date opens with what came before it, and closes with both added up.
  const partyStatement = (name !== undefined || partner !== undefined) && !day && range.from !== undefined;
  const before = useQuery({
    ...statementQuery(path, { name, partner, to: range.from ? dayBefore(range.from) : undefined, limit: 1 }),
    enabled: kind !== undefined && partyStatement,
  });
  const party = usePartyOf(kind, partner, name);
  const accounts = useAccountNames();
  // Paper and CSV list every row the totals count: past ROW_LIMIT the rest are fetched page after page.
  const [everyRow, setEveryRow] = useState<Entry[] | null>(null);
  const fetchEvery = async () => {
    const truncated = (statement.data?.data.length ?? 0) >= ROW_LIMIT;
    if (!truncated) return statement.data?.data ?? [];
    const all = everyRow ?? (await everyStatementRow(path, { name, partner, ...range, limit: ROW_LIMIT }));
    setEveryRow(all);
    return all;
  };

  if (!kind) {
    return (
      <div role="alert" className="alert alert-warning">
        {fill(m.noStatement, { path: path || url })}
      </div>
    );
  }

  const allRows = everyRow ?? statement.data?.data ?? [];
  const rows = shown === 'all' ? allRows : allRows.slice(0, shown);
  const totals = statement.data?.totals ?? {};
  const title = fill(m.statementOf, { subject: url.includes('=') ? formatCell(subject, kind ? subjectFormat(kind) : 'text') : tr(subject) });
  const rangeText = rangeLabel(m, range);

  // A spreadsheet's CSV: the live rows only (a voided one counts nowhere; a correction says what it
  // corrects in Status), then after an empty line what came before, the range's total and the closing,
  // so a sum of the rows (AutoSum stops at the empty line) is the Total line (decision 0033).
  const opening = partyStatement ? before.data?.totals : undefined;
  const closing = (c: Column) => (opening ? (opening[c.field] ?? 0) + (totals[c.field] ?? 0) : undefined);
  const figureCells = (value: (c: Column) => number | undefined): Record<string, string> =>
    Object.fromEntries(columns.filter((c) => opening && c.field in opening).map((c) => [c.header, formatCell(value(c), c.format)]));
  const openingCells = figureCells((c) => opening?.[c.field]);
  const closingCells = figureCells(closing);
  // A kind that moves money has an Account column after its money (in the CSV always, so its
  // columns stay the same; on screen and paper once there is more than Cash in hand).
  const at = kind?.cash ? accountAfter(columns, kind.cash.field) : -1;
  const withAccount = <T,>(cells: T[], account: readonly T[]) => (at < 0 ? cells : [...cells.slice(0, at), ...account, ...cells.slice(at)]);
  const csv = async () => {
    const lines = [
      [
        'Status',
        ...withAccount(
          columns.map((c) => c.header),
          ['Account'],
        ),
      ]
        .map((h) => csvCell(h))
        .join(','),
    ];
    for (const r of await fetchEvery()) {
      if (r.voided) continue;
      const status = csvStatus(r);
      lines.push(
        [
          csvCell(status),
          // A stored word (choice) stays as stored in the CSV, guarded as text is.
          ...withAccount(
            columns.map((c) =>
              c.format === 'text' ? csvCell(formatCell(r[c.field], c.format), true) : csvCell(csvNumber(r[c.field], c.format), c.format === 'choice'),
            ),
            [csvCell(accounts.stored(r.account_id), true)],
          ),
        ].join(','),
      );
    }
    lines.push('');
    const line = (label: string, cell: (c: Column) => string) =>
      [
        csvCell(label),
        ...withAccount(
          columns.map((c) => csvCell(cell(c))),
          [csvCell('')],
        ),
      ].join(',');
    if (opening) lines.push(line('Brought forward', (c) => (c.field in opening ? csvNumber(opening[c.field], c.format) : '')));
    lines.push(line('Total', (c) => (hasTotal(c, totals) ? csvNumber(totals[c.field], c.format) : '')));
    if (opening) lines.push(line('Closing', (c) => (c.field in opening ? csvNumber(closing(c), c.format) : '')));
    downloadCsv(title, lines);
  };

  return (
    <section aria-labelledby="statement-title">
      <PrintHeading rangeText={rangeText} party={party} />
      <h1 id="statement-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="no-print mt-1 text-sm text-muted">
        {tr(kind.title)} · {rangeText}
      </p>
      {actions}
      <ReportActions
        filter={day ? null : <DateFilter />}
        onCsv={() => void csv()}
        onPrint={async () => {
          await fetchEvery();
          flushSync(() => setShown('all'));
        }}
      />
      {statement.isError ? <p className="mt-4 text-error">{errorText(statement.error)}</p> : null}
      {statement.isPending ? <p className="mt-4">{m.loading}</p> : null}
      {statement.data && accounts.ready ? (
        <DataTable
          className="mt-4"
          tableClassName="statement-table"
          columns={withAccount(
            tableColumns(columns, totals),
            accountColumn(accounts, m.account, (r: Entry) => r.account_id),
          )}
          rows={rows}
          rowKey={(r) => r.id}
          rowClassName={(r) => (r.voided ? 'line-through text-muted' : '')}
          rowTestId="statement-row"
          actions={(r) => <EntryActions entry={{ ...r, kind: kind.kind, title: kind.title }} kind={kind} lifecycle={false} />}
          lead={opening ? { label: m.statementBroughtForward, testId: 'statement-opening', cells: (c) => openingCells[c.key] ?? '' } : undefined}
          totals={[
            { label: m.total, testId: 'statement-totals' },
            ...(opening ? [{ label: m.closing, testId: 'statement-closing', cell: (c: TableColumn<Entry>) => closingCells[c.key] ?? '' }] : []),
          ]}
          empty={m.noEntriesRange}
        />
      ) : null}
      {statement.data ? (
        <InWords items={columns.filter((c) => isSumOfMoney(c, totals)).map((c) => ({ label: c.header, words: takaInWords(totals[c.field] ?? 0) }))} />
      ) : null}
      {rows.length < allRows.length ? (
        <button type="button" className="no-print btn btn-sm btn-outline mt-3" onClick={() => setShown('all')}>
          {fill(m.showAllRows, { count: countText(allRows.length) })}
        </button>
      ) : null}
      {allRows.length >= ROW_LIMIT && !everyRow ? <p className="mt-3 text-sm text-warning">{fill(m.showingNewest, { count: countText(ROW_LIMIT) })}</p> : null}
      <PrintSignatures />
      <BackToDashboard />
    </section>
  );
}

/** Where a kind's Account column goes: after its money column (the layout's column of that field), else last. */
function accountAfter(columns: readonly Column[], field: string): number {
  const i = columns.findIndex((c) => c.field === field);
  return i < 0 ? columns.length : i + 1;
}

/** The statement's columns for the table: each cell in its format; figures have totals. */
function tableColumns(columns: Column[], totals: Record<string, number>): TableColumn<Entry>[] {
  return columns.map((c, i) => ({
    key: c.header,
    header: c.header,
    numeric: isFigure(c),
    nowrap: c.format === 'date',
    className: i === 0 ? 'min-w-32' : '',
    cell: (r: Entry) => formatCell(r[c.field], c.format),
    total: hasTotal(c, totals) ? formatCell(totals[c.field], c.format) : '',
  }));
}
