import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PartnerWire } from '../../../shared/registry';
import { api } from '../../lib/api';
import { partnersKey } from '../../lib/query-keys';
import { afterSave } from '../books/api';

// The partner list (spec: userDetailsData): read by every party field and list, kept by an admin.

export type Partner = PartnerWire;

export const partnersQuery = queryOptions({
  queryKey: partnersKey,
  queryFn: () => api<{ data: Partner[] }>('GET', '/api/userDetailsData').then((r) => r.data),
});

export function usePartners() {
  return useQuery(partnersQuery);
}

export function useSavePartner() {
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      id === undefined ? api<{ data: Partner }>('POST', '/api/userDetailsData', body) : api<{ data: Partner }>('PUT', `/api/userDetailsData/${id}`, body),
    // A partner's name shows in lists and statements too: they refresh with the partners.
    onSuccess: () => afterSave(true),
  });
}
