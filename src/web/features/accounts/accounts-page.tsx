import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { type AccountInput, accountInputSchema, accountTypes } from '../../../shared/accounts';
import { messages as english } from '../../../shared/messages';
import { formatTaka, toUnits, units } from '../../../shared/money';
import { FormNotice, TextField } from '../../components/form/text-field';
import { DataTable } from '../../components/table/data-table';
import { Modal } from '../../components/ui/modal';
import { errorText } from '../../lib/error-text';
import { type WordsOf, tr, useTexts } from '../../lib/i18n';
import { notify } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { type Account, type Transfer, useAccounts, useSaveAccount, useTransfers } from './api';
import { TransferForm } from './transfer-form';
import { EntryActions } from '../books';
import { dateText, figureLanguage, formatCell } from '../../lib/format';
import { checkedBy } from '../../lib/form-check';
import { accountTexts } from './texts';

// The money accounts page (issue 28): every account with its balance, the total that is the
// header's Balance; an admin adds bank accounts and wallets, renames them, archives an empty one
// and brings it back. There is no delete: entries keep pointing at their account. The accounts
// staff move money between them (Transfer) and see the latest transfers, voided and corrected there.

const typeLabel = (m: WordsOf<typeof accountTexts>, type: string) =>
  type === 'bank' ? m.accountTypeBank : type === 'mobile' ? m.accountTypeMobile : m.accountTypeCash;
const taka = (balance: number) => formatTaka(toUnits(balance, units.money), figureLanguage());
const details = (a: Account) => [a.bank, a.branch, a.number].filter(Boolean).join(' · ');

export function AccountsPage() {
  const m = useTexts(accountTexts);
  const accounts = useAccounts();
  const admin = useSession().user?.role === 'admin';
  const save = useSaveAccount();
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const [moving, setMoving] = useState<{ correcting?: Transfer } | null>(null);
  const open = (accounts.data ?? []).filter((a) => !a.archived);
  const total = open.reduce((sum, a) => sum + toUnits(a.balance, units.money), 0);
  const archive = (a: Account, archived: boolean) =>
    save.mutate(
      { id: a.id, body: { archived } },
      { onSuccess: () => void notify('success', m.accountSaved), onError: (e) => void notify('error', errorText(e)) },
    );

  return (
    <section>
      <h1 className="text-2xl font-bold">{m.accountsTitle}</h1>
      <p className="mt-1 text-sm text-muted">{m.accountsIntro}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" onClick={() => setMoving({})} disabled={!accounts.data}>
          {m.transfer}
        </button>
        {admin ? (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing('new')}>
            {m.addAccount}
          </button>
        ) : null}
      </div>
      {accounts.isError ? <FormNotice kind="error">{errorText(accounts.error)}</FormNotice> : null}
      <DataTable
        className="mt-4"
        rowTestId="account-row"
        columns={[
          // Cash in hand is the migration's own name: shown in the reader's language until renamed.
          { key: 'name', header: m.accountName, cell: (a: Account) => (a.name === english.cashInHand ? m.cashInHand : a.name), total: null },
          { key: 'type', header: m.accountType, cell: (a: Account) => (a.archived ? `${typeLabel(m, a.type)} (${m.archivedAccount})` : typeLabel(m, a.type)) },
          { key: 'details', header: m.accountNumber, cell: details },
          {
            key: 'balance',
            header: m.balanceLabel.replace(/[:\s]+$/, ''),
            numeric: true,
            nowrap: true,
            cell: (a: Account) => taka(a.balance),
            total: formatTaka(total, figureLanguage()),
          },
        ]}
        rows={accounts.data ?? []}
        rowKey={(a) => a.id}
        rowClassName={(a) => (a.archived ? 'text-muted' : '')}
        totals={{ label: m.accountsTotal, testId: 'accounts-total' }}
        actions={
          admin
            ? (a) => (
                <span className="flex gap-1">
                  <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing(a)} aria-label={`${m.editAccount}: ${a.name}`}>
                    {m.edit}
                  </button>
                  {a.type === 'cash' && a.id === 1 ? null : (
                    <button type="button" className="btn btn-ghost btn-xs" disabled={save.isPending} onClick={() => archive(a, !a.archived)}>
                      {a.archived ? m.reopenAccount : m.archiveAccount}
                    </button>
                  )}
                </span>
              )
            : undefined
        }
        empty={accounts.data ? null : m.loading}
      />
      <Modal title={editing === 'new' ? m.addAccount : m.editAccount} open={editing !== null} onClose={() => setEditing(null)}>
        {editing !== null ? <AccountForm account={editing === 'new' ? null : editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
      <Modal title={moving?.correcting ? m.correctTransfer : m.transferFormTitle} open={moving !== null} onClose={() => setMoving(null)}>
        {moving !== null ? <TransferForm correcting={moving.correcting} onDone={() => setMoving(null)} /> : null}
      </Modal>
      <TransferList accounts={accounts.data ?? []} onCorrect={(t) => setMoving({ correcting: t })} />
    </section>
  );
}

