import { queryOptions } from '@tanstack/react-query';
import type { Overview } from '../../../shared/overview-api';
import { api } from '../../lib/api';
import { booksKey } from '../../lib/query-keys';

// The day at a glance (GET /api/overview): under the books key, so a save, void or sale refreshes it.
export const overviewQuery = queryOptions({
  queryKey: [...booksKey, 'overview'],
  queryFn: () => api<{ data: Overview }>('GET', '/api/overview').then((r) => r.data),
});
