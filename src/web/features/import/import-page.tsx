import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { daysBetween } from '../../../shared/backdate';
import { isoDate } from '../../../shared/books-api';
import { todayIn } from '../../../shared/dates';
import { DASHBOARD_REASON_MAX, type ImportBatch, MB, WORKBOOK_MAX_DAYS, importFileNames, importLimits, importableFile } from '../../../shared/import-api';
import { fill } from '../../../shared/messages';
import { PARTNER_COLLECTION, registry } from '../../../shared/registry';
import { DateInput } from '../../components/form/date-input';
import { FieldShell } from '../../components/form/text-field';
import { Modal } from '../../components/ui/modal';
import { PromptForm } from '../../components/ui/prompt-form';
import { businessTimeText, configQuery } from '../../lib/config';
import { csvCell, downloadCsv } from '../../lib/csv';
import { errorText } from '../../lib/error-text';
import { countText } from '../../lib/format';
import { refusalIn, tr, useLanguage, useTexts } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { type ImportReport, booksChanged, importBatchesQuery, sendExport, useVoidBatch } from './api';
import { importTexts } from './texts';

// /dashboard/import (issue 30 item 6, docs/decisions/0039): the old system's export chosen (files,
// or a whole folder), a dry run whose report is a table (cards on a phone) and a CSV, the import
// (refused while rows have problems unless the good rows are chosen), then the batches and Void.

const known = new Set(importFileNames(registry));

/** The files an export may hold (a later choice of the same name replaces the earlier), and the rest, left out. */
function exportFiles(chosen: readonly File[], before: readonly File[]): { files: File[]; leftOut: string[] } {
  const byName = new Map(before.map((f) => [f.name, f]));
  const leftOut: string[] = [];
  for (const f of chosen) {
    if (importableFile(known, f.name)) byName.set(f.name, f);
    else leftOut.push(f.name);
  }
  return { files: [...byName.values()], leftOut };
}

/** A file past the limits, as the server would refuse it (the same coded text), before anything is sent. */
function tooLarge(files: readonly File[]): string | null {
  for (const file of files) {
    const limit = file.name === 'users.json' ? importLimits.usersMb : importLimits.fileMb;
    if (file.size > limit * MB) return refusalIn('import_file_too_large', { file: file.name, limit });
  }
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return total > importLimits.totalMb * MB ? refusalIn('import_too_large', { limit: importLimits.totalMb }) : null;
}

