import { type Kysely, sql } from 'kysely';
import { databaseState } from './database.ts';
import type { DB } from './schema.ts';

// How every write of the books runs (docs/decisions/0009-write-path.md): one transaction whose
// first statement takes the books' lock (the ledger_summary row), so all writes take their locks
// in one order and cannot deadlock; conflicts and lost connections are retried here, a bounded
// number of times; what cannot be retried becomes an answer the client can act on.

/** What went wrong in the database, as far as the client is concerned. */
export type Failure =
  | { kind: 'conflict' } // deadlock or serialization failure: nothing happened, run it again
  | { kind: 'connection' } // the connection was lost: run it again if it had not reached commit
  | { kind: 'busy' } // a lock or a connection not had in time, a statement too slow
  | { kind: 'disk-full' };

const CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT']);
const CONNECTION_TEXT = /Connection terminated|not queryable|terminating connection|Client was closed/i;

/** Classifies a database error; undefined for anything else (a bug, a constraint: a 500 or a 4xx). */
export function databaseFailure(error: unknown): Failure | undefined {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : '';
  if (code === '40001' || code === '40P01') return { kind: 'conflict' };
  if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC') return { kind: 'disk-full' };
  if (
    code.startsWith('SQLITE_BUSY') ||
    code.startsWith('SQLITE_LOCKED') ||
    code === '55P03' ||
    code === '57014' ||
    /timeout exceeded when trying to connect/i.test(message)
  )
    return { kind: 'busy' };
  if (CONNECTION_CODES.has(code) || CONNECTION_TEXT.test(message)) return { kind: 'connection' };
  return undefined;
}

/** Write transactions begun by this process (attempts included): how well writes are grouped. */
export const writeCounters = { transactions: 0 };

/** Attempts of one write before its failure goes to the client. */
export const WRITE_ATTEMPTS = 6;

