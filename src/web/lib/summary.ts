import { useEffect, useSyncExternalStore } from 'react';
import type { Summary } from '../../shared/books-api';
import { ApiError, api } from './api';

// The header's wire stock and balance (GET /api/dashboard), refetched after every save. When it
// cannot be refreshed (offline), the last figures stay, with the time they were read ('as of
// HH:MM'); this browser keeps them across a reload until sign-out.
export interface HeaderSummary {
  figures: Summary;
  /** Set when the figures could not be refreshed: when they were last read (ms). */
  asOf: number | null;
}

const KEPT = 'ama-last-summary';
let summary: HeaderSummary | null = null;
const listeners = new Set<() => void>();

function kept(): HeaderSummary | null {
  try {
    const k = JSON.parse(localStorage.getItem(KEPT) ?? 'null') as { figures: Summary; at: number } | null;
    return k ? { figures: k.figures, asOf: k.at } : null;
  } catch {
    return null;
  }
}

export async function refreshSummary(): Promise<void> {
  try {
    const figures = (await api<{ data: Summary }>('GET', '/api/dashboard')).data;
    summary = { figures, asOf: null };
    try {
      localStorage.setItem(KEPT, JSON.stringify({ figures, at: Date.now() }));
    } catch {
      // Not kept (storage refused): the figures still show while the page is open.
    }
  } catch (error) {
    // No answer: the figures already shown (or kept) stay, as of when they were read. Refused: none.
    const offline = error instanceof ApiError && error.status === 0;
    summary = offline ? kept() : null;
  }
  for (const l of listeners) l();
}

/** Sign-out: the figures are not left for the next person. */
export function forgetSummary(): void {
  summary = null;
  try {
    localStorage.removeItem(KEPT);
  } catch {
    // Nothing kept.
  }
  for (const l of listeners) l();
}

export function useSummary(enabled: boolean): HeaderSummary | null {
  useEffect(() => {
    if (enabled) void refreshSummary();
  }, [enabled]);
  const value = useSummaryFigures();
  return enabled ? value : null;
}

/** The figures the header has read (none asked for here). */
export function useSummaryFigures(): HeaderSummary | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => summary,
    () => null,
  );
}