export function ImportPage() {
  const m = useTexts(importTexts);
  const admin = useSession().user?.role === 'admin';
  const [files, setFiles] = useState<File[]>([]);
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [written, setWritten] = useState(false);
  const [skip, setSkip] = useState(false);
  // The old dashboard's difference booked as opening adjustments (decision 0044): ticked, with its reason.
  const [book, setBook] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!admin) return <p role="alert">{m.importAdminsOnly}</p>;

  const choose = (list: FileList | null) => {
    const chosen = exportFiles([...(list ?? [])], files);
    setFiles(chosen.files);
    setLeftOut(chosen.leftOut);
    setReport(null);
    setWritten(false);
    setError(null);
    setBook(false);
  };
  const send = async (url: '/api/import/dry-run' | '/api/import') => {
    const big = tooLarge(files);
    setError(big);
    if (big) return;
    const booking = url === '/api/import' && book && report?.dashboard_differs === true;
    if (booking && !reason.trim()) {
      setReasonError(refusalIn('field_required', { field: m.importBookReason }));
      document.getElementById('import-book-reason')?.focus();
      return;
    }
    setReasonError(null);
    setSending(0);
    try {
      const answer = await sendExport(url, files, { skipBadRows: skip, dashboardReason: booking ? reason : '' }, setSending);
      setReport(answer.report);
      setWritten(answer.report.batch_id !== null);
      if (answer.refusal) setError(errorText(answer.refusal));
      if (answer.report.batch_id !== null) {
        await booksChanged();
        void notify('success', fill(m.importDone, { count: countText(answer.report.imported), id: answer.report.batch_id }));
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSending(null);
    }
  };
  const problems = report?.with_problems ?? 0;
  const blocked = problems > 0 && !skip;
  return (
    <section className="flex max-w-5xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{m.importTitle}</h1>
      <p className="text-sm">{m.importIntro}</p>
      <div className="flex flex-wrap gap-2">
        <FilePicker
          label={m.importChooseFiles}
          onPick={choose}
          testId="import-files"
          accept=".json,.csv,.xlsx,application/json,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        />
        <FilePicker label={m.importChooseFolder} onPick={choose} testId="import-folder" folder />
      </div>
      {files.length ? (
        <p className="text-sm" data-testid="import-chosen">
          {fill(m.importChosen, { count: countText(files.length) })}: {files.map((f) => f.name).join(', ')}
        </p>
      ) : null}
      {leftOut.length ? <p className="text-sm text-muted">{fill(m.importLeftOut, { names: leftOut.join(', ') })}</p> : null}
      <div>
        <button type="button" className="btn btn-primary" disabled={!files.length || sending !== null} onClick={() => void send('/api/import/dry-run')}>
          {m.importDryRun}
        </button>
      </div>
      {sending !== null ? (
        <div role="status" className="flex flex-col gap-1 text-sm">
          <span>{sending < 1 ? `${m.importSending}: ${countText(Math.round(sending * 100))}%` : m.importReading}</span>
          <progress
            className="progress progress-primary w-full max-w-md"
            value={sending < 1 ? sending * 100 : undefined}
            max={100}
            aria-label={m.importSending}
          />
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-error" data-testid="import-error">
          {error}
        </p>
      ) : null}
      {report ? <Report report={report} written={written} /> : null}
      {report && !written && report.to_import > 0 ? (
        <div className="flex flex-col gap-2">
          {problems > 0 ? (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="checkbox" checked={skip} onChange={(e) => setSkip(e.target.checked)} data-testid="import-skip" />
              {m.importSkip}
            </label>
          ) : null}
          {report.dashboard_differs ? (
            <div className="flex flex-col gap-2">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="checkbox" checked={book} onChange={(e) => setBook(e.target.checked)} data-testid="import-book" />
                {m.importBookDashboard}
              </label>
              {book ? (
                <FieldShell id="import-book-reason" label={m.importBookReason} required error={reasonError ?? undefined}>
                  <input
                    id="import-book-reason"
                    className={`input w-full max-w-md ${reasonError ? 'input-error' : ''}`}
                    maxLength={DASHBOARD_REASON_MAX}
                    autoComplete="off"
                    value={reason}
                    onChange={(e) => {
                      setReason(e.target.value);
                      setReasonError(null);
                    }}
                  />
                </FieldShell>
              ) : null}
            </div>
          ) : null}
          {blocked ? <p className="text-sm">{m.importBlocked}</p> : null}
          <div>
            <button
              type="button"
              className="btn btn-success"
              disabled={blocked || sending !== null}
              onClick={() => void send('/api/import')}
              data-testid="import-go"
            >
              {m.importGo}
            </button>
          </div>
        </div>
      ) : null}
      {report && !written && report.to_import === 0 && problems === 0 ? <p>{m.importNothingNew}</p> : null}
      <Batches />
      <TemplatesAndExport />
    </section>
  );
}

/**
 * What goes out (issue 30 items 2 and 7): a sheet's template to fill in (the registry's columns, in
 * the page's language), the whole books as the importer reads them, and the accountant's workbook
 * of a range. Plain links: the browser downloads what the server sends.
 */
