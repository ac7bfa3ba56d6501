import { ApiError, api } from './api';
import { type OutboxEntry, outboxOf, putOutbox, removeOutbox } from './outbox-db';
import { queryClient } from './query-client';
import { booksKey, partnersKey } from './query-keys';
import { currentUserId, refreshSession } from './session';
import { refreshSummary } from './summary';

// Sending the outbox (docs/decisions/0014-outbox.md): in the order the entries were made, one at
// a time, by one tab at a time (a Web Lock per user), each with its idempotency key and made_at,
// so a send repeated after a lost answer is still one entry on the server. Loaded with the forms.

/** How long a form waits for the server before it keeps the entry on the phone. */
export const ANSWER_WITHIN_MS = 10_000;

type Outcome = { status: 'sent' } | { status: 'refused'; error: ApiError } | { status: 'waiting' };

/**
 * A refusal that stays a refusal however often it is sent: bad input, a conflict, too old. Not
 * a signed-out session (401/403: it waits for its user), a slow or busy server (408, 429) or 5xx.
 */
const refusedFor = (status: number) => status >= 400 && status < 500 && ![401, 403, 408, 429].includes(status);

async function sendOne(entry: OutboxEntry): Promise<Outcome> {
  try {
    await api('POST', `/api/${entry.path}`, { ...entry.body, idempotency_key: entry.key, made_at: entry.madeAt }, { timeoutMs: ANSWER_WITHIN_MS });
    await removeOutbox(entry.key);
    return { status: 'sent' };
  } catch (error) {
    if (error instanceof ApiError && refusedFor(error.status)) return { status: 'refused', error };
    return { status: 'waiting' };
  }
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ama-books');

async function refreshAfterSend() {
  channel?.postMessage({ partners: false });
  await Promise.all([refreshSummary(), queryClient.invalidateQueries({ queryKey: booksKey }), queryClient.invalidateQueries({ queryKey: partnersKey })]);
}

/** Runs `work` while holding this user's outbox lock: no two tabs send at once. */
function withLock<T>(userId: string, work: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(`ama-outbox-${userId}`, work);
  return work();
}

/**
 * Sends this user's waiting entries, oldest first, and stops at the first that cannot be sent
 * now (no connection, server busy, signed out). Refused entries are kept with the server's
 * message, but the entry a form is still waiting on is taken out (the form shows the message).
 * Only while this user is the one signed in.
 */
export async function sendOutbox(userId: string, formKey?: string): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  await withLock(userId, async () => {
    // The server is asked who the session cookie belongs to: another tab may have signed in someone else.
    if ((await refreshSession())?.id !== userId) return;
    let sent = 0;
    for (const entry of await outboxOf(userId)) {
      if (entry.status !== 'waiting') continue;
      if (currentUserId() !== userId) break;
      const outcome = await sendOne(entry);
      outcomes.set(entry.key, outcome);
      if (outcome.status === 'sent') sent++;
      else if (outcome.status === 'refused') {
        if (entry.key === formKey && formsWaiting.has(entry.key)) await removeOutbox(entry.key);
        else {
          const { code, params, field, message } = outcome.error;
          await putOutbox({ ...entry, status: 'refused', message, refusal: { code, params, field } });
        }
      } else break;
    }
    if (sent > 0) await refreshAfterSend();
  });
  return outcomes;
}

/**
 * A form's save: kept in the outbox first (so closing the page cannot lose it), then sent with
 * whatever waits before it. 'sent' when the server took it, 'refused' with its message (a new
 * entry is taken back out, the form still has the values; a fixed one stays refused), 'waiting'
 * when no answer came in 10 s (or none can: offline).
 */
export async function saveThroughOutbox(entry: OutboxEntry, opts: { keepIfRefused?: boolean } = {}): Promise<Outcome> {
  // After every entry already there, even when the clock says otherwise (set back, or two in one millisecond).
  const before = (await outboxOf(entry.userId)).filter((e) => e.key !== entry.key);
  const last = before.at(-1)?.seq ?? 0;
  await putOutbox(before.some((e) => e.seq > entry.seq) || last === entry.seq ? { ...entry, seq: last + 1 } : entry);
  void askToKeepStorage();
  if (!opts.keepIfRefused) formsWaiting.add(entry.key);
  let timer: number | undefined;
  const late = new Promise<Outcome>((resolve) => {
    timer = window.setTimeout(() => {
      formsWaiting.delete(entry.key);
      resolve({ status: 'waiting' });
    }, ANSWER_WITHIN_MS);
  });
  const sending = sendOutbox(entry.userId, entry.key).then((all) => all.get(entry.key) ?? { status: 'waiting' as const });
  const outcome = await Promise.race([sending, late]);
  window.clearTimeout(timer);
  formsWaiting.delete(entry.key);
  return outcome;
}

/** Entries whose form is still open, waiting for the answer. */
const formsWaiting = new Set<string>();

/** Asks the browser once to keep the outbox when storage runs low (it may say no; nothing else changes). */
let asked = false;
async function askToKeepStorage() {
  if (asked || !navigator.storage?.persist) return;
  asked = true;
  if (!(await navigator.storage.persisted())) await navigator.storage.persist();
}
