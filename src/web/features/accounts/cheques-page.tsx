import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ChequeState, chequeStates } from '../../../shared/cheque-states';
import { fill } from '../../../shared/messages';
import { FormNotice } from '../../components/form/text-field';
import { DataTable, type TableColumn } from '../../components/table/data-table';
import { errorText } from '../../lib/error-text';
import { dateText, formatCell } from '../../lib/format';
import { tr, useTexts } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { type Cheque, chequesQuery, useAccounts, useChequeAction } from './api';
import { chequeTexts } from './texts';

// The cheques (issue 28 part 4, docs/decisions/0035-cheques.md): received and issued, by state,
// soonest due first, each with the actions its state allows: deposit (into a bank account, or an
// issued one presented), cleared, bounced (with the reason), cancel. A phone shows each as a card.

type Words = ReturnType<typeof useTexts<keyof (typeof chequeTexts)['en'] & string>>;
type Action = 'deposit' | 'clear' | 'bounce' | 'cancel';

const stateWord = (m: Words, s: ChequeState) =>
  ({
    in_hand: m.chequeStateInHand,
    deposited: m.chequeStateDeposited,
    cleared: m.chequeStateCleared,
    bounced: m.chequeStateBounced,
    cancelled: m.chequeStateCancelled,
  })[s];

/** What a cheque in its state may do next (the server's rule, decision 0035). */
function actionsOf(c: Cheque): Action[] {
  if (c.state === 'in_hand') return c.direction === 'received' ? ['deposit', 'cancel'] : ['deposit', 'clear', 'bounce', 'cancel'];
  return c.state === 'deposited' ? ['clear', 'bounce'] : [];
}

export function ChequesPage() {
  const m = useTexts(chequeTexts);
  const [state, setState] = useState<ChequeState>('in_hand');
  const q = useQuery(chequesQuery(state));
  const [asking, setAsking] = useState<{ cheque: Cheque; action: Action } | null>(null);
  const act = useChequeAction();
  const run = (cheque: Cheque, action: Action, body: Record<string, unknown> = {}) =>
    act.mutate(
      { id: cheque.id, action, body },
      {
        onSuccess: () => {
          setAsking(null);
          void notify('success', m.chequeDone);
        },
        onError: (e) => void notify('error', errorText(e)),
      },
    );
  const start = (cheque: Cheque, action: Action) => {
    // Clearing, and an issued cheque presented, need nothing more; the rest ask first.
    if (action === 'clear' || (action === 'deposit' && cheque.direction === 'issued')) run(cheque, action);
    else setAsking({ cheque, action });
  };
  const buttonWord = (c: Cheque, a: Action) =>
    ({ deposit: c.direction === 'issued' ? m.chequePresented : m.chequeDeposit, clear: m.chequeClear, bounce: m.chequeBounce, cancel: m.chequeCancel })[a];

  const columns: TableColumn<Cheque>[] = [
    { key: 'party', header: m.chequeParty, cell: (c) => <span className="break-words">{c.name ?? '—'}</span> },
    { key: 'due', header: m.chequeDue, nowrap: true, cell: (c) => dateText(c.cheque_date) },
    { key: 'amount', header: m.chequeAmount, numeric: true, cell: (c) => formatCell(c.amount, 'money') },
    { key: 'direction', header: m.chequeDirection, cell: (c) => (c.direction === 'received' ? m.chequeReceived : m.chequeIssued) },
    {
      key: 'cheque',
      header: m.chequeNo,
      cell: (c) => (
        <span className="break-words">
          {c.cheque_no} · {c.cheque_bank}
        </span>
      ),
    },
    {
      key: 'account',
      header: m.chequeAccount,
      cell: (c) => (
        <span className="break-words">
          {c.account_name ? tr(c.account_name) : '—'}
          {c.reason ? <span className="block text-sm text-warning">{fill(m.chequeReturnedBecause, { reason: c.reason })}</span> : null}
        </span>
      ),
    },
  ];

  return (
    <section className="min-w-0">
      <h1 className="text-2xl font-bold">{m.chequesTitle}</h1>
      <p className="mt-1 text-sm text-muted">{m.chequesIntro}</p>
      <div className="mt-4 flex flex-wrap gap-2" role="tablist" aria-label={m.chequesTitle}>
        {chequeStates.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={s === state}
            className={`btn btn-sm ${s === state ? 'btn-primary' : 'btn-outline'}`}
            onClick={() => {
              setState(s);
              setAsking(null);
            }}
          >
            {stateWord(m, s)}
          </button>
        ))}
      </div>
      {asking ? (
        <AskPanel m={m} asking={asking} busy={act.isPending} onBack={() => setAsking(null)} onConfirm={(body) => run(asking.cheque, asking.action, body)} />
      ) : null}
      {q.isError ? <FormNotice kind="error">{errorText(q.error)}</FormNotice> : null}
      <DataTable
        className="mt-4"
        label={m.chequesTitle}
        columns={columns}
        rows={q.data ?? []}
        rowKey={(c) => c.id}
        rowTestId="cheque-row"
        empty={q.isLoading ? '…' : m.chequeNone}
        actions={(c) => (
          <div className="flex flex-wrap gap-1">
            {actionsOf(c).map((a) => (
              <button key={a} type="button" className="btn btn-xs btn-outline" disabled={act.isPending} onClick={() => start(c, a)}>
                {buttonWord(c, a)}
              </button>
            ))}
          </div>
        )}
      />
    </section>
  );
}

/** Deposit into which bank account; why it bounced; why it is cancelled. */
function AskPanel({
  m,
  asking,
  busy,
  onBack,
  onConfirm,
}: {
  m: Words;
  asking: { cheque: Cheque; action: Action };
  busy: boolean;
  onBack: () => void;
  onConfirm: (body: Record<string, unknown>) => void;
}) {
  const banks = (useAccounts().data ?? []).filter((a) => a.type === 'bank' && !a.archived);
  const [account, setAccount] = useState('');
  const [reason, setReason] = useState('');
  const { cheque, action } = asking;
  const id = `cheque-${action}-${cheque.id}`;
  const body = action === 'deposit' ? { account_id: account || banks[0]?.id } : { reason };
  return (
    <form
      className="mt-4 grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-[1fr_auto]"
      data-testid="cheque-ask"
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm(body);
      }}
    >
      <label className="flex min-w-0 flex-col gap-1" htmlFor={id}>
        <span className="text-sm font-medium">
          {action === 'deposit' ? m.chequeAccount : action === 'bounce' ? m.chequeBounceReason : m.chequeCancelReason} — {cheque.cheque_no} ·{' '}
          {formatCell(cheque.amount, 'money')}
        </span>
        {action === 'deposit' ? (
          <select id={id} className="select w-full" value={account} onChange={(e) => setAccount(e.target.value)}>
            {banks.map((a) => (
              <option key={a.id} value={String(a.id)}>
                {a.name}
              </option>
            ))}
          </select>
        ) : (
          <input id={id} className="input w-full" value={reason} onChange={(e) => setReason(e.target.value)} autoComplete="off" />
        )}
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {m.chequeConfirm}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onBack}>
          {m.chequeBack}
        </button>
      </div>
    </form>
  );
}
