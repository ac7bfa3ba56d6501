import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { type Compilable, CompiledQuery, Kysely, Migrator, PostgresDialect, type QueryResult, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or a redacted URL. */
  location: string;
  /** What opening it changed or could not change (SQLite's page size), for the log. */
  setup?: { moved: boolean; message: string };
  close(): Promise<void>;
}

export class DatabaseSetupError extends Error {}

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

// PostgreSQL limits (milliseconds): a write waits this long for a lock, any statement runs this
// long, a transaction may sit idle this long, a request waits this long for a pooled connection.
export const PG_LIMITS = { lockTimeout: 3000, statementTimeout: 15000, idleInTransaction: 30000, connect: 5000 };

// BIGINT money (poisha) comes back from pg as text; every amount we store fits in 2^53.
pg.types.setTypeParser(20, (v) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new DatabaseSetupError(`integer out of safe range: ${v}`);
  return n;
});

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
 * `owner`: the caller holds the data directory's lock (`lockDataDir`), so no other process has
 * the books open, and an existing SQLite file may be rewritten to SQLITE_PAGE_SIZE.
 */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string | undefined }, { owner = false } = {}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const file = path.join(opts.dataDir, SQLITE_FILE);
  const setup = owner ? adoptPageSize(file) : undefined;
  return { ...openSqlite(file), ...(setup ? { setup } : {}) };
}

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

/**
 * Kysely prepares every query afresh; preparing is a good part of a small query's cost. The same
 * SQL text reuses its prepared statement (the most recent 256 texts are kept).
 */
function withStatementCache(sqlite: BetterSqlite3.Database) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (stmt) cache.delete(text);
      else stmt = sqlite.prepare(text);
      cache.set(text, stmt);
      if (cache.size > 256) cache.delete(cache.keys().next().value as string);
      return stmt;
    },
  };
}

/** An answer now, or a promise of it: `await` takes either; `isPromise` tells them apart. */
export type MaybePromise<T> = T | Promise<T>;

export const isPromise = <T>(value: MaybePromise<T>): value is Promise<T> => value instanceof Promise;

/** `f` of an answer: at once when the answer is there, after it when it is a promise. */
export const andThen = <T, R>(value: MaybePromise<T>, f: (v: T) => MaybePromise<R>): MaybePromise<R> => (isPromise(value) ? value.then(f) : f(value));

const marker = (i: number) => `~preparedQuery param ${i}~`;
const MARKER = /^~preparedQuery param (\d+)~$/;

/**
 * A read asked on nearly every request (the session, the header's figures): built and compiled
 * by Kysely once per database, then run with each call's values. On SQLite, outside a write's
 * transaction, it goes to its prepared statement directly (Kysely's layers cost more than the
 * read itself); otherwise through Kysely with the compiled text. `build` gets stand-ins for the
 * parameters, so its query must not depend on their values. Inside a transaction (`trx`) it is
 * simply built and run.
 *
 * An answer read or kept on SQLite comes back at once, not as a promise: the header's figures and
 * the session are read on every request, and on the way there each promise and async step costs
 * (under Node 20, with better-auth's AsyncLocalStorage on, every promise runs its hooks). `await`
 * takes either.
 */
