import { createRequire } from 'node:module';
import type Driver from 'better-sqlite3';

// The SQLite driver for the Node that runs us (docs/decisions/0028-node-24-and-sqlite-driver.md):
// better-sqlite3 13 (N-API, installed as the optional dependency better-sqlite3-napi) on Node 22
// and later, where 12 aborts when a statement is garbage-collected (Node 24.19+); better-sqlite3 12
// on Node 20, where 13 crashes. Both have the same API and types. Everything that opens a SQLite
// file imports it from here, never from 'better-sqlite3'.

/** The first Node major that gets better-sqlite3 13. */
const NAPI_FROM_NODE = 22;

const nodeMajor = Number(process.versions.node.split('.')[0]);

/** The package this Node loads: 'better-sqlite3-napi' (13) or 'better-sqlite3' (12). */
export const sqliteDriverName = nodeMajor >= NAPI_FROM_NODE ? 'better-sqlite3-napi' : 'better-sqlite3';

function load(): typeof Driver {
  const require = createRequire(import.meta.url);
  try {
    return require(sqliteDriverName) as typeof Driver;
  } catch (error) {
    if ((error as { code?: string }).code !== 'MODULE_NOT_FOUND') throw error;
    // npm skips the optional 13 on Node 20: installed there and run on a newer Node.
    throw new Error(
      `Node ${process.versions.node} needs the SQLite driver ${sqliteDriverName}, which is not installed (node_modules was installed with another Node?): run npm install with this Node`,
      { cause: error },
    );
  }
}

const BetterSqlite3 = load();

// The driver's types under the same name as the constructor, as 'better-sqlite3' gives them.
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace BetterSqlite3 {
  export type Database = Driver.Database;
}

export default BetterSqlite3;
