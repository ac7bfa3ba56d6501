import { useEffect, useSyncExternalStore } from 'react';
import type { Summary } from '../../shared/books-api';
import { api } from './api';

// The header's wire stock and balance (GET /api/dashboard), refetched after every save.
let summary: Summary | null = null;
const listeners = new Set<() => void>();

export async function refreshSummary(): Promise<void> {
  try {
    summary = (await api<{ data: Summary }>('GET', '/api/dashboard')).data;
  } catch {
    summary = null;
  }
  for (const l of listeners) l();
}

export function useSummary(enabled: boolean): Summary | null {
  useEffect(() => {
    if (enabled) void refreshSummary();
  }, [enabled]);
  const value = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => summary,
    () => null,
  );
  return enabled ? value : null;
}
