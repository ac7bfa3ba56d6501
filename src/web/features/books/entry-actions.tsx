import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fill } from '../../../shared/messages';
import { currentMessages, tr, useMessages } from '../../lib/i18n';
import { type KindDef, type Lifecycle, fieldWithRole, kindByName } from '../../../shared/registry';
import { businessTimeText, configQuery } from '../../lib/config';
import { amountField, formatOf, subjectField, subjectFormat } from '../../../shared/registry-views';
import { Modal } from '../../components/ui/modal';
import { dateText, entryNo, formatCell } from '../../lib/format';
import { type Entry, receiptLink } from './api';
import { Link } from 'react-router';
import { CorrectForm, LifecycleForm, VoidForm, preloadOnApproach } from './lazy-forms';

/**
 * What a list shows as an entry's party and amount, from its kind (entries the server made read
 * name and paid amount). A priced trade shows its bill (total) and, when something is left to pay,
 * its due: a purchase on credit is not "৳0.00". A void's reversal takes the amount back out: it
 * shows with a minus sign.
 */
export function entrySummary(e: Entry): { subject: string; amount: string; due: string } {
  const kind = e.kind ? kindByName(e.kind) : undefined;
  const subjectName = kind ? subjectField(kind)?.name : 'name';
  const amount = kind ? (fieldWithRole(kind, 'total') ?? amountField(kind)) : undefined;
  const dueField = kind ? fieldWithRole(kind, 'due') : undefined;
  const signed = (value: unknown) => (e.void_of && value !== null && value !== undefined && value !== '' ? -Number(value) : value);
  const format = amount ? formatOf(amount) : 'money';
  const figure = formatCell(signed(amount ? e[amount.name] : e.paid_amount), format);
  const due = dueField ? Number(e[dueField.name] ?? 0) : 0;
  return {
    subject: subjectName ? formatCell(e[subjectName], kind ? subjectFormat(kind) : 'text') : '',
    // Among taka amounts a weight (stock added) says it is one.
    amount: format === 'kg' && figure ? `${figure}${currentMessages().kgUnit}` : figure,
    due: due ? formatCell(signed(due), 'money') : '',
  };
}

/** An entry's amount in a list, with what is left to pay under it. */
export function EntryAmount({ entry }: { entry: Entry }) {
  const { amount, due } = entrySummary(entry);
  return (
    <>
      {amount}
      {due ? (
        <span className="block text-xs" data-testid="entry-due">
          {tr('Due')} {due}
        </span>
      ) : null}
    </>
  );
}

/**
 * What a done lifecycle recorded: an asset's sale amount; a fire's end time (when the server
 * stamped it) with its end note beside it, or the note alone for fires ended before it did.
 */
function LifecycleDone({ entry, lifecycle: l }: { entry: Entry; lifecycle: Lifecycle }) {
  const config = useQuery(configQuery);
  if (l.action === 'sell') return <span className="whitespace-normal">{formatCell(entry[l.value.name], 'money')}</span>;
  const note = String(entry[l.value.name] ?? '');
  return (
    <span className="whitespace-normal">
      {entry.lifecycle_at ? (
        <time dateTime={String(entry.lifecycle_at)} className="font-medium" data-testid="lifecycle-time">
          {businessTimeText(config.data, String(entry.lifecycle_at))}
        </time>
      ) : null}
      {entry.lifecycle_at && note ? ' · ' : ''}
      {note}
    </span>
  );
}

/** A voided entry's mark: who voided it, when and why (on screen and in print). */
export function VoidMark({ entry }: { entry: Entry }) {
  const m = useMessages();
  if (entry.void_of) {
    // Listed on the day it takes the amount out of (its original's), so the day it was made is in its mark.
    const id = entryNo(entry.void_of);
    const text = entry.reverses_date ? fill(m.reversalOfOn, { id, date: dateText(entry.issue_date) }) : fill(m.reversalOf, { id });
    return <span className="badge badge-ghost badge-sm h-auto whitespace-normal">{text}</span>;
  }
  if (!entry.voided) return entry.corrects ? <span className="badge badge-info badge-sm">{fill(m.correctsId, { id: entryNo(entry.corrects) })}</span> : null;
  const when = entry.voided_on ? dateText(String(entry.voided_on)) : '';
  const id = entryNo(entry.corrected_by ?? '');
  // A correction's mark is one sentence of the catalogue: a comma of its own would double Bangla's.
  const text = entry.corrected_by
    ? when
      ? fill(m.correctedByOn, { id, date: when })
      : fill(m.correctedBy, { id })
    : `${m.voidedWord}${entry.voided_by ? fill(m.byWho, { who: String(entry.voided_by) }) : ''}${when ? fill(m.onDate, { date: when }) : ''}${entry.voided_reason ? `: ${String(entry.voided_reason)}` : ''}`;
  return <span className="badge badge-warning badge-sm h-auto whitespace-normal">{text}</span>;
}

