import { useDeferredValue, useState } from 'react';
import { messages } from '../../shared/messages';
import { nextRole } from '../../shared/logged-in-user';
import { SearchBox } from '../components/ui/search-box';
import { TableFrame } from '../components/ui/table-frame';
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

  const onPromote = (id: string, role: 'acounts' | 'admin') => saveWithToast(() => promote.mutateAsync({ id, role }), role === 'admin' ? messages.madeAdmin : messages.madeAccounts);

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
        <TableFrame className="mt-4">
            <thead>
              <tr>
                <th>Name</th>
                <th>Role</th>
                <th className="text-right">Action</th>
              </tr>
            </thead>
            <tbody>
              {users.data.length === 0 ? (
                <tr>
                  <td colSpan={3}>No accounts match.</td>
                </tr>
              ) : null}
              {users.data.map((u) => {
                const next = nextRole[u.role];
                return (
                  <tr key={u.id} data-testid="user-row">
                    <td>
                      <div className="font-medium">{u.name}</div>
                      <div className="text-xs opacity-70 break-all">{u.email}</div>
                    </td>
                    <td>{roleLabel[u.role]}</td>
                    <td className="text-right">
                      {next ? (
                        <button type="button" className="btn btn-sm btn-primary" disabled={promote.isPending} onClick={() => onPromote(u.id, next)}>
                          {next === 'admin' ? 'Make Admin' : 'Make Accounts'}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
        </TableFrame>
      ) : null}
    </main>
  );
}
