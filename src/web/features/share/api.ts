import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareLanguage, ShareStatus } from '../../../shared/share-api';
import { api } from '../../lib/api';
import { booksKey } from '../../lib/query-keys';

// A party's shared statement (issue 29, decision 0038): its link, made, seen and revoked, and the
// reminders sent. Under `books`: the due list (its last answer and reminder) refreshes with it.
export const shareKey = (partnerId: number) => [...booksKey, 'share', partnerId] as const;

export const shareStatusQuery = (partnerId: number) =>
  queryOptions({
    queryKey: shareKey(partnerId),
    queryFn: () => api<{ data: ShareStatus }>('GET', `/api/partners/${partnerId}/share`).then((r) => r.data),
  });

export interface MadeLink {
  url: string;
  expires_at: string;
  lang: ShareLanguage;
}

export function useShareLink(partnerId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: booksKey });
  return {
    make: useMutation({
      mutationFn: (lang: ShareLanguage) => api<{ data: MadeLink }>('POST', `/api/partners/${partnerId}/share`, { lang }).then((r) => r.data),
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: () => api<{ data: { revoked: number } }>('DELETE', `/api/partners/${partnerId}/share`),
      onSuccess: refresh,
    }),
    remind: useMutation({
      mutationFn: (channel: 'whatsapp' | 'sms') => api('POST', `/api/partners/${partnerId}/remind`, { channel }),
      onSuccess: refresh,
    }),
  };
}
