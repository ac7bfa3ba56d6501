import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from './sqlite-driver.ts';
import { Kysely, SqliteDialect } from 'kysely';
import { type Database, DatabaseSetupError } from './dialect.ts';
import { withStatementCache } from './reads.ts';
import type { DB } from './schema.ts';
import { type Topic, databaseState } from './state.ts';

// Opening the SQLite books: the settings they refuse to run without, and the one-time rewrite to
// smaller pages (docs/decisions/0018-sqlite-page-size.md).

export const SQLITE_FILE = 'ama.sqlite';

/**
 * The SQLite books' page size (docs/decisions/0018-sqlite-page-size.md). Each commit writes every
 * page it changed to the log and waits for the disk to hold it, and that wait grows with the bytes:
 * an entry changes about twenty pages (the entry, its indexes, seven running totals), nearly all
 * for a row of a hundred bytes or less. With 1 KiB pages (SQLite's default until 2016) a commit
 * writes a quarter of the bytes it wrote with 4 KiB.
 */
export const SQLITE_PAGE_SIZE = 1024;

/**
 * Rewrites an existing SQLite file with SQLITE_PAGE_SIZE pages (a VACUUM, once; a new file gets
 * them when it is created). SQLite cannot change the page size of a database in WAL mode, so the
 * rewrite runs with a rollback journal, which keeps it whole if the process stops half-way: the
 * next open rolls it back and it runs again. Any other connection (a backup or a check running
 * beside a stopped server) or too little disk for the copy leaves the file as it was, to be
 * moved at a later start; the books work the same with either size. Undefined when nothing had
 * to change.
 */
export function adoptPageSize(file: string): { moved: boolean; message: string } | undefined {
  if (!fs.existsSync(file)) return undefined;
  // No busy wait: another connection makes the rewrite give way at once instead of holding the start.
  const sqlite = new BetterSqlite3(file, { timeout: 0 });
  try {
    const before = Number(sqlite.pragma('page_size', { simple: true }));
    const tables = Number(sqlite.prepare('select count(*) from sqlite_schema').pluck().get());
    if (before === SQLITE_PAGE_SIZE || tables === 0) return undefined;
    const started = performance.now();
    let refusal: unknown;
    try {
      sqlite.pragma('journal_mode = DELETE');
      sqlite.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
      sqlite.exec('VACUUM');
    } catch (error) {
      refusal = error;
    }
    // Back to WAL whatever happened, waiting a moment for a reader that came in meanwhile; should
    // that fail too, openSqlite switches it (and checks that it did) right after.
    try {
      sqlite.pragma('busy_timeout = 5000');
      sqlite.pragma('journal_mode = WAL');
    } catch (error) {
      refusal ??= error;
    }
    // What the file has now, not what was asked: SQLite ignores the page size in WAL mode, which
    // another process's open may have switched on between our two statements.
    const after = Number(sqlite.pragma('page_size', { simple: true }));
    if (after !== SQLITE_PAGE_SIZE) {
      const why = refusal instanceof Error ? refusal.message : 'another connection put them back in WAL mode';
      return { moved: false, message: `sqlite: the books keep ${after}-byte pages for now (${why}); the next start tries again` };
    }
    const ms = Math.round(performance.now() - started);
    return { moved: true, message: `sqlite: the books moved from ${before}-byte to ${SQLITE_PAGE_SIZE}-byte pages in ${ms} ms` };
  } finally {
    sqlite.close();
  }
}

export function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  // Takes effect only on a file that has no pages yet (a new one): see adoptPageSize for the others.
  sqlite.pragma(`page_size = ${SQLITE_PAGE_SIZE}`);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A write transaction of several statements keeps a statement journal; on a file, SQLite created
  // and removed one in the temporary folder per transaction (five system calls and a file each).
  sqlite.pragma('temp_store = MEMORY');
  const settings = sqlitePragmas(sqlite);
  // Durability is the whole point of the books: refuse to run on anything weaker.
  if (settings.journal_mode !== 'wal' || settings.synchronous !== 2 || settings.foreign_keys !== 1) {
    sqlite.close();
    throw new DatabaseSetupError(
      `SQLite settings not as required (journal_mode=${settings.journal_mode}, synchronous=${settings.synchronous}, foreign_keys=${settings.foreign_keys}); need wal, 2 (FULL), 1`,
    );
  }
  const cached = withStatementCache(sqlite);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: cached }) });
  const state = databaseState(db);
  state.sqlite = { prepare: cached.prepare, inTransaction: () => sqlite.inTransaction, exec: (text) => void sqlite.exec(text) };
  // Called by the triggers `trackChanges` creates, inside the statement that changed a row.
  sqlite.function('ama_changed', { deterministic: false }, (topic: unknown) => {
    if (state.changes && typeof topic === 'string' && topic in state.changes) state.changes[topic as Topic] += 1;
    return null;
  });
  state.probes = { database: async () => sqlite.prepare('select 1').get() !== undefined };
  return { db, dialect: 'sqlite', location: file, close: () => db.destroy() };
}

export function sqlitePragmas(sqlite: BetterSqlite3.Database) {
  return {
    journal_mode: String(sqlite.pragma('journal_mode', { simple: true })),
    synchronous: Number(sqlite.pragma('synchronous', { simple: true })),
    foreign_keys: Number(sqlite.pragma('foreign_keys', { simple: true })),
  };
}
