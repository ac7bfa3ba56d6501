import path from 'node:path';
import type { Database } from './dialect.ts';
import { openPostgres } from './postgres.ts';
import { SQLITE_FILE, adoptPageSize, openSqlite } from './sqlite.ts';

// Opens the books' database: PostgreSQL when a URL is configured, otherwise the SQLite file in
// the data folder.

/**
 * `waitWith`: PostgreSQL only: wait for a database that is down, reporting each try (see openPostgres).
 * `owner`: the caller holds the data directory's lock (`lockDataDir`), so no other process has
 * the books open, and an existing SQLite file may be rewritten to SQLITE_PAGE_SIZE.
 */
export async function openDatabase(
  opts: { dataDir: string; databaseUrl?: string | undefined },
  { owner = false, waitWith }: { owner?: boolean; waitWith?: (line: string) => void } = {},
): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, waitWith ? { waitWith } : {});
  const file = path.join(opts.dataDir, SQLITE_FILE);
  const setup = owner ? adoptPageSize(file) : undefined;
  return { ...openSqlite(file), ...(setup ? { setup } : {}) };
}
