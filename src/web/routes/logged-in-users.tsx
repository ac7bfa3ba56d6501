import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { type Messages, fill } from '../../shared/messages';
import { todayIn } from '../../shared/dates';
import { tr, useMessages } from '../lib/i18n';
import { type LoggedInUser, nextRole, previousRole } from '../../shared/logged-in-user';
import { SearchBox } from '../components/ui/search-box';
import { Modal } from '../components/ui/modal';
import { DataTable, TwoLines } from '../components/table/data-table';
import { type AccountAction, type AccountChange, useAccountAction, useAccountChanges, useUsers } from '../features/users/api';
import { saveWithToast } from '../lib/notify';
import { titleIn } from '../lib/title';
import { errorText } from '../lib/error-text';
import { dateText } from '../lib/format';
import { configQuery } from '../lib/config';
import { useSession } from '../lib/session';

export function meta() {
  return [{ title: titleIn('Admins & Users · AMA Metal & Wire Industries') }];
}

const roleLabel = (m: Messages) => ({ user: m.roleUser, acounts: m.roleAccounts, admin: m.roleAdmin });

/** The day of an instant in the factory's time zone, as people read it. */
const dayOf = (at: string, timeZone: string) => dateText(todayIn(timeZone, new Date(at)));

/** Accounts and their roles: an admin moves a role a step up or down, stops or resumes an account, and sees every change. */
export default function LoggedInUsersPage() {
  const m = useMessages();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const users = useUsers(deferred);
  const changes = useAccountChanges();
  const timeZone = useQuery(configQuery).data?.timeZone ?? 'Asia/Dhaka';
  const action = useAccountAction();
  const [stopping, setStopping] = useState<LoggedInUser | null>(null);
  // One's own account is not stopped from here (the server refuses it too): another admin does it.
  const me = useSession().user?.id;

  const toast = (a: AccountAction) => {
    if (a.do === 'stop') return m.accountStoppedToast;
    if (a.do === 'resume') return m.accountResumedToast;
    return a.role === 'admin' ? m.madeAdmin : a.role === 'acounts' ? m.madeAccounts : m.madeUser;
  };
  const act = (a: AccountAction) => saveWithToast(() => action.mutateAsync(a), toast(a));
  const stepLabel = (role: 'acounts' | 'admin' | 'user') => (role === 'admin' ? m.makeAdmin : role === 'acounts' ? m.makeAccounts : m.makeUser);

  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">{tr('Admins & Users')}</h1>
      <SearchBox value={search} onChange={setSearch} placeholder={m.searchNameEmail} />
      {users.isError ? (
        <p role="alert" className="mt-4 text-error">
          {errorText(users.error)}
        </p>
      ) : null}
      {users.isPending ? <p className="mt-4">{m.loading}</p> : null}
      {users.data ? (
        <DataTable
          className="mt-4"
          columns={[
            { key: 'name', header: m.name, cell: (u) => <TwoLines main={u.name} sub={u.email} breakAll /> },
            { key: 'role', header: m.role, cell: (u) => roleLabel(m)[u.role] },
            {
              key: 'status',
              header: m.accountStatus,
              cell: (u) =>
                u.stopped_at ? (
                  <span className="badge badge-warning badge-sm h-auto whitespace-normal">
                    {fill(m.accountStoppedOn, { date: dayOf(u.stopped_at, timeZone), who: u.stopped_by ?? '' })}
                  </span>
                ) : (
                  m.accountActive
                ),
            },
          ]}
          rows={users.data}
          rowKey={(u) => u.id}
          rowTestId="user-row"
          actionsHeader={m.action}
          actions={(u) => {
            const up = nextRole[u.role];
            const down = previousRole[u.role];
            return (
              <span className="inline-flex flex-wrap justify-end gap-1">
                {up ? (
                  <Act className="btn-primary" label={stepLabel(up)} busy={action.isPending} onClick={() => act({ id: u.id, do: 'promote', role: up })} />
                ) : null}
                {down ? (
                  <Act className="btn-outline" label={stepLabel(down)} busy={action.isPending} onClick={() => act({ id: u.id, do: 'demote', role: down })} />
                ) : null}
                {u.stopped_at ? (
                  <Act className="btn-outline" label={m.resumeAccount} busy={action.isPending} onClick={() => act({ id: u.id, do: 'resume' })} />
                ) : u.id === me ? null : (
                  <Act className="btn-outline btn-error" label={m.stopAccount} busy={action.isPending} onClick={() => setStopping(u)} />
                )}
              </span>
            );
          }}
          empty={m.noAccountsMatch}
        />
      ) : null}
      <Modal title={fill(m.stopWho, { name: stopping?.name ?? '' })} open={stopping !== null} onClose={() => setStopping(null)}>
        {stopping ? (
          <div className="flex flex-col gap-4">
            <p>{fill(m.stopExplained, { name: stopping.name })}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn" onClick={() => setStopping(null)}>
                {m.cancel}
              </button>
              <button
                type="button"
                className="btn btn-error"
                disabled={action.isPending}
                onClick={async () => {
                  if (await act({ id: stopping.id, do: 'stop' })) setStopping(null);
                }}
              >
                {m.stopConfirm}
              </button>
            </div>
          </div>
        ) : null}
      </Modal>
      {/* Drawn once the accounts above are: drawn before them, it would move down when they arrive. */}
      {users.data ? (
        <section className="mt-8" aria-labelledby="account-changes">
          <h2 id="account-changes" className="text-lg font-semibold">
            {m.accountChanges}
          </h2>
          <DataTable
            className="mt-2"
            columns={[
              { key: 'when', header: m.changeWhen, nowrap: true, cell: (c) => dayOf(c.at, timeZone) },
              { key: 'account', header: m.changeAccount, cell: (c) => <TwoLines main={c.name} sub={c.email} breakAll /> },
              { key: 'what', header: m.changeWhat, cell: (c) => changeText(m, c) },
              { key: 'by', header: m.changeBy, cell: (c) => c.by },
            ]}
            // The search narrows the changes too: the history of the accounts looked for.
            rows={(changes.data ?? []).filter((c) => !deferred || `${c.name} ${c.email}`.toLowerCase().includes(deferred.toLowerCase()))}
            rowKey={(c) => `${c.at} ${c.email} ${c.action}`}
            rowTestId="account-change"
            empty={changes.data ? m.noAccountChanges : null}
          />
        </section>
      ) : null}
    </main>
  );
}

/** One of an account's action buttons. */
function Act({ className, label, busy, onClick }: { className: string; label: string; busy: boolean; onClick: () => void }) {
  return (
    <button type="button" className={`btn btn-sm ${className}`} disabled={busy} onClick={onClick}>
      {label}
    </button>
  );
}

function changeText(m: Messages, c: AccountChange): string {
  if (c.action === 'stop') return m.changeStopped;
  if (c.action === 'resume') return m.changeResumed;
  const label = roleLabel(m);
  return fill(m.changeRole, { from: c.from ? label[c.from] : '', to: c.to ? label[c.to] : '' });
}
