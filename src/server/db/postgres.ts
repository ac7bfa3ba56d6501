import { type DatabaseIntrospector, Kysely, PostgresDialect, sql, type TableMetadata } from 'kysely';
import pg from 'pg';
import { type Database, DatabaseSetupError } from './dialect.ts';
import type { DB } from './schema.ts';
import { databaseState } from './state.ts';

// Opening the PostgreSQL books: a pool with limits on every wait, and a pool of one for /api/health.

// PostgreSQL limits (milliseconds): a write waits this long for a lock, any statement runs this
// long, a transaction may sit idle this long, a request waits this long for a pooled connection.
export const PG_LIMITS = { lockTimeout: 3000, statementTimeout: 15000, idleInTransaction: 30000, connect: 5000 };

// BIGINT money (poisha) comes back from pg as text; every amount we store fits in 2^53.
pg.types.setTypeParser(20, (v) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw new DatabaseSetupError(`integer out of safe range: ${v}`);
  return n;
});

/**
 * The address with `-c jit=off` added to its own `options` (which would replace a pool's): the
 * books' reads are short, and a recursive one (the due list's walk, decision 0043) is estimated dear
 * enough to be JIT-compiled first: 1.6 s instead of 3 ms a due list.
 */
export function withoutJit(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  const options = u.searchParams.get('options');
  u.searchParams.set('options', options ? `${options} -c jit=off` : '-c jit=off');
  return u.toString();
}

/**
 * Kysely's introspector lists the tables of every schema in the database, with each one's columns,
 * and fails when another schema is dropped while it reads ("schema … does not exist"): another set
 * of books or a test in the same database. Its one user here, the migrator, asks only whether its
 * own tables exist, so this one lists the names of the current schema's tables and nothing else.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<{ name: string }[]> {
    return (await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db)).rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; view: boolean }>`
      select c.relname as name, n.nspname as schema, c.relkind = 'v' as view
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v')`.execute(this.db);
    return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.view, columns: [] }));
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}

class OwnSchemaDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

/** How long a start waits between tries while PostgreSQL is down: doubling from the first to the last. */
export const START_RETRY_MS = { first: 500, max: 10_000 };

/**
 * `waitWith`: while PostgreSQL cannot be reached (down, starting, refusing connections for now),
 * try again with backoff instead of failing, reporting each failed try in one line here (the
 * server's start). Without it (the cli), the first failure is the answer. A refusal that waiting
 * cannot mend (wrong password, no such database) fails at once either way.
 */
export async function openPostgres(url: string, opts: { waitWith?: (line: string) => void } = {}): Promise<Database> {
  const limits = {
    connectionString: withoutJit(url),
    lock_timeout: PG_LIMITS.lockTimeout,
    statement_timeout: PG_LIMITS.statementTimeout,
    idle_in_transaction_session_timeout: PG_LIMITS.idleInTransaction,
    connectionTimeoutMillis: PG_LIMITS.connect,
  };
  const pool = new pg.Pool({ ...limits, max: 10 });
  // Health has a connection of its own, so a pool full of waiting writes cannot hold it up.
  const healthPool = new pg.Pool({ ...limits, max: 1, connectionTimeoutMillis: 800, statement_timeout: 800 });
  const db = new Kysely<DB>({ dialect: new OwnSchemaDialect({ pool }) });
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
  for (let attempt = 1, delay = START_RETRY_MS.first; ; attempt++, delay = Math.min(delay * 2, START_RETRY_MS.max)) {
    try {
      await sql`select 1`.execute(db);
      break;
    } catch (error) {
      const why = redactSecrets(url, (error as Error).message);
      if (!opts.waitWith || !mayComeUp(error)) {
        await close();
        throw new DatabaseSetupError(`cannot reach PostgreSQL at ${redactUrl(url)}: ${why}`);
      }
      opts.waitWith(`waiting for PostgreSQL at ${redactUrl(url)}: try ${attempt} failed (${why}); next try in ${delay / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
  return { db, dialect: 'postgres', location: redactUrl(url), close };
}

/** Failures that end once the database is up: the network's, and PostgreSQL's own "not now". */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EPIPE',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ENOENT',
]);
// 57P03 starting up or shutting down, 57P01/57P02 terminated by an administrator or a crash,
// 53300 too many connections; class 08, the connection's own failures.
const NOT_NOW = new Set(['57P03', '57P01', '57P02', '53300']);

function mayComeUp(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return /connection terminated|timeout/i.test((error as Error).message ?? '');
  return NETWORK_CODES.has(code) || NOT_NOW.has(code) || code.startsWith('08');
}

/** A message with the URL's password taken out, should a driver ever quote it. */
function redactSecrets(url: string, message: string): string {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password ? message.replaceAll(password, '***') : message;
  } catch {
    return message;
  }
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
