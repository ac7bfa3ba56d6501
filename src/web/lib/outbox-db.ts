import type { RefusalParams } from '../../shared/refusal-texts';
// The outbox on this phone (issue 16, docs/decisions/0014-outbox.md): entries (and transfers) saved while the
// server could not be reached wait here, in IndexedDB, with their idempotency key and the moment
// they were made, until they are sent. Kept per user: only the user who made an entry sends it.
// Storage only, without React: small, in the first load (the header counts the waiting entries).
// outbox-store.ts shows and starts it; the sending code (outbox-send.ts) loads with the forms.

export interface OutboxEntry {
  /** The idempotency key: the server writes an entry once, however often it is sent. */
  key: string;
  userId: string;
  /** The kind's path (POST /api/<path>), name and title. */
  path: string;
  kind: string;
  title: string;
  /** The form's values, as the form sends them. */
  body: Record<string, string>;
  /** A transfer's two accounts by name (as the books keep them), for the list while offline. */
  names?: string[];
  /** When it was made on this phone (ISO): the server dates the entry by it. */
  madeAt: string;
  /** Order of making, for sending in order. */
  seq: number;
  /** 'refused': the server said no (4xx); it waits to be fixed or discarded, with the server's refusal. */
  status: 'waiting' | 'refused';
  /** The refusal's English text (all an entry refused before refusals had codes keeps). */
  message?: string;
  /** The refusal's code, params and field (shared/refusals.ts), shown in the language of the moment. */
  refusal?: { code?: string; params?: RefusalParams; field?: string };
}

const DB_NAME = 'ama-outbox';
const STORE = 'entries';
let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' }).createIndex('user', 'userId');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB did not open'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        // Resolved once the transaction is on disk, not when the request is merely done.
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
      }),
  );
}

/** Whether this browser can keep an outbox at all (IndexedDB may be missing or refused). */
export const outboxAvailable = () => typeof indexedDB !== 'undefined';

/** This user's entries, oldest first. */
export async function outboxOf(userId: string): Promise<OutboxEntry[]> {
  const all = await run('readonly', (s) => s.index('user').getAll(userId) as IDBRequest<OutboxEntry[]>);
  return all.sort((a, b) => a.seq - b.seq);
}

export async function putOutbox(entry: OutboxEntry): Promise<void> {
  await run('readwrite', (s) => s.put(entry));
  changed();
}

export async function removeOutbox(key: string): Promise<void> {
  await run('readwrite', (s) => s.delete(key));
  changed();
}

// Every change is told to this tab's listeners and to the other tabs'.
const listeners = new Set<() => void>();
const otherTabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ama-outbox');
if (otherTabs) otherTabs.onmessage = () => tell();
const tell = () => {
  for (const l of listeners) l();
};

function changed() {
  otherTabs?.postMessage('changed');
  tell();
}

/** Calls `listener` after every change of the outbox, in this tab or another; returns how to stop. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
