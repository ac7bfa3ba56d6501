import { type Kysely, sql } from 'kysely';
import { databaseState } from './state.ts';
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

/** A unique index refused a row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * Write transactions begun by this process (attempts included): how well writes are grouped; and
 * groups whose transaction failed, so that each of their writes ran again alone.
 */
export const writeCounters = { transactions: 0, groupsRunAlone: 0 };

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