/** Add an account (its type, then what that type needs) or change one (its type stays). */
function AccountForm({ account, onDone }: { account: Account | null; onDone: () => void }) {
  const m = useTexts(accountTexts);
  const save = useSaveAccount();
  const form = useForm<AccountInput>({
    resolver: checkedBy(accountInputSchema),
    defaultValues: account
      ? { name: account.name, type: account.type, bank: account.bank ?? '', branch: account.branch ?? '', number: account.number ?? '' }
      : { name: '', type: 'bank', bank: '', branch: '', number: '' },
  });
  const type = form.watch('type');
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit((v) => {
    const body: Record<string, unknown> = { name: v.name, bank: v.bank ?? '', branch: v.branch ?? '', number: v.number ?? '' };
    if (!account) body.type = v.type;
    save.mutate(
      { ...(account ? { id: account.id } : {}), body },
      {
        onSuccess: () => {
          void notify('success', m.accountSaved);
          onDone();
        },
      },
    );
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3">
      {account ? null : (
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{m.accountType}</span>
          <select className="select w-full" {...form.register('type')}>
            {accountTypes
              .filter((t) => t !== 'cash')
              .map((t) => (
                <option key={t} value={t}>
                  {typeLabel(m, t)}
                </option>
              ))}
          </select>
        </label>
      )}
      <TextField label={m.accountName} registration={form.register('name')} error={errors.name} autoComplete="off" />
      {type === 'bank' ? (
        <>
          <TextField label={m.accountBank} registration={form.register('bank')} error={errors.bank} autoComplete="off" />
          <TextField label={m.accountBranch} registration={form.register('branch')} error={errors.branch} autoComplete="off" />
        </>
      ) : null}
      {type !== 'cash' ? (
        <TextField
          label={type === 'mobile' ? m.accountWalletNumber : m.accountNumber}
          registration={form.register('number')}
          error={errors.number}
          inputMode={type === 'mobile' ? 'tel' : 'text'}
          autoComplete="off"
        />
      ) : null}
      {save.isError ? <FormNotice kind="error">{errorText(save.error)}</FormNotice> : null}
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {m.save}
      </button>
    </form>
  );
}

/** The latest transfers: from, to, amount, fee; each voided or corrected where it is listed. */
function TransferList({ accounts, onCorrect }: { accounts: Account[]; onCorrect: (t: Transfer) => void }) {
  const m = useTexts(accountTexts);
  const transfers = useTransfers();
  const nameOf = (id: number) => tr(accounts.find((a) => a.id === id)?.name ?? `#${id}`);
  return (
    <>
      <h2 className="mt-8 text-xl font-semibold">{m.transfersTitle}</h2>
      {transfers.isError ? <FormNotice kind="error">{errorText(transfers.error)}</FormNotice> : null}
      <DataTable
        className="mt-2"
        rowTestId="transfer-row"
        columns={[
          { key: 'date', header: m.date, nowrap: true, cell: (t: Transfer) => dateText(t.issue_date) },
          { key: 'from', header: m.transferFrom, cell: (t) => nameOf(t.from_account_id) },
          { key: 'to', header: m.transferTo, cell: (t) => nameOf(t.to_account_id) },
          { key: 'amount', header: m.amount, numeric: true, cell: (t) => formatCell(t.amount, 'money') },
          { key: 'fee', header: m.transferFee, numeric: true, cell: (t) => (t.fee ? formatCell(t.fee, 'money') : '') },
          { key: 'note', header: m.note, cell: (t) => t.note },
        ]}
        rows={transfers.data ?? []}
        rowKey={(t) => t.id}
        rowClassName={(t) => (t.voided ? 'line-through text-muted' : '')}
        actions={(t) => (
          <span className="inline-flex flex-wrap items-center justify-end gap-1">
            {t.voided ? null : (
              <button type="button" className="no-print btn btn-ghost btn-xs" onClick={() => onCorrect(t)}>
                {m.correct}
              </button>
            )}
            <EntryActions entry={{ ...t, title: t.kind, name: `${nameOf(t.from_account_id)} → ${nameOf(t.to_account_id)}`, paid_amount: t.amount }} />
          </span>
        )}
        empty={transfers.data ? m.noTransfers : null}
      />
    </>
  );
}
