import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatLongDate } from '../../../shared/dates';
import { messages } from '../../../shared/messages';
import { formatTaka, toUnits, units } from '../../../shared/money';
import { type Entry, recentQuery, useVoidEntry } from '../../features/books/api';
import { saveWithToast } from '../../lib/notify';
import { TableFrame } from '../ui/table-frame';
import { Modal } from '../ui/modal';
import { PromptForm } from '../ui/prompt-form';

const amountOf = (e: Entry) => {
  const v = e.paid_amount ?? e.repairsAmount ?? null;
  if (v === null || v === undefined) return '';
  return formatTaka(toUnits(Number(v), units.money));
};

export const dateText = (iso: string) => formatLongDate(new Date(`${iso}T12:00:00Z`));

/**
 * The latest entries on this side of the books, so a slip is seen at once, and a Void action
 * (with a reason) that writes a correcting entry: nothing is ever edited or deleted.
 */
export function RecentEntries({ group }: { group: 'cashIn' | 'cashOut' }) {
  const recent = useQuery(recentQuery(group));
  const [voiding, setVoiding] = useState<Entry | null>(null);
  return (
    <section className="mt-8" aria-labelledby={`recent-${group}`}>
      <h2 id={`recent-${group}`} className="text-lg font-semibold">
        Latest entries
      </h2>
      {recent.isError ? <p className="text-error">{recent.error.message}</p> : null}
      <TableFrame>
          <thead>
            <tr>
              <th>Date</th>
              <th>Form</th>
              <th>Name</th>
              <th className="text-right">Amount</th>
              <th>Issued by</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(recent.data ?? []).map((e) => (
              <tr key={e.id} className={e.voided || e.void_of ? 'opacity-60' : ''} data-testid="recent-row">
                <td className="whitespace-nowrap">{dateText(e.issue_date)}</td>
                <td>{e.title}</td>
                <td>{String(e.name ?? e.potNumb ?? '')}</td>
                <td className="text-right tabular-nums">{amountOf(e)}</td>
                <td>{e.issued_by}</td>
                <td className="text-right">
                  {e.void_of ? (
                    <span className="badge badge-ghost badge-sm">correction of #{e.void_of}</span>
                  ) : e.voided ? (
                    <span className="badge badge-warning badge-sm">voided</span>
                  ) : (
                    <button type="button" className="btn btn-ghost btn-xs" onClick={() => setVoiding(e)}>
                      Void
                    </button>
                  )}
                </td>
              </tr>
            ))}
            {recent.data?.length === 0 ? (
              <tr>
                <td colSpan={6}>No entries yet.</td>
              </tr>
            ) : null}
          </tbody>
      </TableFrame>
      <Modal title="Void entry" open={voiding !== null} onClose={() => setVoiding(null)}>
        {voiding ? <VoidForm entry={voiding} onDone={() => setVoiding(null)} /> : null}
      </Modal>
    </section>
  );
}

function VoidForm({ entry, onDone }: { entry: Entry; onDone: () => void }) {
  const voidEntry = useVoidEntry();
  return (
    <PromptForm
      intro={`${entry.title}: ${String(entry.name ?? entry.potNumb ?? '')} ${amountOf(entry)} on ${dateText(entry.issue_date)}. A correcting entry will be written; the original stays in the books, marked voided.`}
      label="Reason"
      submitLabel="Void entry"
      check={(v) => (v.trim().length < 3 ? 'Reason is required (at least 3 characters)' : null)}
      onSubmit={async (reason) => {
              if (await saveWithToast(() => voidEntry.mutateAsync({ id: entry.id, reason }), messages.voided)) onDone();
            }}
    />
  );
}
