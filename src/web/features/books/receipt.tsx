import { useQuery } from '@tanstack/react-query';
import { messages as english, fill } from '../../../shared/messages';
import { tr, useMessages } from '../../lib/i18n';
import { kindByName } from '../../../shared/registry';
import { amountField, formatOf, subjectField } from '../../../shared/registry-views';
import { BackToDashboard } from '../../components/layout/back-to-dashboard';
import { home } from '../../content';
import { dateText, entryNo, formatCell } from '../../lib/format';
import { takaInWords } from '../../components/ui/in-words';
import { type Entry, entryQuery } from './api';

// A printable receipt of one entry, for every kind from the registry: the company, the kind, the
// party, the date, every field the kind records (figures in lakh groups with the taka sign), the
// amount that changed hands in words, who issued it and lines to sign. On screen it is the same
// page with a Print button; the site's header, the sidebar and the buttons are not printed.

interface ReceiptLine {
  label: string;
  value: string;
  money: boolean;
}

/** The receipt's lines from the entry's kind; an entry the server made (an asset's sale) has its paid amount and note. */
export function receiptModel(entry: Entry) {
  const kind = entry.kind ? kindByName(entry.kind) : undefined;
  const subject = kind ? subjectField(kind) : undefined;
  const lines: ReceiptLine[] = kind
    ? kind.fields.filter((f) => f !== subject).map((f) => ({ label: f.label, value: formatCell(entry[f.name], formatOf(f)), money: formatOf(f) === 'money' }))
    : [
        { label: english.paidAmount, value: formatCell(entry.paid_amount, 'money'), money: true },
        { label: english.note, value: formatCell(entry.note, 'text'), money: false },
      ];
  const amount = kind ? amountField(kind) : undefined;
  const inWords = amount && formatOf(amount) === 'money' ? entry[amount.name] : kind ? undefined : entry.paid_amount;
  return {
    title: entry.title ?? kind?.title ?? '',
    party: String(entry[subject?.name ?? 'name'] ?? ''),
    lines: lines.filter((l) => l.value !== ''),
    words: typeof inWords === 'number' ? takaInWords(inWords) : null,
  };
}

export function Receipt({ id }: { id: number }) {
  const messages = useMessages();
  const entry = useQuery(entryQuery(id));
  if (entry.isError) return <p role="alert">{entry.error.message || messages.receiptNotFound}</p>;
  if (!entry.data) return <p>{messages.loading}</p>;
  const e = entry.data;
  const r = receiptModel(e);
  return (
    <section aria-labelledby="receipt-title" className="receipt mx-auto max-w-xl" data-testid="receipt">
      <div className="no-print mb-4 flex gap-2">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => window.print()}>
          {messages.print}
        </button>
      </div>
      <div className="border-b border-base-300 pb-2 text-center">
        <p className="text-lg font-bold">{home.company.name}</p>
        <h1 id="receipt-title" className="text-xl font-bold">
          {messages.receiptTitle}
        </h1>
      </div>
      <dl className="receipt-lines mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt>{messages.receiptNo}</dt>
        <dd className="text-right tabular-nums">#{entryNo(e.id)}</dd>
        <dt>{messages.receiptKind}</dt>
        <dd className="text-right">{tr(r.title)}</dd>
        {r.party ? (
          <>
            <dt>{messages.receiptParty}</dt>
            <dd className="text-right font-semibold">{r.party}</dd>
          </>
        ) : null}
        <dt>{messages.date}</dt>
        <dd className="text-right">{dateText(e.issue_date)}</dd>
        {e.entered_on ? (
          <dd className="col-span-2 text-right text-xs" data-testid="late-mark">
            {fill(messages.enteredOnFor, { entered: dateText(e.entered_on), day: dateText(e.issue_date) })}: {e.backdate_reason}
          </dd>
        ) : null}
        {r.lines.map((l) => (
          <div key={l.label} className="contents" data-testid="receipt-line">
            <dt>{tr(l.label)}</dt>
            <dd className={`text-right ${l.money ? 'whitespace-nowrap tabular-nums' : 'break-words'}`}>{l.value}</dd>
          </div>
        ))}
      </dl>
      {r.words ? (
        <p className="mt-3 border-y border-base-300 py-2 text-sm" data-testid="receipt-words">
          {messages.inWords}: <strong>{r.words}</strong>
        </p>
      ) : null}
      {e.voided ? (
        <p role="status" className="mt-3 font-bold text-error">
          {messages.receiptVoided}
        </p>
      ) : null}
      <p className="mt-3 text-sm">
        {messages.issuedBy}: {e.issued_by}
      </p>
      <div className="mt-14 grid grid-cols-2 gap-8 text-center text-sm">
        <p className="border-t border-current pt-1">{messages.receiptReceivedBy}</p>
        <p className="border-t border-current pt-1">{messages.receiptSignature}</p>
      </div>
      <BackToDashboard />
    </section>
  );
}