/** Thrown when a write's transaction failed with its commit unanswered: it may have been saved. */
export class UncertainCommit extends Error {}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` in a write transaction that starts by taking the books' lock. Conflicts are retried
 * always; a lost connection is retried when the commit had not been sent, or when `idempotent`
 * (running `fn` again finds its own earlier result, e.g. by idempotency key).
 */
export async function writeTransaction<T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>, opts: { idempotent?: boolean } = {}): Promise<T> {
  const state = databaseState(db);
  for (let attempt = 1; ; attempt += 1) {
    let committing = false;
    writeCounters.transactions += 1;
    try {
      const result = await db.connection().execute(async (conn) => {
        // SQLite: take the write lock at once (waiting up to busy_timeout), never upgrade later.
        await sql.raw(state.dialect === 'sqlite' ? 'begin immediate' : 'begin').execute(conn);
        try {
          // SQLite's `begin immediate` is the books' lock already: one writer at a time.
          if (state.dialect !== 'sqlite') await lockBooks(conn);
          const value = await fn(conn);
          committing = true;
          await sql.raw('commit').execute(conn);
          return value;
        } catch (error) {
          // SQLite ends the transaction itself on some errors (a full disk): the original error
          // is what matters, not that there is nothing left to roll back.
          await sql
            .raw('rollback')
            .execute(conn)
            .catch(() => undefined);
          throw error;
        }
      });
      state.diskFull = false;
      return result;
    } catch (error) {
      const failure = databaseFailure(error);
      if (failure?.kind === 'disk-full') state.diskFull = true;
      const retry = failure?.kind === 'conflict' || (failure?.kind === 'connection' && (!committing || opts.idempotent));
      if (retry && attempt < WRITE_ATTEMPTS) {
        state.onError(error as Error, `database: write attempt ${attempt} failed (${failure?.kind}), retrying`);
        await sleep(Math.random() * 20 * 2 ** attempt);
        continue;
      }
      if (failure?.kind === 'connection' && committing) throw new UncertainCommit('commit unanswered');
      throw error;
    }
  }
}

/** The books' lock: every write takes it first, so writes queue here and nowhere else. */
async function lockBooks(trx: Kysely<DB>): Promise<void> {
  await sql`update ledger_summary set entry_count = entry_count where id = 1`.execute(trx);
}

/** One item's outcome inside a group: its value, or the error that item alone gets. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Group<I, R> {
  queue: { item: I; resolve: (r: R) => void; reject: (e: unknown) => void }[];
  scheduled: boolean;
  running: boolean;
  /** The sizes of the latest groups (GROUP_MEMORY of them at most), newest last. */
  sizes: number[];
  /** How many writes a group waits for: the largest of `sizes`. */
  target: number;
  /** Set while a group smaller than `target` waits for the rest (GROUP_WAIT_MS). */
  waiting: ReturnType<typeof setTimeout> | undefined;
  /** How many writes the waiting group had at the end of the turn it began in. */
  waitedWith: number;
}

/** Items committed together at most (their statements stay far below the databases' limits). */
export const GROUP_LIMIT = 100;

/** How long a group smaller than the latest ones waits for more writes to join it. */
export const GROUP_WAIT_MS = 1;

/** How many of the latest groups' sizes set how many writers a group waits for. */
export const GROUP_MEMORY = 16;

/**
 * Group commit. Writes of one sort that arrive together (requests read in one turn of the event
 * loop, or while the previous group was saving) share one transaction: one lock, one commit and
 * one flush to disk for all of them. Each caller is answered only after that commit. When the
 * group's transaction fails, each item runs again alone (`single`), so one bad item cannot take
 * the others down and every error reaches its own caller; a commit left unanswered is not run
 * again (it may have been saved) and reaches every caller of the group.
 */
export function groupCommit<I, R>(opts: {
  /** Writes every item of a group inside one write transaction (`writeTransaction`). */
  group: (items: I[]) => Promise<Outcome<R>[]>;
  /** Writes one item alone: the fallback when a group failed, and a group of one. */
  single: (item: I) => Promise<R>;
}): (db: object, item: I) => Promise<R> {
  const groups = new WeakMap<object, Group<I, R>>();

  async function flush(g: Group<I, R>, waited = false) {
    g.scheduled = false;
    g.running = true;
    const batch = g.queue.splice(0, GROUP_LIMIT);
    // Nobody joined during the wait: the load has fallen to this group; what came before is forgotten.
    if (waited && batch.length <= g.waitedWith) g.sizes.length = 0;
    g.sizes.push(batch.length);
    if (g.sizes.length > GROUP_MEMORY) g.sizes.shift();
    g.target = Math.max(...g.sizes);
    try {
      if (batch.length === 1) {
        const [only] = batch;
        await opts.single(only!.item).then(only!.resolve, only!.reject);
        return;
      }
      let outcomes: Outcome<R>[] | undefined;
      try {
        outcomes = await opts.group(batch.map((b) => b.item));
      } catch (error) {
        if (error instanceof UncertainCommit) {
          for (const b of batch) b.reject(error);
          return;
        }
      }
      if (outcomes) {
        batch.forEach((b, i) => {
          const o = outcomes[i];
          if (o?.ok) b.resolve(o.value);
          else b.reject(o ? o.error : new Error('group commit: no outcome'));
        });
        return;
      }
      for (const b of batch) await opts.single(b.item).then(b.resolve, b.reject);
    } finally {
      g.running = false;
      if (g.queue.length > 0) schedule(g);
    }
  }

  /**
   * A group goes at the next turn of the event loop once it is as big as the largest of the last
   * GROUP_MEMORY groups; a smaller one waits a moment (GROUP_WAIT_MS) for the rest. Each commit
   * (its statements and its flush to disk, the same for one write or ten) then serves all the
   * writers of a steady load. Waiting only for as many as the last group had let the load settle
   * below its size: ten writers came back at slightly different times, a group went as soon as
   * eight were in, and the other two began the next one, so commits served eight. A wait that
   * nobody joined (after the turn it began in) means the load has fallen: the sizes before are
   * forgotten, so a writer alone after a burst waits once, and then never.
   */
  function schedule(g: Group<I, R>) {
    if (g.running) return;
    const full = g.queue.length >= g.target;
    if (g.waiting !== undefined && full) {
      clearTimeout(g.waiting);
      g.waiting = undefined;
      g.scheduled = false;
    }
    if (g.scheduled) return;
    g.scheduled = true;
    if (full) setImmediate(() => void flush(g));
    else {
      // Writes read in the same turn are not joiners: counted again once the turn is over. (Should
      // the wait end first, the count stands at the writes there when it began.)
      g.waitedWith = g.queue.length;
      setImmediate(() => (g.waitedWith = g.queue.length));
      g.waiting = setTimeout(() => {
        g.waiting = undefined;
        void flush(g, true);
      }, GROUP_WAIT_MS);
    }
  }

  return (db, item) =>
    new Promise<R>((resolve, reject) => {
      let g = groups.get(db);
      if (!g) groups.set(db, (g = { queue: [], scheduled: false, running: false, sizes: [], target: 1, waiting: undefined, waitedWith: 0 }));
      g.queue.push({ item, resolve, reject });
      schedule(g);
    });
}
