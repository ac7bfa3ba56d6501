import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router';
import { formatKg, formatTaka, toFixedText, toUnits, units } from '../../../shared/money';
import { kindByPath } from '../../../shared/registry';
import { PrintHeading } from '../../components/ui/print-heading';
import { TableFrame } from '../../components/ui/table-frame';
import { dateText } from '../../components/books/recent-entries';
import { api } from '../../lib/api';
import { csvCell, downloadCsv } from '../../lib/csv';
import type { Entry } from '../books/api';
import { DateFilter } from './date-filter';
import { type Column, type StatementType, fieldAliases, statementColumns } from './pages';

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

export function formatCell(value: unknown, format: Column['format']): string {
  if (value === null || value === undefined || value === '') return '';
  if (format === 'date') return dateText(String(value));
  if (format === 'text') return String(value);
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  if (format === 'money') return formatTaka(toUnits(n, units.money));
  if (format === 'kg') return formatKg(toUnits(n, units.weight));
  return toFixedText(toUnits(n, units.quantity), 3).replace(/\.?0+$/, '');
}

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

export function Statement({ type, url }: { type: StatementType; url: string }) {
  const [params] = useSearchParams();
  const [path = '', query = ''] = url.split(/\?(.*)/s);
  const kind = kindByPath(path);
  const inner = new URLSearchParams(query);
  // The heading is what follows the `=` (spec), read back from its encoding ("Rahim %26 Sons" is "Rahim & Sons").
  const subject = url.includes('=') ? decoded(url.slice(url.indexOf('=') + 1)) : (kind?.title ?? path);
  const day = inner.get('issue_date');
  const range = day ? { from: day, to: day } : dateRange(params.get('from'), params.get('to'));
  const name = inner.get('name') ?? undefined;
  const columns = statementColumns[type];
  const alias = fieldAliases[path] ?? {};
  const read = (row: Record<string, unknown>, field: string) => row[alias[field] ?? field];
  // Long statements draw their first rows at once and the rest on request (or when printing).
  const [shown, setShown] = useState<number | 'all'>(FIRST_ROWS);
  useEffect(() => {
    const all = () => flushSync(() => setShown('all'));
    window.addEventListener('beforeprint', all);
    return () => window.removeEventListener('beforeprint', all);
  }, []);

  const statement = useQuery({
    queryKey: ['statement', path, name, range.from, range.to],
    enabled: kind !== undefined,
    queryFn: () => {
      const q = [name !== undefined ? `name=${encodeURIComponent(name)}` : '', range.from ? `issue_date>=${range.from}` : '', range.to ? `issue_date<=${range.to}` : '', `limit=${ROW_LIMIT}`].filter(Boolean).join('&');
      return api<{ data: Entry[]; totals: Record<string, number> }>('GET', `/api/${path}?${q}`);
    },
  });

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
    const cell = csvCell;
    const lines = [columns.map((c) => cell(c.header)).join(',')];
    for (const r of allRows) {
      lines.push(columns.map((c) => (c.format === 'text' ? cell(`${formatCell(read(r, c.field), c.format)}${c.field === 'name' && r.voided ? ' (voided)' : ''}`, true) : cell(formatCell(read(r, c.field), c.format).replace(/,/g, '')))).join(','));
    }
    lines.push(columns.map((c, i) => cell(i === 0 ? 'Total' : c.format === 'text' || c.format === 'date' ? '' : formatCell(read(totals, c.field), c.format).replace(/,/g, ''))).join(','));
    downloadCsv(title, lines);
  };

  return (
    <section aria-labelledby="statement-title">
      <PrintHeading rangeText={rangeText} />
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
        <TableFrame className="mt-4 statement-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.field} className={c.format === 'text' || c.format === 'date' ? '' : 'text-right'}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className={r.voided ? 'line-through opacity-60' : ''} data-testid="statement-row">
                {columns.map((c) => (
                  <td key={c.field} className={c.format === 'text' ? (c.field === 'name' ? 'min-w-32' : '') : c.format === 'date' ? 'whitespace-nowrap' : 'whitespace-nowrap text-right tabular-nums'}>
                    {formatCell(read(r, c.field), c.format)}
                    {c.field === 'name' && r.voided ? <span className="badge badge-warning badge-xs ml-1 no-underline">voided</span> : null}
                  </td>
                ))}
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length}>No entries in this range.</td>
              </tr>
            ) : null}
          </tbody>
          <tfoot>
            <tr className="font-bold" data-testid="statement-totals">
              {columns.map((c, i) => (
                <td key={c.field} className={c.format === 'text' || c.format === 'date' ? '' : 'whitespace-nowrap text-right tabular-nums'}>
                  {i === 0 ? 'Total' : c.format === 'text' || c.format === 'date' ? '' : formatCell(read(totals, c.field), c.format)}
                </td>
              ))}
            </tr>
          </tfoot>
        </TableFrame>
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
