import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PartnerCategory } from '../../../shared/registry';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { refreshSummary } from '../../lib/summary';

// The books' calls (spec §7) as queries and mutations. Every save refetches the header summary
// and the lists it can change.

export interface Partner {
  id: number;
  catagories: PartnerCategory;
  name: string;
  fname: string;
  mname: string;
  address: string;
  contact: string;
  nid: string;
  assignedSalary: string;
  userNote: string;
}

export type Entry = Record<string, unknown> & { id: number; issue_date: string; issued_by: string; voided: boolean; void_of?: number; kind?: string; title?: string };

export const partnersQuery = queryOptions({
  queryKey: ['partners'],
  queryFn: () => api<{ data: Partner[] }>('GET', '/api/userDetailsData').then((r) => r.data),
});

export function usePartners() {
  return useQuery(partnersQuery);
}

export const entriesQuery = (path: string, params: Record<string, string> = {}) =>
  queryOptions({
    queryKey: ['entries', path, params],
    queryFn: () => {
      const qs = Object.entries(params)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('&');
      return api<{ data: Entry[] }>('GET', `/api/${path}${qs ? `?${qs}` : ''}`).then((r) => r.data);
    },
  });

export const recentQuery = (group: 'cashIn' | 'cashOut') =>
  queryOptions({
    queryKey: ['entries', 'recent', group],
    queryFn: () => api<{ data: Entry[] }>('GET', `/api/entries/recent?group=${group}`).then((r) => r.data),
  });

async function afterSave(extraKeys: unknown[][] = []) {
  await Promise.all([refreshSummary(), queryClient.invalidateQueries({ queryKey: ['entries'] }), ...extraKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))]);
}

export function useCreateEntry(path: string, refreshPartners = false) {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<{ data: Entry }>('POST', `/api/${path}`, body),
    onSuccess: () => afterSave(refreshPartners ? [['partners']] : []),
  });
}

export function useVoidEntry() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api('POST', `/api/entries/${id}/void`, { reason }),
    onSuccess: () => afterSave(),
  });
}

export function useEndFire() {
  return useMutation({
    mutationFn: ({ id, fire_time }: { id: number; fire_time: string }) => api('PUT', `/api/fire/${id}`, { fire_status: true, fire_time }),
    onSuccess: () => afterSave(),
  });
}

export function useSellAsset() {
  return useMutation({
    mutationFn: ({ id, sold_amount }: { id: number; sold_amount: string }) => api('PUT', `/api/assetsCost/${id}`, { sold_status: true, sold_amount }),
    onSuccess: () => afterSave(),
  });
}

export function useSavePartner() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id === undefined ? api<{ data: Partner }>('POST', '/api/userDetailsData', body) : api<{ data: Partner }>('PUT', `/api/userDetailsData/${id}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['partners'] }),
  });
}