export function preparedQuery<Row, P extends readonly unknown[]>(
  build: (db: Kysely<DB>, ...params: P) => Compilable<Row>,
  opts: {
    /**
     * Keep answers (the most recent `max` parameter sets) while nothing of `topic` changed: SQLite
     * only, once `trackChanges` ran. The answer's rows are frozen: callers share them.
     */
    keep?: { topic: Topic; max: number };
  } = {},
) {
  interface Compiled {
    query: CompiledQuery<Row>;
    slots: (number | null)[];
    kept: Map<string, { generation: number; rows: readonly Row[] }>;
  }
  const compiled = new WeakMap<Kysely<DB>, Compiled>();
  const rowsOf = (result: Promise<QueryResult<Row>>) => result.then((r) => r.rows);
  return (db: Kysely<DB>, ...params: P): MaybePromise<readonly Row[]> => {
    // A transaction lives for one write: built for it alone.
    if (db.isTransaction) return rowsOf(db.executeQuery(build(db, ...params).compile()));
    let c = compiled.get(db);
    if (!c) {
      const query = build(db, ...(params.map((_, i) => marker(i)) as unknown as P)).compile();
      const slots = query.parameters.map((v) => (typeof v === 'string' && MARKER.test(v) ? Number(MARKER.exec(v)?.[1]) : null));
      compiled.set(db, (c = { query, slots, kept: new Map() }));
    }
    const { query, slots, kept } = c;
    const state = databaseState(db);
    const direct = state.sqlite;
    const keep = direct && state.changes && opts.keep;
    const generation = keep ? state.changes?.[keep.topic] : undefined;
    const key = keep ? JSON.stringify(params) : '';
    // A kept answer whose generation holds is what is committed: no statement since, not even one
    // of a write still open, changed a row of its topic (the triggers run inside the statement).
    const known = keep ? kept.get(key) : undefined;
    if (known && known.generation === generation) return known.rows;
    const parameters = query.parameters.map((v, i) => (slots[i] === null ? v : params[slots[i] as number]));
    // Inside a write this connection sees what is not committed yet: the read waits for the
    // commit through Kysely, and its answer is not kept.
    if (!direct || direct.inTransaction()) return rowsOf(db.executeQuery<Row>({ ...query, parameters }));
    if (!keep || generation === undefined) return direct.prepare(query.sql).all(parameters) as Row[];
    // Read and kept in one synchronous step: no change can come between.
    const rows = Object.freeze((direct.prepare(query.sql).all(parameters) as Row[]).map((r) => Object.freeze(r)));
    kept.delete(key);
    kept.set(key, { generation, rows });
    if (kept.size > keep.max) kept.delete(kept.keys().next().value as string);
    return rows;
  };
}

const statementTexts = new WeakMap<object, Map<string, string>>();

/**
 * A statement run on every write whose text depends only on `shape` (a table and a number of
 * rows, say): Kysely builds and compiles it the first time on each kind of database, and later
 * calls reuse the text with their own `parameters`, which must be what `build`'s query binds, in
 * its order (checked on the first call). Building is most of such a statement's cost. A call with
 * any value that is not plain (undefined, an object) is simply built and run.
 */
export async function reusedStatement<Row>(
  db: Kysely<DB>,
  shape: string,
  parameters: readonly unknown[],
  build: () => { compile(db: Kysely<DB>): CompiledQuery<Row> },
): Promise<Row[]> {
  // Only plain values bind the same way every time (an undefined is DEFAULT, an object may be SQL).
  if (!parameters.every((v) => v === null || ['string', 'number', 'bigint', 'boolean'].includes(typeof v)))
    return [...(await db.executeQuery(build().compile(db))).rows];
  const adapter = db.getExecutor().adapter;
  let texts = statementTexts.get(adapter);
  if (!texts) statementTexts.set(adapter, (texts = new Map()));
  const text = texts.get(shape);
  if (text !== undefined) return [...(await db.executeQuery<Row>(CompiledQuery.raw(text, [...parameters]))).rows];
  const compiled = build().compile(db);
  if (compiled.parameters.length !== parameters.length || compiled.parameters.some((v, i) => v !== parameters[i]))
    throw new Error(`reusedStatement ${shape}: the parameters given are not the ones the query binds`);
  if (texts.size < 1000) texts.set(shape, compiled.sql);
  return [...(await db.executeQuery(compiled)).rows];
}

/** Tables whose changes end kept answers, by topic (`trackChanges`). */
const WATCHED: readonly { table: string; topic: Topic }[] = [
  { table: 'session', topic: 'auth' },
  { table: 'user', topic: 'auth' },
  { table: 'ledger_summary', topic: 'books' },
  { table: 'partners', topic: 'partners' },
];

/**
 * Lets `preparedQuery` keep answers on SQLite: temporary triggers, which live on this connection
 * only, bump a topic's generation whenever a watched row is inserted, changed or deleted. Every
 * write of this server goes through this connection, and no other process writes these tables
 * while it runs (one server per data directory; `restore` and `seed:demo` refuse beside it).
 * Call once the tables exist (after better-auth's migrations). PostgreSQL keeps nothing: another
 * instance may change the rows at any moment.
 */
export function trackChanges(db: Kysely<DB>): void {
  const state = databaseState(db);
  if (!state.sqlite) return;
  for (const { table, topic } of WATCHED)
    for (const event of ['insert', 'update', 'delete'])
      state.sqlite.exec(
        `create temp trigger if not exists "ama_${table}_${event}" after ${event} on main."${table}" begin select ama_changed('${topic}'); end`,
      );
  state.changes ??= { auth: 0, books: 0, partners: 0 };
}

