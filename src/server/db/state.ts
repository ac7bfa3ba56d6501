import type BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect.ts';
import type { DB } from './schema.ts';

// What each opened database carries beside its Kysely instance, read by the openers, the write
// path, the fast reads and /api/health alike: kept apart so none of them imports another for it.

/** What the server knows about a database beyond its Kysely instance: kept per `db`. */
interface DatabaseState {
  dialect: Dialect;
  /** Where pool and connection errors are reported (the app's logger once it exists). */
  onError: (error: Error, what: string) => void;
  /** The last write failed for want of disk space (cleared by the next commit). */
  diskFull: boolean;
  /** Probes for /api/health: each resolves to true when that part works. */
  probes: Record<string, () => Promise<boolean>>;
  /** SQLite: the connection's cached prepared statements, for reads that skip Kysely (`preparedQuery`). */
  sqlite?: { prepare(text: string): BetterSqlite3.Statement; inTransaction(): boolean; exec(text: string): void };
  /**
   * SQLite, once `trackChanges` ran: a generation per topic, bumped by this connection's triggers
   * whenever a row the topic covers changes. Kept answers of `preparedQuery` are valid while theirs holds.
   */
  changes?: Record<Topic, number>;
}

/** What a kept answer depends on: the sessions and users, the books' summary row, or the partners. */
export type Topic = 'auth' | 'books' | 'partners';

const states = new WeakMap<Kysely<DB>, DatabaseState>();

/** The state of a database opened here (a fresh default for any other, e.g. a test's). */
export function databaseState(db: Kysely<DB>): DatabaseState {
  let state = states.get(db);
  if (!state) states.set(db, (state = { dialect: 'sqlite', onError: logToStderr, diskFull: false, probes: {} }));
  return state;
}

function logToStderr(error: Error, what: string) {
  console.error(`${what}: ${error.message}`);
}
