import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { PartnerWire } from '../../../shared/registry';
import { api } from '../../lib/api';
import { partnersKey } from '../../lib/query-keys';
import { afterSave } from '../books/api';

// The partner list (spec: userDetailsData): read by every party field and list, kept by an admin.

export type Partner = PartnerWire;

// Read offline, the service worker answers the list it kept, with when it was fetched (`kept_at`).
let keptAt: number | null = null;

export const partnersQuery = queryOptions({
  queryKey: partnersKey,
  queryFn: () =>
    api<{ data: Partner[]; kept_at?: number | null }>('GET', '/api/userDetailsData').then((r) => {
      keptAt = r.kept_at ?? null;
      return r.data;
    }),
  // Asked even when the browser says it is offline: the service worker may have the list (issue 32 item 3).
  networkMode: 'offlineFirst',
});

/** When the partner list on screen was fetched, if it is the phone's kept copy (read offline); null when it is fresh. */
export const partnersKeptAt = () => keptAt;

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
