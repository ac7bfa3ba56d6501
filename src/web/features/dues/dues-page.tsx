import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { DueRow, DueSide } from '../../../shared/dues-api';
import { fill } from '../../../shared/messages';
import { partnerCategories } from '../../../shared/registry';
import { DataTable, type TableColumn } from '../../components/table/data-table';
import { PrintHeading, PrintSignatures } from '../../components/ui/print-heading';
import { ReportActions } from '../../components/ui/report-actions';
import { SearchBox } from '../../components/ui/search-box';
import { csvCell, downloadCsv } from '../../lib/csv';
import { errorText } from '../../lib/error-text';
import { csvNumber, dateText, formatCell } from '../../lib/format';
import { tr, useLanguage, useTexts } from '../../lib/i18n';
import { ledgerLink } from '../statements/api';
import { duesQuery } from './api';
import { dueTexts } from './texts';
import { AnswerBadge, LanguagePick, SendDue, shareTexts } from '../share';
import { usePartners } from '../partners/api';
import { businessTimeText } from '../../lib/config';

// The due list (issue 29, decision 0031): receivables or payables, each party's due split by age,
// oldest overdue first, filtered by category and a search, with the totals of what is shown.
// Print gives A4 (the statements' print layout), Export CSV plain figures; a phone shows cards.

const money = (v: number) => formatCell(v, 'money');

/** Why a party is on the reminder list: a due raised this week, one overdue past 30 days, or past its limit. */
function remindReasons(r: DueRow, asOf: string): ('remindNew' | 'remindOld' | 'remindLimit')[] {
  const reasons: ('remindNew' | 'remindOld' | 'remindLimit')[] = [];
  if (Date.parse(asOf) - Date.parse(r.oldest_due_date) <= 6 * 86_400_000) reasons.push('remindNew');
  if (r.d31_60 + r.d61_90 + r.d90_plus > 0) reasons.push('remindOld');
  if (r.over_limit) reasons.push('remindLimit');
  return reasons;
}
const figures = ['due', 'd0_30', 'd31_60', 'd61_90', 'd90_plus'] as const;