export function sqlitePragmas(sqlite: BetterSqlite3.Database) {
  return {
    journal_mode: String(sqlite.pragma('journal_mode', { simple: true })),
    synchronous: Number(sqlite.pragma('synchronous', { simple: true })),
    foreign_keys: Number(sqlite.pragma('foreign_keys', { simple: true })),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const limits = {
    connectionString: url,
    lock_timeout: PG_LIMITS.lockTimeout,
    statement_timeout: PG_LIMITS.statementTimeout,
    idle_in_transaction_session_timeout: PG_LIMITS.idleInTransaction,
    connectionTimeoutMillis: PG_LIMITS.connect,
  };
  const pool = new pg.Pool({ ...limits, max: 10 });
  // Health has a connection of its own, so a pool full of waiting writes cannot hold it up.
  const healthPool = new pg.Pool({ ...limits, max: 1, connectionTimeoutMillis: 800, statement_timeout: 800 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  const state = databaseState(db);
  state.dialect = 'postgres';
  // A connection the server ends (restart, failover, pg_terminate_backend) reports here, idle or
  // in use; the pool drops it and opens a new one when next needed. Left unheard, it ends the process.
  for (const p of [pool, healthPool]) {
    p.on('error', (error) => state.onError(error, 'database: idle connection lost'));
    p.on('connect', (client) => client.on('error', (error) => state.onError(error, 'database: connection lost')));
  }
  state.probes = {
    database: async () => (await healthPool.query('select 1 as ok')).rowCount === 1,
    // Can a write take the books' lock now? A transaction holding it too long shows here.
    writes: async () => {
      const client = await healthPool.connect();
      try {
        await client.query('begin');
        await client.query("set local lock_timeout = '500ms'");
        await client.query('select 1 from ledger_summary where id = 1 for update');
        return true;
      } finally {
        await client.query('rollback').catch(() => undefined);
        client.release();
      }
    },
  };
  const close = async () => {
    await db.destroy();
    await healthPool.end();
  };
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await close();
    throw new DatabaseSetupError(`cannot reach PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`);
  }
  return { db, dialect: 'postgres', location: redactUrl(url), close };
}

/**
 * Runs `fn` while holding the database's migration lock (PostgreSQL: a session advisory lock
 * per schema), so instances starting together migrate one after another. SQLite needs none:
 * its migrations run in one process at a time (see `lockDataDir`).
 */
export async function withMigrationLock<T>(database: Pick<Database, 'db' | 'dialect'>, fn: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return fn();
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext('ama-migrations:' || current_schema()))`.execute(conn);
    try {
      return await fn();
    } finally {
      await sql`select pg_advisory_unlock(hashtext('ama-migrations:' || current_schema()))`.execute(conn);
    }
  });
}

/**
 * One server per SQLite data directory: holds an exclusive lock on a lock file named after the
 * directory for the life of the process (the kernel frees it when the process ends, even by
 * kill -9). A second server on the same directory gets a DatabaseSetupError instead of failing
 * writes later. The lock file lives in the temporary folder, so DATA_DIR holds only the books.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const id = crypto.createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 20);
  const file = path.join(os.tmpdir(), `ama-server-${id}.lock`);
  const lock = new BetterSqlite3(file);
  try {
    lock.pragma('busy_timeout = 0');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('create table if not exists holder (pid integer)');
    lock.exec('begin exclusive');
    lock.prepare('delete from holder').run();
    lock.prepare('insert into holder values (?)').run(process.pid);
    lock.exec('commit');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new DatabaseSetupError(`another server is already running on ${dataDir} (it holds ${file}); stop it first, or set DATA_DIR to another folder`);
    }
    throw error;
  }
  return () => lock.close();
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://(unparsable url)';
  }
}

/** Brings the schema up to date. Throws with the failing migration's name. */
export function migrateToLatest(database: Pick<Database, 'db' | 'dialect'>): Promise<string[]> {
  return withMigrationLock(database, () => migrateUnlocked(database));
}

async function migrateUnlocked(database: Pick<Database, 'db' | 'dialect'>): Promise<string[]> {
  // On PostgreSQL the migrator must look for its own tables in our schema only: left to itself it
  // takes another schema's kysely_migration for ours.
  const schema = database.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s : undefined;
  // Unordered: a migration merged from a parallel branch (or re-run after its row was removed)
  // runs even when later ones have already run; each is written to stand on its own.
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new DatabaseSetupError(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${(error as Error | undefined)?.message ?? 'unknown error'}`);
  }
  return (results ?? []).map((r) => r.migrationName);
}

/** A unique index refused a row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
