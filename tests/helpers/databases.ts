import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Database } from '../../src/server/db/dialect.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { openPostgres } from '../../src/server/db/postgres.ts';
import { openSqlite } from '../../src/server/db/sqlite.ts';

// The same suite runs on a fresh SQLite file and, when TEST_DATABASE_URL is set, on a private
// PostgreSQL schema. Each call gives a new, migrated, empty database and a way to drop it.

export interface TestDatabase {
  database: Database;
  /** How to open a second connection to the same data: a SQLite file or a PostgreSQL URL. */
  target: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };
  drop(): Promise<void>;
}

export type DialectName = 'sqlite' | 'postgres';

export const dialects: DialectName[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export async function createTestDatabase(dialect: DialectName, opts: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = opts.migrate ?? true;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-test-'));
    const file = path.join(dir, 'ama.sqlite');
    const database = openSqlite(file);
    if (migrate) await migrateToLatest(database);
    return {
      database,
      target: { dialect: 'sqlite', file },
      drop: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  // Named after the schema, so a test can find (and terminate) this database's connections only.
  url.searchParams.set('application_name', schema);
  const database = await openPostgres(url.toString());
  if (migrate) await migrateToLatest(database);
  return {
    database,
    target: { dialect: 'postgres', url: url.toString() },
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}
