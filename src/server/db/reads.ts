import type BetterSqlite3 from 'better-sqlite3';
import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { DB } from './schema.ts';
import { type Topic, databaseState } from './state.ts';

// Fast reads: what the server asks on nearly every request skips as much of Kysely as it can, and
// on SQLite keeps answers while nothing they depend on has changed (docs/decisions/0009-write-path.md).

/**
 * Kysely prepares every query afresh; preparing is a good part of a small query's cost. The same
 * SQL text reuses its prepared statement (the most recent 256 texts are kept).
 */
export function withStatementCache(sqlite: BetterSqlite3.Database) {
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
 * parameters, so its query must not depend on their values. Inside a transaction (`trx`) it runs
 * through Kysely, compiled once per kind of database.
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
  // A transaction lives for one write: its queries are compiled once per kind of database (adapter).
  const inTransactions = new WeakMap<object, Compiled>();
  const compile = (db: Kysely<DB>, params: P): Compiled => {
    const query = build(db, ...(params.map((_, i) => marker(i)) as unknown as P)).compile();
    const slots = query.parameters.map((v) => (typeof v === 'string' && MARKER.test(v) ? Number(MARKER.exec(v)?.[1]) : null));
    return { query, slots, kept: new Map() };
  };
  const withValues = ({ query, slots }: Compiled, params: P) => ({
    ...query,
    parameters: query.parameters.map((v, i) => (slots[i] === null ? v : params[slots[i] as number])),
  });
  const rowsOf = (result: Promise<QueryResult<Row>>) => result.then((r) => r.rows);
  return (db: Kysely<DB>, ...params: P): MaybePromise<readonly Row[]> => {
    if (db.isTransaction) {
      const adapter = db.getExecutor().adapter;
      let t = inTransactions.get(adapter);
      if (!t) inTransactions.set(adapter, (t = compile(db, params)));
      return rowsOf(db.executeQuery<Row>(withValues(t, params)));
    }
    let c = compiled.get(db);
    if (!c) compiled.set(db, (c = compile(db, params)));
    const { query, kept } = c;
    const state = databaseState(db);
    const direct = state.sqlite;
    const keep = direct && state.changes && opts.keep;
    const generation = keep ? state.changes?.[keep.topic] : undefined;
    const key = keep ? JSON.stringify(params) : '';
    // A kept answer whose generation holds is what is committed: no statement since, not even one
    // of a write still open, changed a row of its topic (the triggers run inside the statement).
    const known = keep ? kept.get(key) : undefined;
    if (known && known.generation === generation) return known.rows;
    const { parameters } = withValues(c, params);
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
  { table: 'account_stops', topic: 'auth' },
  { table: 'ledger_summary', topic: 'books' },
  { table: 'money_accounts', topic: 'books' },
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
