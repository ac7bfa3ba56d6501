import { queryOptions } from '@tanstack/react-query';
import type { DueSide, Dues } from '../../../shared/dues-api';
import { api } from '../../lib/api';
import { booksKey } from '../../lib/query-keys';

// GET /api/dues: the due list of a side, as of today. Under `books`: every save and void refreshes it.
export const duesKey = [...booksKey, 'dues'] as const;

export const duesQuery = (side: DueSide) =>
  queryOptions({
    queryKey: [...duesKey, side],
    queryFn: () => api<{ data: Dues }>('GET', `/api/dues?side=${side}`).then((r) => r.data),
  });

/** The dues page of a side (the dashboard's lists link here). */
export const duesLink = (side: DueSide) => `/dashboard/dues?side=${side}`;
