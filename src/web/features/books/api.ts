import { queryOptions, useMutation } from '@tanstack/react-query';
import type { EntryAnswer, KindEntryAnswer } from '../../../shared/api-schemas';
import type { KindDef, KindGroup } from '../../../shared/registry';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { booksKey, partnersKey } from '../../lib/query-keys';
import { refreshSummary } from '../../lib/summary';

// The books' calls (spec §7) as queries and mutations. Every save refetches the header summary
// and everything under the books key (lists, statements, ledgers), and what the kind says it
// also changes (the investor form refreshes its list of partners).

/**
 * An entry as the API sends it (src/shared/api-schemas.ts): its stamps and its kind's fields; the
 * latest entries and one entry by number also say its kind and title.
 */
export type Entry = KindEntryAnswer & Partial<Pick<EntryAnswer, 'kind' | 'title'>>;

const queryString = (params: Record<string, string>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');

export const entriesQuery = (path: string, params: Record<string, string> = {}) =>
  queryOptions({
    queryKey: [...booksKey, 'entries', path, params],
    queryFn: () => {
      const qs = queryString(params);
      return api<{ data: Entry[] }>('GET', `/api/${path}${qs ? `?${qs}` : ''}`).then((r) => r.data);
    },
  });

/** One entry, as it is now (the correction form starts from it). */
/** The page of an entry's printable receipt. */
export const receiptLink = (id: number) => `/dashboard/receipt?id=${id}`;

export const entryQuery = (id: number) =>
  queryOptions({
    queryKey: [...booksKey, 'entry', id],
    queryFn: () => api<{ data: Entry }>('GET', `/api/entries/${id}`).then((r) => r.data),
  });

/** A party's newest entry of a kind (to start a new one from its rate and size). */
export const lastEntryQuery = (path: string, partnerId: number) =>
  queryOptions({
    queryKey: [...booksKey, 'last', path, partnerId],
    queryFn: () => api<{ data: Entry[] }>('GET', `/api/${path}?partner=${partnerId}&limit=1`).then((r) => r.data[0] ?? null),
  });

export const recentQuery = (group: KindGroup) =>
  queryOptions({
    queryKey: [...booksKey, 'recent', group],
    queryFn: () => api<{ data: Entry[] }>('GET', `/api/entries/recent?group=${group}`).then((r) => r.data),
  });

// Other tabs of the same browser hear of every save and refresh too, so none shows stale books.
const otherTabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ama-books');

function refreshBooks(refreshPartners: boolean) {
  return Promise.all([
    refreshSummary(),
    queryClient.invalidateQueries({ queryKey: booksKey }),
    refreshPartners ? queryClient.invalidateQueries({ queryKey: partnersKey }) : null,
  ]);
}

if (otherTabs) otherTabs.onmessage = (e: MessageEvent<{ partners?: boolean }>) => void refreshBooks(Boolean(e.data?.partners));

/** After any save: the header, every books list in this tab and the others, and the partners if asked. */
export async function afterSave(refreshPartners = false) {
  otherTabs?.postMessage({ partners: refreshPartners });
  await refreshBooks(refreshPartners);
}

export function useCreateEntry(kind: KindDef) {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => api<{ data: Entry }>('POST', `/api/${kind.path}`, body),
    onSuccess: () => afterSave(kind.refreshes?.includes('partners')),
  });
}

/** Correct = void + replacement: the kind's body, for the entry it replaces. */
export function useCorrectEntry() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Record<string, unknown> }) => api<{ data: Entry }>('POST', `/api/entries/${id}/correct`, body),
    onSuccess: () => afterSave(),
  });
}

export function useVoidEntry() {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => api('POST', `/api/entries/${id}/void`, { reason }),
    onSuccess: () => afterSave(),
  });
}

/** The kind's lifecycle action (end a fire, sell an asset): PUT /api/<path>/<id> with its flag and value. */
export function useLifecycle(kind: KindDef) {
  return useMutation({
    mutationFn: ({ id, value }: { id: number; value: string }) => {
      const l = kind.lifecycle;
      if (!l) throw new Error(`${kind.title} has no lifecycle action`);
      return api('PUT', `/api/${kind.path}/${id}`, { [l.status]: true, [l.value.name]: value });
    },
    onSuccess: () => afterSave(),
  });
}
