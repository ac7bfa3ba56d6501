import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { CASH_ACCOUNT_ID } from '../../../shared/accounts';
import { TRANSFER_KIND, TRANSFER_PATH, TRANSFER_TITLE, transferFormSchema } from '../../../shared/transfers';
import { FieldShell, FormNotice, TextField } from '../../components/form/text-field';
import { errorText } from '../../lib/error-text';
import { tr, useTexts } from '../../lib/i18n';
import { newIdempotencyKey } from '../../lib/keys';
import { notify } from '../../lib/notify';
import { type OutboxEntry, outboxAvailable } from '../../lib/outbox-db';
import { useOutboxSave } from '../../lib/outbox-save';
import { useSession } from '../../lib/session';
import { type Account, type Transfer, useAccounts, useSaveTransfer } from './api';
import { checkedBy } from '../../lib/form-check';
import { accountTexts } from './texts';

// A transfer between two money accounts (issue 28 part 3): cash deposited at the bank, money drawn
// from it, a bKash cash-out with its fee. The same form corrects a transfer (its values first).

type Values = { from_account_id: string; to_account_id: string; amount: string; fee: string; note: string; reason: string };

/** The accounts as a select's options, by number, each under its name in the reader's language. */
export function AccountOptions({ accounts }: { accounts: readonly Account[] }) {
  return accounts.map((a) => (
    <option key={a.id} value={String(a.id)}>
      {tr(a.name)}
    </option>
  ));
}

/** A select of accounts: the open ones, and the one a corrected transfer names even if archived since. */
function AccountSelect({
  id,
  label,
  accounts,
  error,
  registration,
}: {
  id: string;
  label: string;
  accounts: Account[];
  error?: string | undefined;
  registration: object;
}) {
  return (
    <FieldShell id={id} label={label} required error={error}>
      <select id={id} className="select w-full" {...registration}>
        <AccountOptions accounts={accounts} />
      </select>
    </FieldShell>
  );
}

/**
 * A new transfer goes through the phone's outbox, as an entry does (kept when the server is not
 * reached, sent later by itself); a correction to the server. `draft`: a refused one being fixed.
 */
type TransferFormProps = { correcting?: Transfer | undefined; draft?: OutboxEntry | undefined; onDone: () => void };

export function TransferForm(props: TransferFormProps) {
  // The form starts from the accounts (its selects' choices and first values): drawn once they are here.
  const accounts = useAccounts();
  return accounts.data ? <TransferFields {...props} accounts={accounts.data} /> : <span className="loading loading-spinner" aria-busy="true" />;
}

function TransferFields({ correcting, draft, onDone, accounts }: TransferFormProps & { accounts: Account[] }) {
  const m = useTexts(accountTexts);
  const save = useSaveTransfer();
  const outbox = useOutboxSave(m.transferSaved);
  const user = useSession().user;
  // One key per form: a second tap, or a retry after a lost answer, records the transfer once.
  const key = useRef(draft?.key ?? newIdempotencyKey());
  // A correction's accounts, or a refused draft's (archived since, say), are shown even if archived.
  const named = new Set([correcting?.from_account_id, correcting?.to_account_id, ...[draft?.body.from_account_id, draft?.body.to_account_id].map(Number)]);
  const shown = accounts.filter((a) => !a.archived || named.has(a.id));
  const firstOther = shown.find((a) => a.id !== CASH_ACCOUNT_ID)?.id;
  const form = useForm<Values>({
    resolver: checkedBy(transferFormSchema, { typed: true }),
    defaultValues: correcting
      ? {
          from_account_id: String(correcting.from_account_id),
          to_account_id: String(correcting.to_account_id),
          amount: String(correcting.amount),
          fee: correcting.fee ? String(correcting.fee) : '',
          note: correcting.note ?? '',
          reason: '',
        }
      : {
          from_account_id: String(CASH_ACCOUNT_ID),
          to_account_id: firstOther ? String(firstOther) : '',
          amount: '',
          fee: '',
          note: '',
          reason: '',
          ...draft?.body,
        },
  });
  const errors = form.formState.errors;
  // The typed text is sent (the server reads taka as typed), not the form's parsed poisha.
  const onSubmit = form.handleSubmit(async (v) => {
    const body: Record<string, string> = { from_account_id: v.from_account_id, to_account_id: v.to_account_id, amount: v.amount, fee: v.fee, note: v.note };
    if (!correcting && user && outboxAvailable()) {
      const typed = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== ''));
      const names = [v.from_account_id, v.to_account_id].map((id) => accounts.find((a) => String(a.id) === id)?.name ?? `#${id}`);
      const item = { key: key.current, userId: user.id, path: TRANSFER_PATH, kind: TRANSFER_KIND, title: TRANSFER_TITLE, body: typed, names };
      if (await outbox.save(item, draft, () => save.mutateAsync({ body: { ...body, idempotency_key: key.current } }))) onDone();
      return;
    }
    save.mutate(
      { ...(correcting ? { correcting: correcting.id } : {}), body: correcting ? { ...body, reason: v.reason } : { ...body, idempotency_key: key.current } },
      {
        onSuccess: () => {
          void notify('success', m.transferSaved);
          onDone();
        },
      },
    );
  });
  const sameAccount = errors.to_account_id?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" data-testid="transfer-form">
      <div className="grid gap-3 sm:grid-cols-2">
        <AccountSelect
          id="f-from_account_id"
          label={m.transferFrom}
          accounts={shown}
          error={errors.from_account_id?.message}
          registration={form.register('from_account_id')}
        />
        <AccountSelect id="f-to_account_id" label={m.transferTo} accounts={shown} error={sameAccount} registration={form.register('to_account_id')} />
        <TextField label={m.amount} registration={form.register('amount')} error={errors.amount} inputMode="decimal" autoComplete="off" />
        <TextField label={`${m.transferFee}${m.optional}`} registration={form.register('fee')} error={errors.fee} inputMode="decimal" autoComplete="off" />
      </div>
      <p className="text-xs text-muted">{m.transferFeeHint}</p>
      <TextField label={`${m.note}${m.optional}`} registration={form.register('note')} error={errors.note} autoComplete="off" />
      {correcting ? <TextField label={`${m.reason}${m.optional}`} registration={form.register('reason')} error={errors.reason} autoComplete="off" /> : null}
      {save.isError ? <FormNotice kind="error">{errorText(save.error)}</FormNotice> : null}
      <button type="submit" className="btn btn-primary" disabled={save.isPending || outbox.sending}>
        {m.save}
      </button>
    </form>
  );
}
