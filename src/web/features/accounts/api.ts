import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AccountAnswer, CashbookAnswer, ChequeAnswer, TransferAnswer } from '../../../shared/api-schemas';
import type { DayCloseAnswer } from '../../../shared/day-close';
import { TRANSFER_PATH } from '../../../shared/transfer-names';
import { api } from '../../lib/api';
import { accountsKey, booksKey } from '../../lib/query-keys';
import { queryClient } from '../../lib/query-client';
import { refreshSummary } from '../../lib/summary';
import { rangeBounds } from '../../lib/range-label';

// Money accounts (GET/POST/PUT /api/accounts): Cash in hand, bank accounts, mobile wallets.

export type Account = AccountAnswer;

export const accountsQuery = queryOptions({
  queryKey: accountsKey,
  queryFn: () => api<{ data: Account[] }>('GET', '/api/accounts').then((r) => r.data),
  // Asked even when the browser says it is offline: the service worker may have the list (issue 32 item 3).
  networkMode: 'offlineFirst',
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

// Transfers between the accounts (POST/GET /api/transfers; void and correct through the entries'
// routes) and an account's cash book (GET /api/cashbook). Both under `books`: every save and void refreshes them.
export type Transfer = TransferAnswer;
export type CashBook = CashbookAnswer;
export type CashBookRow = CashBook['rows'][number];

const transfersKey = [...booksKey, 'transfers'] as const;

export const transfersQuery = queryOptions({
  queryKey: transfersKey,
  queryFn: () => api<{ data: Transfer[] }>('GET', '/api/transfers?limit=100').then((r) => r.data),
});

export function useTransfers() {
  return useQuery(transfersQuery);
}

/** A new transfer, or (`correcting`) the transfer that replaces one, with an optional reason. */
export function useSaveTransfer() {
  return useMutation({
    mutationFn: ({ correcting, body }: { correcting?: number; body: Record<string, unknown> }) =>
      correcting === undefined
        ? api<{ data: Transfer }>('POST', `/api/${TRANSFER_PATH}`, body)
        : api<{ data: Transfer }>('POST', `/api/entries/${correcting}/correct`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: booksKey });
      await refreshSummary();
    },
  });
}

/** The cash book of an account over a range (the server's defaults: Cash in hand, today). */
export function cashbookQuery(accountId: string | null, range: { from?: string | undefined; to?: string | undefined }, limit: number) {
  const query = [accountId ? `account_id=${accountId}` : '', ...rangeBounds(range), `limit=${limit}`].filter(Boolean).join('&');
  return queryOptions({
    queryKey: [...booksKey, 'cashbook', accountId ?? '', range.from ?? '', range.to ?? '', limit],
    queryFn: () => api<{ data: CashBook }>('GET', `/api/cashbook?${query}`).then((r) => r.data),
    placeholderData: (previous) => previous,
  });
}

// The day's close (POST/GET /api/day-close, POST /api/day-close/:id/reopen): under `books`, since a
// close writes its difference entry and moves the cash book.
export type DayClose = DayCloseAnswer;

export function dayClosesQuery(accountId: string) {
  return queryOptions({
    queryKey: [...booksKey, 'day-close', accountId],
    queryFn: () => api<{ data: DayClose[] }>('GET', `/api/day-close?account_id=${accountId}`).then((r) => r.data),
  });
}

export function useDayClose() {
  return useMutation({
    mutationFn: ({ reopen, body }: { reopen?: number; body: Record<string, unknown> }) =>
      reopen === undefined ? api<{ data: DayClose }>('POST', '/api/day-close', body) : api<{ data: DayClose }>('POST', `/api/day-close/${reopen}/reopen`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: booksKey });
      await refreshSummary();
    },
  });
}

// Cheques (GET /api/cheques, POST /api/cheques/:id/{deposit,clear,bounce,cancel}): under `books`,
// since clearing and returning write entries and move the accounts.
export type Cheque = ChequeAnswer;

export function chequesQuery(states: string, dueTo?: string) {
  const query = [`state=${states}`, dueTo ? `due_to=${dueTo}` : ''].filter(Boolean).join('&');
  return queryOptions({
    queryKey: [...booksKey, 'cheques', states, dueTo ?? ''],
    queryFn: () => api<{ data: Cheque[] }>('GET', `/api/cheques?${query}`).then((r) => r.data),
  });
}

export function useChequeAction() {
  return useMutation({
    mutationFn: ({ id, action, body }: { id: number; action: 'deposit' | 'clear' | 'bounce' | 'cancel'; body: Record<string, unknown> }) =>
      api<{ data: Cheque }>('POST', `/api/cheques/${id}/${action}`, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: booksKey });
      await refreshSummary();
    },
  });
}
