import { useDeferredValue, useState } from 'react';
import { messages } from '../../shared/messages';
import { nextRole } from '../../shared/logged-in-user';
import { SearchBox } from '../components/ui/search-box';
import { DataTable, TwoLines } from '../components/table/data-table';
import { usePromote, useUsers } from '../features/users/api';
import { saveWithToast } from '../lib/notify';

export function meta() {
  return [{ title: 'Admins & Users · AMA Metal & Wire Industries' }];
}

const roleLabel = { user: 'User', acounts: 'Accounts', admin: 'Admin' } as const;

export default function LoggedInUsersPage() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const users = useUsers(deferred);
  const promote = usePromote();

  const onPromote = (id: string, role: 'acounts' | 'admin') =>
    saveWithToast(() => promote.mutateAsync({ id, role }), role === 'admin' ? messages.madeAdmin : messages.madeAccounts);

  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-2xl font-bold">Admins &amp; Users</h1>
      <SearchBox value={search} onChange={setSearch} placeholder="Search by name or email" />
      {users.isError ? (
        <p role="alert" className="mt-4 text-error">
          {users.error.message}
        </p>
      ) : null}
      {users.isPending ? <p className="mt-4">{messages.loading}</p> : null}
      {users.data ? (
        <DataTable
          className="mt-4"
          columns={[
            { key: 'name', header: 'Name', cell: (u) => <TwoLines main={u.name} sub={u.email} breakAll /> },
            { key: 'role', header: 'Role', cell: (u) => roleLabel[u.role] },
          ]}
          rows={users.data}
          rowKey={(u) => u.id}
          rowTestId="user-row"
          actionsHeader="Action"
          actions={(u) => {
            const next = nextRole[u.role];
            return next ? (
              <button type="button" className="btn btn-sm btn-primary" disabled={promote.isPending} onClick={() => onPromote(u.id, next)}>
                {next === 'admin' ? 'Make Admin' : 'Make Accounts'}
              </button>
            ) : null;
          }}
          empty="No accounts match."
        />
      ) : null}
    </main>
  );
}
