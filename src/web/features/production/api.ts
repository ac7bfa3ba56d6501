import { queryOptions } from '@tanstack/react-query';
import type { ProductionReport } from '../../../shared/production-api';
import { api } from '../../lib/api';

// The production report (GET /api/production): this month and the 12 before it, or a range.
export interface ProductionRange {
  from?: string | undefined;
  to?: string | undefined;
}

export function fetchProduction(range: ProductionRange): Promise<ProductionReport> {
  const q = [range.from ? `issue_date>=${range.from}` : '', range.to ? `issue_date<=${range.to}` : ''].filter(Boolean).join('&');
  return api<{ data: ProductionReport }>('GET', `/api/production${q ? `?${q}` : ''}`).then((r) => r.data);
}

export const productionQuery = (range: ProductionRange) =>
  queryOptions({
    queryKey: ['production', range.from ?? null, range.to ?? null],
    queryFn: () => fetchProduction(range),
  });
