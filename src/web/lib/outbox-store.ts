import { useEffect, useSyncExternalStore } from 'react';
import { type OutboxEntry, onOutboxChange, outboxAvailable, outboxOf } from './outbox-db';
import { currentUserId, refreshSession } from './session';

// The outbox for the screens (docs/decisions/0014-outbox.md): the signed-in user's entries, kept
// up to date, and the sending started whenever the connection may be back. The sending code
// (outbox-send.ts) is loaded only when something waits.

// Who shows the outbox hears of every change, in this tab and in the others.
const listeners = new Set<() => void>();
onOutboxChange(() => reload());
let current: { userId: string | null; entries: OutboxEntry[] } = { userId: null, entries: [] };
// Readings are numbered: IndexedDB runs read-only transactions side by side, so three changes told
// at once can be read back out of order. A reading older than the one shown is dropped, so the
// count never falls back to an earlier state (a tab once stayed at "2 waiting" with 3 waiting).
let asked = 0;
let shown = 0;

function reload() {
  const userId = current.userId;
  if (!userId || !outboxAvailable()) return;
  const reading = ++asked;
  void outboxOf(userId)
    .then((entries) => {
      if (current.userId !== userId || reading < shown) return;
      shown = reading;
      current = { userId, entries };
      for (const l of listeners) l();
    })
    .catch(() => undefined);
}

/** Shows `userId`'s outbox from now on (nobody's for null): read at once, then after each change. */
export function showOutboxOf(userId: string | null): void {
  if (current.userId === userId) return;
  current = { userId, entries: [] };
  for (const l of listeners) l();
  reload();
}

/** What is shown now: whose outbox, and its entries (oldest first). */
export const outboxShown = () => current;

/** The signed-in user's outbox (empty while nobody is signed in), kept up to date. */
export function useOutbox(userId: string | null): OutboxEntry[] {
  useEffect(() => showOutboxOf(userId), [userId]);
  const state = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    outboxShown,
    outboxShown,
  );
  return state.userId === userId ? state.entries : [];
}

const SEND_EVERY_MS = 30_000;
let started: string | null = null;

/**
 * Sends the user's waiting entries now, and again whenever the connection may be back: the
 * online event, the tab coming to the front, and every 30 s. The sending code is loaded only
 * when something waits.
 */
export function useOutboxSender(userId: string | null): void {
  useEffect(() => {
    if (!userId || !outboxAvailable() || started === userId) return;
    started = userId;
    const trySend = () => {
      if (started !== userId) return;
      void outboxOf(userId)
        .then(async (entries) => {
          if (!entries.some((e) => e.status === 'waiting')) return;
          // Opened offline: the server is asked first whether this user is still the one signed in.
          if (currentUserId() !== userId && (await refreshSession())?.id !== userId) return;
          const { sendOutbox } = await import('./outbox-send');
          await sendOutbox(userId);
        })
        .catch(() => undefined);
    };
    trySend();
    const onVisible = () => {
      if (document.visibilityState === 'visible') trySend();
    };
    window.addEventListener('online', trySend);
    window.addEventListener('focus', trySend);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(trySend, SEND_EVERY_MS);
    return () => {
      started = null;
      window.removeEventListener('online', trySend);
      window.removeEventListener('focus', trySend);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [userId]);
}
