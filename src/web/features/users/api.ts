import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { LoggedInUser } from '../../../shared/logged-in-user';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { usersKey } from '../../lib/query-keys';

// The /loggedInUsers calls of spec §7 as queries and mutations.
export const usersQuery = (search: string) =>
  queryOptions({
    queryKey: [...usersKey, search],
    queryFn: () => api<{ data: LoggedInUser[] }>('GET', `/api/loggedInUsers${search ? `?s=${encodeURIComponent(search)}` : ''}`).then((r) => r.data),
  });

export function useUsers(search: string) {
  return useQuery(usersQuery(search));
}

export function usePromote() {
  return useMutation({
    mutationFn: ({ id, role }: { id: string; role: 'acounts' | 'admin' }) =>
      api<{ data: LoggedInUser }>('PUT', `/api/loggedInUsers/admin/${encodeURIComponent(id)}`, { role }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