function TemplatesAndExport() {
  const m = useTexts(importTexts);
  const lang = useLanguage();
  const today = todayIn(useQuery(configQuery).data?.timeZone ?? 'Asia/Dhaka');
  const [sheet, setSheet] = useState(PARTNER_COLLECTION);
  const [range, setRange] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const ids = { sheet: useId(), from: useId(), to: useId() };
  const inLang = lang === 'bn' ? 'lang=bn' : '';
  // Real days only (2026-02-30 has a day's shape): the field says why text is no day.
  const realDay = (v: string) => isoDate.safeParse(v).success;
  const days = realDay(range.from) && realDay(range.to) ? daysBetween(range.from, range.to) : null;
  const rangeProblem = days === null ? null : days < 0 ? m.datesSwapped : days > WORKBOOK_MAX_DAYS ? refusalIn('range_too_long', { months: 12 }) : null;
  const workbook = days !== null && !rangeProblem ? `/api/export.xlsx?from=${range.from}&to=${range.to}${inLang ? `&${inLang}` : ''}` : undefined;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="import-out">
      <h2 id="import-out" className="text-xl font-bold">
        {m.importOutTitle}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1 text-sm">
          <label htmlFor={ids.sheet}>{m.importTemplate}</label>
          <select id={ids.sheet} className="select" value={sheet} onChange={(e) => setSheet(e.target.value)}>
            <option value={PARTNER_COLLECTION}>{m.importPartnersSheet}</option>
            {registry.kinds.map((k) => (
              <option key={k.path} value={k.path}>
                {tr(k.title)}
              </option>
            ))}
          </select>
        </div>
        {(['xlsx', 'csv'] as const).map((format) => (
          <a
            key={format}
            className="btn btn-outline"
            href={`/api/import/templates/${sheet}.${format}${inLang ? `?${inLang}` : ''}`}
            download
            data-testid={`template-${format}`}
          >
            {format === 'xlsx' ? m.importTemplateXlsx : m.importTemplateCsv}
          </a>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        {(['from', 'to'] as const).map((key) => (
          <div key={key} className="flex flex-col gap-1 text-sm">
            <label htmlFor={ids[key]}>{key === 'from' ? m.startDate : m.endDate}</label>
            <DateInput
              id={ids[key]}
              label={key === 'from' ? m.startDate : m.endDate}
              className="input w-36"
              value={range[key]}
              onValue={(v) => setRange((r) => ({ ...r, [key]: v }))}
            />
          </div>
        ))}
        {workbook ? (
          <a className="btn btn-outline" href={workbook} download data-testid="export-workbook">
            {m.importWorkbook}
          </a>
        ) : (
          <button type="button" className="btn btn-outline" disabled>
            {m.importWorkbook}
          </button>
        )}
      </div>
      {rangeProblem ? (
        <p role="alert" className="text-sm text-error">
          {rangeProblem}
        </p>
      ) : null}
      <p className="text-sm">{m.importWholeBooksIntro}</p>
      <div>
        <a className="btn btn-outline" href="/api/export" download data-testid="export-books">
          {m.importWholeBooks}
        </a>
      </div>
    </section>
  );
}

/**
 * A button in the page's language that opens the browser's file chooser (its own input, hidden,
 * would say "Choose Files" in the browser's language): files, or a whole folder where allowed.
 */
function FilePicker(props: { label: string; onPick: (files: FileList | null) => void; testId: string; accept?: string; folder?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => input.current?.click()}>
        {props.label}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={props.accept}
        onChange={(e) => {
          props.onPick(e.target.files);
          // The same files chosen again are a new choice.
          e.target.value = '';
        }}
        // A non-empty value: React writes the attribute, Preact (the browser's build) sets the
        // element's boolean property, which an empty string would turn off.
        {...(props.folder ? { webkitdirectory: 'true' } : {})}
        data-testid={props.testId}
      />
    </>
  );
}

/** The counts, then every problem and note: a table from 768 px, cards below; and as a CSV. */
function Report({ report, written }: { report: ImportReport; written: boolean }) {
  const m = useTexts(importTexts);
  const counts: [string, number][] = [
    [written ? m.importImported : m.importToImport, written ? report.imported : report.to_import],
    [m.importAlready, report.already_imported],
    [m.importWithProblems, report.with_problems],
  ];
  const rows = report.rows.map((r) => ({ ...r, text: refusalIn(r.code as Parameters<typeof refusalIn>[0], r.params) || r.message }));
  const kindText = (kind: 'problem' | 'note') => (kind === 'problem' ? m.importProblem : m.importNote);
  const download = () =>
    downloadCsv('import-report', [
      [m.importFile, m.importRow, m.importColumn, m.importValue, m.importKind, m.importMessage].map((h) => csvCell(h)).join(','),
      ...rows.map((r) => [r.file, String(r.row), r.column, r.value ?? '', kindText(r.kind), r.text].map((c) => csvCell(c, true)).join(',')),
    ]);
  return (
    <div className="flex flex-col gap-3" data-testid="import-report">
      <dl className="grid w-full max-w-xl grid-cols-3 gap-2">
        {counts.map(([label, n]) => (
          <div key={label} className="rounded-box border border-base-300 p-2">
            <dt className="text-sm">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{countText(n)}</dd>
          </div>
        ))}
      </dl>
      {rows.length === 0 ? <p>{m.importNoProblems}</p> : null}
      {report.rows_left_off ? (
        <p className="text-sm">{fill(m.importLeftOff, { shown: countText(rows.length), left: countText(report.rows_left_off) })}</p>
      ) : null}
      {rows.length ? (
        <>
          <div>
            <button type="button" className="btn btn-outline" onClick={download}>
              {m.importDownload}
            </button>
          </div>
          <div className="hidden md:block" data-testid="import-table">
            <table className="table">
              <thead>
                <tr>
                  <th>{m.importFile}</th>
                  <th className="text-right">{m.importRow}</th>
                  <th>{m.importColumn}</th>
                  <th>{m.importValue}</th>
                  <th>{m.importMessage}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={i} className={r.kind === 'note' ? 'text-muted' : ''} data-kind={r.kind}>
                    <td className="whitespace-nowrap">{r.file}</td>
                    <td className="text-right tabular-nums">{countText(r.row)}</td>
                    <td className="whitespace-nowrap">{r.column}</td>
                    <td className="max-w-40 break-all">{r.value ?? ''}</td>
                    <td>{r.text}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="flex flex-col gap-2 md:hidden" data-testid="import-cards">
            {rows.map((r, i) => (
              <li key={i} className={`rounded-box border p-3 text-sm ${r.kind === 'note' ? 'border-base-300' : 'border-error'}`} data-kind={r.kind}>
                <p className="font-semibold break-all">
                  {r.file} · {m.importRow} {countText(r.row)} · {r.column}
                </p>
                {r.value !== null ? (
                  <p className="break-all">
                    {m.importValue}: {r.value}
                  </p>
                ) : null}
                <p>{r.text}</p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** The batches, newest first, each with its counts and, while it stands, Void (with a reason, in a dialog). */
function Batches() {
  const m = useTexts(importTexts);
  const batches = useQuery(importBatchesQuery).data ?? [];
  const [voiding, setVoiding] = useState<ImportBatch | null>(null);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="import-batches">
      <h2 id="import-batches" className="text-xl font-bold">
        {m.importBatches}
      </h2>
      {batches.length === 0 ? <p>{m.importNoBatches}</p> : null}
      <ul className="flex flex-col gap-2">
        {batches.map((b) => (
          <BatchRow key={b.id} batch={b} onVoid={() => setVoiding(b)} />
        ))}
      </ul>
      {voiding ? <VoidDialog batch={voiding} onClose={() => setVoiding(null)} /> : null}
    </section>
  );
}

function BatchRow({ batch, onVoid }: { batch: ImportBatch; onVoid: () => void }) {
  const m = useTexts(importTexts);
  const config = useQuery(configQuery).data;
  return (
    <li className={`rounded-box border border-base-300 p-3 ${batch.voided_at ? 'text-muted' : ''}`} data-testid="import-batch">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <strong className={batch.voided_at ? 'line-through' : ''}>{fill(m.importBatch, { id: countText(batch.id) })}</strong>
        <span className="tabular-nums">
          {fill(m.importBatchCounts, { partners: countText(batch.partners), entries: countText(batch.entries), users: countText(batch.users) })}
        </span>
      </div>
      <p className="text-sm text-muted">
        {batch.created_by}, {businessTimeText(config, batch.created_at)}
      </p>
      <p className="truncate text-sm text-muted" title={batch.source}>
        {batch.source}
      </p>
      {batch.voided_at ? (
        <p className="text-sm">{fill(m.importVoided, { name: batch.voided_by ?? '', reason: batch.void_reason ?? '' })}</p>
      ) : (
        <button type="button" className="btn btn-outline btn-error mt-2" onClick={onVoid} data-testid="import-void">
          {m.importVoid}
        </button>
      )}
    </li>
  );
}

function VoidDialog({ batch, onClose }: { batch: ImportBatch; onClose: () => void }) {
  const m = useTexts(importTexts);
  const voidBatch = useVoidBatch();
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal title={fill(m.importVoidTitle, { id: countText(batch.id) })} open onClose={onClose}>
      <PromptForm
        intro={m.importVoidIntro}
        label={m.importVoidReason}
        submitLabel={m.importVoidConfirm}
        check={(value) => (value.trim().length < 3 ? refusalIn(value.trim() ? 'reason_min' : 'reason_required') : null)}
        onSubmit={async (reason) => {
          setError(null);
          try {
            const done = await voidBatch.mutateAsync({ id: batch.id, reason });
            void notify('success', fill(m.importVoidDone, { id: countText(batch.id), count: countText(done.data.voided) }));
            onClose();
          } catch (e) {
            setError(errorText(e));
          }
        }}
      />
      {error ? (
        <p role="alert" className="mt-2 text-error">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
