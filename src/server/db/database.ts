import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations/index.ts';
import type { DB } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where the data lives, for logs: a file path or a redacted URL. */
  location: string;
  close(): Promise<void>;
}

export class DatabaseSetupError extends Error {}

// BIGINT money (poisha) comes back from pg as text; every amount we store fits in 2^53.
pg.types.setTypeParser(20, (v) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new DatabaseSetupError(`integer out of safe range: ${v}`);
  return n;
});

export const SQLITE_FILE = 'ama.sqlite';

export async function openDatabase(opts: { dataDir: string; databaseUrl?: string | undefined }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openSqlite(path.join(opts.dataDir, SQLITE_FILE));
}

export function openSqlite(file: string): Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const settings = sqlitePragmas(sqlite);
  // Durability is the whole point of the books: refuse to run on anything weaker.
  if (settings.journal_mode !== 'wal' || settings.synchronous !== 2 || settings.foreign_keys !== 1) {
    sqlite.close();
    throw new DatabaseSetupError(
      `SQLite settings not as required (journal_mode=${settings.journal_mode}, synchronous=${settings.synchronous}, foreign_keys=${settings.foreign_keys}); need wal, 2 (FULL), 1`,
    );
  }
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
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

export function sqlitePragmas(sqlite: BetterSqlite3.Database) {
  return {
    journal_mode: String(sqlite.pragma('journal_mode', { simple: true })),
    synchronous: Number(sqlite.pragma('synchronous', { simple: true })),
    foreign_keys: Number(sqlite.pragma('foreign_keys', { simple: true })),
  };
}

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new DatabaseSetupError(`cannot reach PostgreSQL at ${redactUrl(url)}: ${(error as Error).message}`);
  }
  return { db, dialect: 'postgres', location: redactUrl(url), close: () => db.destroy() };
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
export async function migrateToLatest(database: Pick<Database, 'db' | 'dialect'>): Promise<string[]> {
  // On PostgreSQL the migrator must look for its own tables in our schema only: left to itself it
  // takes another schema's kysely_migration for ours.
  const schema = database.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db: database.db, provider: migrationProvider(database.dialect), ...(schema ? { migrationTableSchema: schema } : {}) });
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
