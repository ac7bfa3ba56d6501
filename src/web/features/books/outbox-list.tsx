import { Suspense, lazy, useState } from 'react';
import { TRANSFER_KIND, TRANSFER_TITLE } from '../../../shared/transfer-names';
import { refusalTextOf, tr, useMessages } from '../../lib/i18n';
import { formatLongDate } from '../../../shared/dates';
import { digitsFor } from '../../../shared/digits';
import { figureLanguage } from '../../lib/format';
import { kindByName } from '../../../shared/registry';
import { DataTable } from '../../components/table/data-table';
import { Modal } from '../../components/ui/modal';
import { notify } from '../../lib/notify';
import { type OutboxEntry, removeOutbox } from '../../lib/outbox-db';
import { useOutbox } from '../../lib/outbox-store';
import { useSession } from '../../lib/session';
import type { Entry } from './api';
import { entrySummary } from './entry-actions';
import { EntryForm, preloadOnApproach } from './lazy-forms';

// Loaded only when a refused transfer is fixed: the money accounts' code stays out of the screen's first load.
const TransferForm = lazy(() => import('../accounts').then((m) => m.loadTransferForm()));

const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false });
/** When an entry was made on this phone: its day and time, in the language's words and digits. */
const madeText = (d: Date) => `${formatLongDate(d)}, ${digitsFor(clock.format(d), figureLanguage())}`;

/**
 * The entries saved on this phone and not yet on the server (issue 16), with their amounts: each
 * waits to be sent by itself; one the server refused shows its message, to fix and send again
 * or to discard on purpose. Nothing when the outbox is empty.
 */
export function OutboxList() {
  const messages = useMessages();
  const session = useSession();
  const entries = useOutbox(session.user?.id ?? null);
  const [fixing, setFixing] = useState<OutboxEntry | null>(null);
  const fixingKind = fixing ? kindByName(fixing.kind) : undefined;
  if (entries.length === 0) return null;

  const discard = async (e: OutboxEntry) => {
    if (!window.confirm(messages.outboxDiscardConfirm.replace('{title}', tr(e.title)))) return;
    await removeOutbox(e.key);
    void notify('success', messages.outboxDiscarded);
  };

  return (
    <section id="outbox" className="mt-8 rounded-box border border-warning p-3" aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="text-lg font-semibold">
        {messages.outboxTitle}
      </h2>
      <p className="text-sm text-muted">{messages.outboxIntro}</p>
      <DataTable
        columns={[
          { key: 'made', header: messages.made, nowrap: true, cell: (e) => madeText(new Date(e.madeAt)) },
          { key: 'form', header: messages.form, cell: (e) => tr(e.title) },
          { key: 'name', header: messages.name, cell: (e) => entrySummary(asEntry(e)).subject },
          { key: 'amount', header: messages.amount, numeric: true, cell: (e) => entrySummary(asEntry(e)).amount },
          {
            key: 'state',
            header: messages.state,
            cell: (e) =>
              e.status === 'refused' ? (
                <span className="text-error" role="status">
                  {messages.outboxRefusedState}: {refusalTextOf({ ...e.refusal, message: e.message })}
                </span>
              ) : (
                messages.outboxWaitingState
              ),
          },
        ]}
        rows={entries}
        rowKey={(e) => e.key}
        rowTestId="outbox-row"
        actions={(e) =>
          e.status === 'refused' ? (
            <div className="flex flex-wrap justify-end gap-1">
              <button type="button" className="btn btn-primary btn-xs" onClick={() => setFixing(e)} {...preloadOnApproach}>
                {messages.outboxFix}
              </button>
              <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => void discard(e)}>
                {messages.outboxDiscard}
              </button>
            </div>
          ) : null
        }
      />
      <Modal
        title={fixingKind?.title ?? TRANSFER_TITLE}
        open={fixing !== null && (fixingKind !== undefined || fixing.kind === TRANSFER_KIND)}
        onClose={() => setFixing(null)}
      >
        {fixing && fixingKind ? <EntryForm key={fixing.key} kind={fixingKind} draft={fixing} onDone={() => setFixing(null)} /> : null}
        {fixing?.kind === TRANSFER_KIND ? (
          <Suspense fallback={<span className="loading loading-spinner" />}>
            <TransferForm key={fixing.key} draft={fixing} onDone={() => setFixing(null)} />
          </Suspense>
        ) : null}
      </Modal>
    </section>
  );
}

/** As a list reads an entry; a transfer by its two accounts and its amount. */
const asEntry = (e: OutboxEntry) =>
  (e.kind === TRANSFER_KIND ? { name: (e.names ?? []).map(tr).join(' → '), paid_amount: e.body.amount } : { ...e.body, kind: e.kind }) as unknown as Entry;
