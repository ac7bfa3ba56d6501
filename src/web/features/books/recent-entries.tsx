import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../shared/messages';
import { type KindGroup, kindByName } from '../../../shared/registry';
import { amountField, formatOf, subjectField } from '../../../shared/registry-views';
import { DataTable } from '../../components/table/data-table';
import { Modal } from '../../components/ui/modal';
import { PromptForm } from '../../components/ui/prompt-form';
import { dateText, formatCell } from '../../lib/format';
import { saveWithToast } from '../../lib/notify';
import { type Entry, recentQuery, useVoidEntry } from './api';

/** What a list shows as an entry's party and amount, from its kind (entries the server made read name and paid amount). */
export function entrySummary(e: Entry): { subject: string; amount: string } {
  const kind = e.kind ? kindByName(e.kind) : undefined;
  const subject = kind ? subjectField(kind)?.name : 'name';
  const amount = kind ? amountField(kind) : undefined;
  return {
    subject: subject ? String(e[subject] ?? '') : '',
    amount: amount ? formatCell(e[amount.name], formatOf(amount)) : formatCell(e.paid_amount, 'money'),
  };
}

/**
 * The latest entries on this side of the books, so a slip is seen at once, and a Void action
 * (with a reason) that writes a correcting entry: nothing is ever edited or deleted.
 */
export function RecentEntries({ group }: { group: KindGroup }) {
  const recent = useQuery(recentQuery(group));
  const [voiding, setVoiding] = useState<Entry | null>(null);
  return (
    <section className="mt-8" aria-labelledby={`recent-${group}`}>
      <h2 id={`recent-${group}`} className="text-lg font-semibold">
        Latest entries
      </h2>
      {recent.isError ? <p className="text-error">{recent.error.message}</p> : null}
      <DataTable
        columns={[
          { key: 'date', header: 'Date', nowrap: true, cell: (e) => dateText(e.issue_date) },
          { key: 'form', header: 'Form', cell: (e) => e.title },
          { key: 'name', header: 'Name', cell: (e) => entrySummary(e).subject },
          { key: 'amount', header: 'Amount', numeric: true, cell: (e) => entrySummary(e).amount },
          { key: 'by', header: 'Issued by', cell: (e) => e.issued_by },
        ]}
        rows={recent.data ?? []}
        rowKey={(e) => e.id}
        rowClassName={(e) => (e.voided || e.void_of ? 'opacity-60' : '')}
        rowTestId="recent-row"
        actions={(e) =>
          e.void_of ? (
            <span className="badge badge-ghost badge-sm">correction of #{e.void_of}</span>
          ) : e.voided ? (
            <span className="badge badge-warning badge-sm">voided</span>
          ) : (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setVoiding(e)}>
              Void
            </button>
          )
        }
        empty={recent.data ? 'No entries yet.' : null}
      />
      <Modal title="Void entry" open={voiding !== null} onClose={() => setVoiding(null)}>
        {voiding ? <VoidForm entry={voiding} onDone={() => setVoiding(null)} /> : null}
      </Modal>
    </section>
  );
}

function VoidForm({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const voidEntry = useVoidEntry();
  const { subject, amount } = entrySummary(entry);
  return (
    <PromptForm
      intro={`${entry.title}: ${subject} ${amount} on ${dateText(entry.issue_date)}. A correcting entry will be written; the original stays in the books, marked voided.`}
      label="Reason"
      submitLabel="Void entry"
      check={(v) => (v.trim().length < 3 ? 'Reason is required (at least 3 characters)' : null)}
      onSubmit={async (reason) => {
        if (await saveWithToast(() => voidEntry.mutateAsync({ id: entry.id, reason }), messages.voided)) onDone();
      }}
    />
  );
}
