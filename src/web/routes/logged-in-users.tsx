import { useDeferredValue, useState } from 'react';
import type { Messages } from '../../shared/messages';
import { tr, useMessages } from '../lib/i18n';
import { nextRole } from '../../shared/logged-in-user';
import { SearchBox } from '../components/ui/search-box';
import { DataTable, TwoLines } from '../components/table/data-table';
import { usePromote, useUsers } from '../features/users/api';
import { saveWithToast } from '../lib/notify';
import { titleIn } from '../lib/title';
import { errorText } from '../lib/error-text';

export function meta() {
  return [{ title: titleIn('Admins & Users · AMA Metal & Wire Industries') }];
}

const roleLabel = (m: Messages) => ({ user: m.roleUser, acounts: m.roleAccounts, admin: m.roleAdmin });

export default function LoggedInUsersPage() {
  const m = useMessages();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const users = useUsers(deferred);
  const promote = usePromote();

  const onPromote = (id: string, role: 'acounts' | 'admin') =>
    saveWithToast(() => promote.mutateAsync({ id, role }), role === 'admin' ? m.madeAdmin : m.madeAccounts);

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
          ]}
          rows={users.data}
          rowKey={(u) => u.id}
          rowTestId="user-row"
          actionsHeader={m.action}
          actions={(u) => {
            const next = nextRole[u.role];
            return next ? (
              <button type="button" className="btn btn-sm btn-primary" disabled={promote.isPending} onClick={() => onPromote(u.id, next)}>
                {next === 'admin' ? m.makeAdmin : m.makeAccounts}
              </button>
            ) : null;
          }}
          empty={m.noAccountsMatch}
        />
      ) : null}
    </main>
  );
}