/** A late voucher's mark: the day it was entered on, the day it is for, and why (on screen and in print). */
export function LateMark({ entry }: { entry: Pick<Entry, 'issue_date' | 'entered_on' | 'backdate_reason'> }) {
  const m = useMessages();
  if (!entry.entered_on) return null;
  const text = fill(m.enteredOnFor, { entered: dateText(entry.entered_on), day: dateText(entry.issue_date) });
  return (
    <span className="badge badge-ghost badge-sm h-auto whitespace-normal" data-testid="late-mark">
      {entry.backdate_reason ? `${text}: ${entry.backdate_reason}` : text}
    </span>
  );
}

/** An entry's status in a CSV, in the sheet's English: voided, corrected, a correction; entered late (its days as in the Date column). */
export function csvStatus(r: {
  voided: boolean;
  corrected_by?: number | undefined;
  corrects?: number | undefined;
  issue_date: string;
  entered_on?: string | undefined;
  backdate_reason?: string | undefined;
}): string {
  const status = r.voided ? (r.corrected_by ? `corrected by #${String(r.corrected_by)}` : 'voided') : r.corrects ? `corrects #${String(r.corrects)}` : '';
  const late = r.entered_on ? `entered on ${r.entered_on} for ${r.issue_date}: ${r.backdate_reason ?? ''}` : '';
  return [status, late].filter(Boolean).join('; ');
}

type Acting = { entry: Entry; action: 'void' | 'lifecycle' | 'correct' } | null;

/**
 * The actions of an entry wherever it is listed: Void for a live entry, and its kind's lifecycle
 * action (End Time, Sell) until it is done, then what was recorded. A voided entry shows its mark.
 */
export function EntryActions({ entry, kind, lifecycle = true }: { entry: Entry; kind?: KindDef | undefined; lifecycle?: boolean }) {
  const m = useMessages();
  const [acting, setActing] = useState<Acting>(null);
  const k = kind ?? (entry.kind ? kindByName(entry.kind) : undefined);
  const l = lifecycle ? k?.lifecycle : undefined;
  if (entry.voided || entry.void_of)
    return entry.entered_on ? (
      <span className="inline-flex flex-wrap items-center justify-end gap-1">
        <VoidMark entry={entry} />
        <LateMark entry={entry} />
      </span>
    ) : (
      <VoidMark entry={entry} />
    );
  const done = l && entry[l.status];
  const close = () => setActing(null);
  const subject = entrySummary(k ? { ...entry, kind: k.kind } : entry).subject;
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-1">
      {l && done ? <LifecycleDone entry={entry} lifecycle={l} /> : null}
      {l && !done ? (
        <button
          type="button"
          className={`no-print btn btn-xs ${l.action === 'end' ? 'btn-warning' : 'btn-outline'}`}
          onClick={() => setActing({ entry, action: 'lifecycle' })}
          {...preloadOnApproach}
        >
          {tr(l.button)}
        </button>
      ) : null}
      {entry.corrects ? <VoidMark entry={entry} /> : null}
      <LateMark entry={entry} />
      {k ? (
        <button type="button" className="no-print btn btn-ghost btn-xs" onClick={() => setActing({ entry, action: 'correct' })} {...preloadOnApproach}>
          {m.correct}
        </button>
      ) : null}
      <button type="button" className="no-print btn btn-ghost btn-xs" onClick={() => setActing({ entry, action: 'void' })} {...preloadOnApproach}>
        {m.void}
      </button>
      <Link className="no-print btn btn-ghost btn-xs" to={receiptLink(entry.id)} aria-label={`${m.printReceipt} #${entry.id}`} title={m.printReceiptLabel}>
        {m.printReceipt}
      </Link>
      {/* Only the row being acted on has a dialog: a statement of 5,000 rows has no 5,000 hidden ones. */}
      {acting ? (
        <Modal
          title={
            acting.action === 'void'
              ? m.voidEntry
              : acting.action === 'correct' && k
                ? fill(m.correctKind, { kind: tr(k.title) })
                : l
                  ? `${tr(l.submit)} ${subject}`.trim()
                  : ''
          }
          open
          onClose={close}
        >
          {acting?.action === 'void' ? <VoidForm entry={entry} summary={entrySummary(entry)} onDone={close} /> : null}
          {acting?.action === 'correct' && k ? <CorrectForm kind={k} id={entry.id} onDone={close} /> : null}
          {acting?.action === 'lifecycle' && k ? <LifecycleForm kind={k} entry={entry} onDone={close} /> : null}
        </Modal>
      ) : null}
    </span>
  );
}
