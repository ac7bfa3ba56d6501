import path from 'node:path';
import BetterSqlite3 from '../../src/server/db/sqlite-driver.ts';
import { expect } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { SQLITE_FILE, openSqlite } from '../../src/server/db/sqlite.ts';
import { seedDemo } from '../../src/server/modules/books/demo.ts';

// SQLite books as files: their settings, and books as older versions of the server wrote them.

/** The file's page size and journal mode, read by a connection of its own. */
export function fileSettings(file: string) {
  const db = new BetterSqlite3(file);
  try {
    return { pageSize: db.pragma('page_size', { simple: true }), journal: db.pragma('journal_mode', { simple: true }) };
  } finally {
    db.close();
  }
}

/** Books as the server wrote them before 1 KiB pages: 4 KiB pages, WAL, demo data, in `dir`. */
export async function oldBooks(dir: string, entries = 600) {
  const file = path.join(dir, SQLITE_FILE);
  const raw = new BetterSqlite3(file);
  raw.pragma('page_size = 4096');
  raw.pragma('journal_mode = WAL');
  raw.close();
  const database = openSqlite(file);
  await migrateToLatest(database);
  await seedDemo(database.db, { entries, today: '2026-11-22' });
  await database.close();
  expect(fileSettings(file).pageSize).toBe(4096);
  return file;
}
