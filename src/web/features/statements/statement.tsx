import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router';
import { formatLongDate } from '../../../shared/dates';
import { type StatementLayout, kindByPath } from '../../../shared/registry';
import { type Column, statementColumnsOf } from '../../../shared/registry-views';
import { DataTable, type TableColumn } from '../../components/table/data-table';
import { home } from '../../content';
import { csvNumber, dateText, formatCell } from '../../lib/format';
import type { Entry } from '../books/api';
import { EntryActions } from '../books';
import { statementQuery } from './api';
import { DateFilter } from './date-filter';

const FIRST_ROWS = 300;
const ROW_LIMIT = 5000;

/** Start only: the end is the start plus one day; an explicit end wins (spec §5). */
export function dateRange(from: string | null, to: string | null): { from?: string; to?: string } {
  if (!from) return to ? { to } : {};
  if (to) return { from, to };
  const next = new Date(`${from}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { from, to: next.toISOString().slice(0, 10) };
}

const isFigure = (c: Column) => c.format !== 'text' && c.format !== 'date';

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

export function Statement({ type, url }: { type: StatementLayout; url: string }) {
  const [params] = useSearchParams();
  const [path = '', query = ''] = url.split(/\?(.*)/s);
  const kind = kindByPath(path);
  const inner = new URLSearchParams(query);
  // The heading is what follows the `=` (spec), read back from its encoding ("Rahim %26 Sons" is "Rahim & Sons").
  const subject = url.includes('=') ? decoded(url.slice(url.indexOf('=') + 1)) : (kind?.title ?? path);
  const day = inner.get('issue_date');
  const range = day ? { from: day, to: day } : dateRange(params.get('from'), params.get('to'));
  const name = inner.get('name') ?? undefined;
  const columns = kind ? statementColumnsOf(kind, type) : [];
  // Long statements draw their first rows at once and the rest on request (or when printing).
  const [shown, setShown] = useState<number | 'all'>(FIRST_ROWS);
  useEffect(() => {
    const all = () => flushSync(() => setShown('all'));
    window.addEventListener('beforeprint', all);
    return () => window.removeEventListener('beforeprint', all);
  }, []);

  const statement = useQuery({ ...statementQuery(path, { name, ...range, limit: ROW_LIMIT }), enabled: kind !== undefined });

  if (!kind) {
    return (
      <div role="alert" className="alert alert-warning">
        There is no statement for “{path || url}”. Choose one from the dashboard.
      </div>
    );
  }

  const allRows = statement.data?.data ?? [];
  const rows = shown === 'all' ? allRows : allRows.slice(0, shown);
  const totals = statement.data?.totals ?? {};
  const title = `Statement of ${subject}`;
  const rangeText = range.from || range.to ? `${range.from ? dateText(range.from) : '…'} to ${range.to ? dateText(range.to) : '…'}` : 'All dates';

  const csv = () => {
    // Text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe.
    const cell = (s: string, text = false) => `"${(text && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
    const lines = [columns.map((c) => cell(c.header)).join(',')];
    for (const r of allRows) {
      lines.push(columns.map((c, i) => (c.format === 'text' ? cell(`${formatCell(r[c.field], c.format)}${i === 0 && r.voided ? ' (voided)' : ''}`, true) : cell(csvNumber(r[c.field], c.format)))).join(','));
    }
    lines.push(columns.map((c, i) => cell(i === 0 ? 'Total' : isFigure(c) ? csvNumber(totals[c.field], c.format) : '')).join(','));
    const blob = new Blob(['\uFEFF' + lines.join('\r\n')], { type: 'text/csv;charset=utf-8' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${title.replace(/[^\w-]+/g, '-')}.csv`;
    a.click();
    URL.revokeObjectURL(a.href);
  };

  return (
    <section aria-labelledby="statement-title">
      <div className="print-only mb-3">
        <p className="text-lg font-bold">{home.company.name}</p>
        <p className="text-sm">
          {rangeText} · Printed on {formatLongDate(new Date())}
        </p>
      </div>
      <h1 id="statement-title" className="text-2xl font-bold">
        {title}
      </h1>
      <p className="no-print mt-1 text-sm opacity-70">
        {kind.title} · {rangeText}
      </p>
      <div className="no-print mt-4 flex flex-wrap items-end gap-3">
        {day ? null : <DateFilter />}
        <button type="button" className="btn btn-sm" onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className="btn btn-sm" onClick={csv}>
          Export CSV
        </button>
      </div>
      {statement.isError ? <p className="mt-4 text-error">{statement.error.message}</p> : null}
      {statement.isPending ? <p className="mt-4">loading</p> : null}
      {statement.data ? (
        <DataTable
          className="mt-4"
          tableClassName="statement-table"
          columns={tableColumns(columns, totals)}
          rows={rows}
          rowKey={(r) => r.id}
          rowClassName={(r) => (r.voided ? 'line-through opacity-60' : '')}
          rowTestId="statement-row"
          actions={(r) => <EntryActions entry={{ ...r, kind: kind.kind, title: kind.title }} kind={kind} lifecycle={false} />}
          totals={{ label: 'Total', testId: 'statement-totals' }}
          empty="No entries in this range."
        />
      ) : null}
      {rows.length < allRows.length ? (
        <button type="button" className="no-print btn btn-sm btn-outline mt-3" onClick={() => setShown('all')}>
          Show all {allRows.length.toLocaleString('en-US')} rows
        </button>
      ) : null}
      {allRows.length >= ROW_LIMIT ? (
        <p className="no-print mt-3 text-sm text-warning">Showing the newest {ROW_LIMIT.toLocaleString('en-US')} entries (the totals count them all). Narrow the dates to see older ones.</p>
      ) : null}
      <p className="no-print mt-3 text-sm">
        <Link to="/dashboard" className="link">
          Back to the dashboard
        </Link>
      </p>
    </section>
  );
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
    total: isFigure(c) ? formatCell(totals[c.field], c.format) : '',
  }));
}