export function DuesPage() {
  const m = useTexts(dueTexts);
  const sh = useTexts(shareTexts);
  const [params, setParams] = useSearchParams();
  const reminders = params.get('reminders') === '1';
  const [lang, setLang] = useState<'en' | 'bn'>(useLanguage());
  const contacts = new Map((usePartners().data ?? []).map((p) => [p.id, p.contact]));
  const side: DueSide = params.get('side') === 'payable' ? 'payable' : 'receivable';
  const [category, setCategory] = useState('');
  const [search, setSearch] = useState('');
  const q = useQuery(duesQuery(side));
  const d = q.data;
  const needle = search.trim().toLowerCase();
  const rows = (d?.rows ?? []).filter(
    (r) =>
      (!category || r.catagories === category) &&
      (!needle || r.name.toLowerCase().includes(needle)) &&
      (!reminders || remindReasons(r, d?.as_of ?? '').length > 0),
  );
  const sum = (key: (typeof figures)[number]) => rows.reduce((s, r) => s + Math.round(r[key] * 100), 0) / 100;
  const headers = { due: m.duesDue, d0_30: m.dues0to30, d31_60: m.dues31to60, d61_90: m.dues61to90, d90_plus: m.dues90plus };
  const setParam = (key: string, value: string | null) => {
    const p = new URLSearchParams(params);
    if (value === null) p.delete(key);
    else p.set(key, value);
    setParams(p);
  };
  const pickSide = (next: DueSide) => setParam('side', next);

  const columns: TableColumn<DueRow>[] = [
    {
      key: 'party',
      header: m.party,
      cell: (r) => (
        <>
          <Link to={ledgerLink(r.partner_id)} className="link link-primary break-words">
            {r.name}
          </Link>
          {r.over_limit ? (
            <span className="badge badge-warning badge-sm ml-1" data-testid="dues-over-limit">
              {m.duesOverLimit}
            </span>
          ) : null}
          {r.last_answer ? (
            <span className="mt-1 block">
              <AnswerBadge answer={r.last_answer} compact />
            </span>
          ) : null}
        </>
      ),
    },
    { key: 'category', header: m.category, cell: (r) => tr(r.catagories) },
    ...figures.map((key) => ({ key, header: headers[key], numeric: true, cell: (r: DueRow) => money(r[key]), total: money(sum(key)) })),
    { key: 'oldest', header: m.duesOldest, nowrap: true, cell: (r) => dateText(r.oldest_due_date) },
    { key: 'paid', header: m.duesLastPayment, nowrap: true, cell: (r) => (r.last_payment_date ? dateText(r.last_payment_date) : '') },
    { key: 'limit', header: m.duesLimit, numeric: true, cell: (r) => (r.credit_limit === null ? '' : money(r.credit_limit)) },
    ...(reminders
      ? [
          {
            key: 'why',
            header: sh.remindersTitle,
            cell: (r: DueRow) =>
              remindReasons(r, d?.as_of ?? '')
                .map((k) => sh[k])
                .join(', '),
          },
          {
            key: 'reminded',
            header: sh.remindLast,
            cell: (r: DueRow) => (r.last_reminded_at ? businessTimeText(undefined, r.last_reminded_at) : sh.remindNever),
          },
        ]
      : []),
  ];
  const title = side === 'receivable' ? m.duesReceivable : m.duesPayable;
  const asOf = d ? fill(m.duesAsOf, { day: dateText(d.as_of) }) : '';

  // The list as a spreadsheet, in the reader's language: plain figures (Latin digits, no groups).
  const csv = () => {
    if (!d) return;
    const n = (v: number) => csvCell(csvNumber(v, 'money'));
    const head = [m.party, m.category, ...figures.map((k) => headers[k]), m.duesOldest, m.duesLastPayment, m.duesLimit, m.duesOverLimit];
    const lines = [head.map((h) => csvCell(h)).join(',')];
    for (const r of rows)
      lines.push(
        [
          csvCell(r.name, true),
          csvCell(tr(r.catagories), true),
          ...figures.map((k) => n(r[k])),
          csvCell(r.oldest_due_date),
          csvCell(r.last_payment_date ?? ''),
          r.credit_limit === null ? '' : n(r.credit_limit),
          csvCell(r.over_limit ? m.duesOverLimit : ''),
        ].join(','),
      );
    lines.push([csvCell(m.total, true), csvCell(''), ...figures.map((k) => n(sum(k))), '', '', '', ''].join(','));
    downloadCsv(`${m.duesTitle} ${title} ${d.as_of}`, lines);
  };

  return (
    <section>
      <PrintHeading rangeText={`${title} · ${asOf}`} />
      <h1 className="text-2xl font-bold">{m.duesTitle}</h1>
      <p className="no-print mt-1 text-sm text-muted">{m.duesIntro}</p>
      <div className="no-print mt-4 flex flex-wrap gap-2">
        {(['receivable', 'payable'] as const).map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={side === s}
            className={`btn btn-sm ${side === s ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => pickSide(s)}
            data-testid={`dues-side-${s}`}
          >
            {s === 'receivable' ? m.duesReceivable : m.duesPayable}
          </button>
        ))}
        <button
          type="button"
          aria-pressed={reminders}
          className={`btn btn-sm ${reminders ? 'btn-primary' : 'btn-outline'}`}
          onClick={() => setParam('reminders', reminders ? null : '1')}
          data-testid="dues-reminders"
        >
          {sh.remindersTitle}
        </button>
      </div>
      <p className="mt-2 text-sm" data-testid="dues-as-of">
        {title} · {asOf}
      </p>
      <ReportActions
        filter={
          <>
            <label className="flex flex-col gap-1 text-sm">
              {m.category}
              <select className="select select-sm" value={category} onChange={(e) => setCategory(e.target.value)} data-testid="dues-category">
                <option value="">{m.duesAllCategories}</option>
                {partnerCategories.map((c) => (
                  <option key={c} value={c}>
                    {tr(c)}
                  </option>
                ))}
              </select>
            </label>
            <SearchBox value={search} onChange={setSearch} placeholder={m.duesSearch} className="" />
            <LanguagePick value={lang} onChange={setLang} />
          </>
        }
        onCsv={csv}
      />
      {q.isError ? (
        <p role="alert" className="mt-4 text-error">
          {errorText(q.error)}
        </p>
      ) : (
        <DataTable
          className="mt-4"
          tableClassName="statement-table"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.partner_id}
          rowTestId="dues-row"
          actions={(r) =>
            d ? (
              <SendDue
                partnerId={r.partner_id}
                name={r.name}
                contact={contacts.get(r.partner_id)}
                due={side === 'receivable' ? r.due : -r.due}
                asOf={d.as_of}
                lang={lang}
              />
            ) : null
          }
          totals={d ? { label: m.total, testId: 'dues-totals' } : undefined}
          empty={d ? m.duesNone : m.loading}
        />
      )}
      <PrintSignatures />
    </section>
  );
}
