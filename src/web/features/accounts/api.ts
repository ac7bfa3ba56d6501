import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AccountAnswer } from '../../../shared/api-schemas';
import { api } from '../../lib/api';
import { accountsKey } from '../../lib/query-keys';
import { queryClient } from '../../lib/query-client';
import { refreshSummary } from '../../lib/summary';

// Money accounts (GET/POST/PUT /api/accounts): Cash in hand, bank accounts, mobile wallets.

export type Account = AccountAnswer;

export const accountsQuery = queryOptions({
  queryKey: accountsKey,
  queryFn: () => api<{ data: Account[] }>('GET', '/api/accounts').then((r) => r.data),
});

export function useAccounts(enabled = true) {
  return useQuery({ ...accountsQuery, enabled });
}

export function useSaveAccount() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id === undefined ? api<{ data: Account }>('POST', '/api/accounts', body) : api<{ data: Account }>('PUT', `/api/accounts/${id}`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: accountsKey });
      await refreshSummary();
    },
  });
}

// Each person's last account chosen in an entry form, kept on this browser: the next form starts with it.
const lastKey = (userId: string) => `ama-last-account:${userId}`;

export function lastAccount(userId: string | undefined): string {
  if (!userId) return '';
  try {
    return localStorage.getItem(lastKey(userId)) ?? '';
  } catch {
    return '';
  }
}

export function rememberAccount(userId: string | undefined, accountId: string): void {
  if (!userId) return;
  try {
    localStorage.setItem(lastKey(userId), accountId);
  } catch {
    // Not kept (storage refused): the next form starts with Cash.
  }
}
