import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ProductionFigures, ProductionMonth, ProductionReport } from '../../../shared/production-api';
import { PrintHeading } from '../../components/ui/print-heading';
import { DataTable, type TableColumn } from '../../components/table/data-table';
import { csvCell, downloadCsv } from '../../lib/csv';
import { fill } from '../../../shared/messages';
import { tr, useTexts } from '../../lib/i18n';
import { rangeLabel } from '../../lib/range-label';
import { ReportActions } from '../../components/ui/report-actions';
import { DateFilter } from '../../components/ui/date-filter';
import { productionQuery } from './api';
import { ProductionChart } from './chart';
import { type Column, fireManColumns, furnaceColumns, monthText, plain, potColumns, show, wireColumns } from './figures';
import { BackToDashboard } from '../../components/layout/back-to-dashboard';
import { errorText } from '../../lib/error-text';
import { productionTexts } from './texts';

/**
 * The furnace's own numbers (README "Production"): firings, what a kg fired costs and what a kg
 * sold earns, month by month, by pot and by fire man. Print (A4 landscape) and CSV.
 */
export default function ProductionPage() {
  const m = useTexts(productionTexts);
  const [params] = useSearchParams();
  const range = { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined };
  const report = useQuery(productionQuery(range));
  const r = report.data;
  const rangeText = r ? rangeLabel(m, { from: r.total.from, to: r.total.to }) : '';

  return (
    <section aria-labelledby="production-title" className="production-report">
      <PrintHeading rangeText={rangeText} />
      <h1 id="production-title" className="text-2xl font-bold">
        {tr('Production')}
      </h1>
      <p className="no-print mt-1 text-sm text-muted">{rangeText || m.thisMonthAnd12}</p>
      <ReportActions filter={<DateFilter />} onCsv={() => r && downloadCsv(`Production ${r.total.from} to ${r.total.to}`, csvLines(r))} />
      {report.isError ? (
        <p role="alert" className="mt-4 text-error">
          {errorText(report.error)}
        </p>
      ) : null}
      {report.isPending ? <p className="mt-4">{m.loading}</p> : null}
      {r ? <Report r={r} /> : null}
      <BackToDashboard />
    </section>
  );
}

function Report({ r }: { r: ProductionReport }) {
  const m = useTexts(productionTexts);
  return (
    <>
      <ProductionChart months={r.months} />
      <MonthTable months={r.months} total={r.total} columns={furnaceColumns} title={m.furnaceCostTitle} />
      <MonthTable months={r.months} total={r.total} columns={wireColumns} title={m.wireMarginTitle} />
      <MonthCards months={r.months} total={r.total} />
      <h2 className="mt-6 text-lg font-semibold">{m.pots}</h2>
      <p className="no-print text-sm text-muted">{m.potsIntro}</p>
      <PlainTable rows={r.pots} columns={potColumns} label={m.pots} empty={m.noFiringsRepairs} />
      <h2 className="mt-6 text-lg font-semibold">{m.fireMen}</h2>
      <PlainTable rows={r.fireMen} columns={fireManColumns} label={m.fireMen} empty={m.noFirings} />
    </>
  );
}

const numeric = (c: Column<unknown>) => c.format !== 'text' && c.format !== 'date';

const tableColumns = <T extends object>(columns: Column<T>[]): TableColumn<T>[] =>
  columns.map((c) => ({
    key: c.key as string,
    header: c.label,
    numeric: numeric(c as Column<unknown>),
    nowrap: true,
    cell: (row: T) => show(row[c.key], c.format),
  }));

/** Months as rows, a total row: on screens from 640 px and in print; phones get the cards. */
function MonthTable({
  months,
  total,
  columns,
  title,
}: {
  months: readonly ProductionMonth[];
  total: ProductionFigures;
  columns: Column<ProductionFigures>[];
  title: string;
}) {
  const m = useTexts(productionTexts);
  return (
    <div className="hidden sm:block print:block">
      <h2 className="mt-6 text-lg font-semibold">{title}</h2>
      <DataTable
        tableClassName="statement-table"
        columns={[
          { key: 'month', header: tr('Month'), nowrap: true, cell: (m: ProductionMonth) => monthText(m.month) },
          ...tableColumns<ProductionMonth>(columns as Column<ProductionMonth>[]).map((c) => ({
            ...c,
            total: show(total[c.key as keyof ProductionFigures], columns.find((x) => x.key === c.key)?.format ?? 'text'),
          })),
        ]}
        rows={months}
        rowKey={(m) => m.month}
        rowTestId="production-month"
        label={title}
        totals={{ label: m.total, testId: 'production-total' }}
      />
    </div>
  );
}

/** On a phone: the whole range first, then a card per month (newest first), opened on a tap. */
function MonthCards({ months, total }: { months: readonly ProductionMonth[]; total: ProductionFigures }) {
  const m = useTexts(productionTexts);
  const card = (title: string, f: ProductionFigures, open: boolean) => (
    <details key={title} open={open} className="rounded-box border border-base-300 p-3" data-testid="production-card">
      <summary className="cursor-pointer font-semibold">
        {fill(m.monthCard, { title, kg: show(f.kg_fired, 'kg'), cost: show(f.full_cost_per_kg, 'perKg') })}
      </summary>
      <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
        {[...furnaceColumns, ...wireColumns].map((c) => (
          <div key={c.key} className="contents">
            <dt>{tr(c.label)}</dt>
            <dd className="text-right tabular-nums">{show(f[c.key], c.format)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
  return (
    <div className="mt-6 grid gap-2 sm:hidden print:hidden">
      <h2 className="text-lg font-semibold">{m.byMonth}</h2>
      {card(m.wholeRange, total, true)}
      {[...months].reverse().map((x) => card(monthText(x.month), x, false))}
    </div>
  );
}

function PlainTable<T extends object>({ rows, columns, empty }: { rows: readonly T[]; columns: Column<T>[]; label: string; empty: string }) {
  return <DataTable tableClassName="statement-table" columns={tableColumns(columns)} rows={rows} rowKey={(r) => rows.indexOf(r)} empty={empty} />;
}

/** The report as one CSV: months (and the total), then pots, then fire men; plain numbers. */
function csvLines(r: ProductionReport): string[] {
  const figures = [...furnaceColumns, ...wireColumns];
  const table = <T extends object>(columns: Column<T>[], rows: readonly T[], first?: (row: T) => string) => [
    [...(first ? [csvCell('Month')] : []), ...columns.map((c) => csvCell(c.label))].join(','),
    ...rows.map((row) => [...(first ? [csvCell(first(row))] : []), ...columns.map((c) => csvCell(plain(row[c.key], c.format), c.format === 'text'))].join(',')),
  ];
  return [
    ...table(figures, [...r.months, { ...r.total, month: 'Total' }], (m) => m.month),
    '',
    ...table(potColumns, r.pots),
    '',
    ...table(fireManColumns, r.fireMen),
  ];
}
