import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { accountChangesAnswerSchema } from '../../../shared/api-schemas';
import type { LoggedInUser } from '../../../shared/logged-in-user';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { usersKey } from '../../lib/query-keys';

// The /loggedInUsers calls of spec §7 as queries and mutations, and taking access back (issue 32).
export const usersQuery = (search: string) =>
  queryOptions({
    queryKey: [...usersKey, search],
    queryFn: () => api<{ data: LoggedInUser[] }>('GET', `/api/loggedInUsers${search ? `?s=${encodeURIComponent(search)}` : ''}`).then((r) => r.data),
  });

export function useUsers(search: string) {
  return useQuery(usersQuery(search));
}

export type AccountChange = z.infer<typeof accountChangesAnswerSchema>['data'][number];

/** The latest changes to accounts, newest first (under the same key: every change refreshes it). */
export function useAccountChanges() {
  return useQuery({
    queryKey: [...usersKey, 'changes'],
    queryFn: () => api<{ data: AccountChange[] }>('GET', '/api/loggedInUsers/changes').then((r) => r.data),
  });
}

/** What an admin may change of an account: a role one step up or down, or whether it can sign in. */
export type AccountAction =
  | { id: string; do: 'promote'; role: 'acounts' | 'admin' }
  | { id: string; do: 'demote'; role: 'acounts' | 'user' }
  | { id: string; do: 'stop' }
  | { id: string; do: 'resume' };

export function useAccountAction() {
  return useMutation({
    mutationFn: (a: AccountAction) => {
      const id = encodeURIComponent(a.id);
      if (a.do === 'promote') return api<{ data: LoggedInUser }>('PUT', `/api/loggedInUsers/admin/${id}`, { role: a.role });
      return api<{ data: LoggedInUser }>('POST', `/api/loggedInUsers/${id}/${a.do}`, a.do === 'demote' ? { role: a.role } : {});
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
