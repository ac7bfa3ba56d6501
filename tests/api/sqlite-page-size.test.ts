import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3, { sqliteDriverName } from '../../src/server/db/sqlite-driver.ts';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { SQLITE_FILE, SQLITE_PAGE_SIZE } from '../../src/server/db/sqlite.ts';
import { checkBooks } from '../../src/server/modules/books/check.ts';
import { fileSettings, oldBooks } from '../helpers/sqlite-books.ts';

// The SQLite books use 1 KiB pages (docs/decisions/0018-sqlite-page-size.md): a new file is
// made with them, and books written before (4 KiB pages) are rewritten once, at a server's start.

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-pages-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Everything the books hold that a user sees: the entries, the partners and the summary. */
function contents(file: string) {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    return {
      entries: db.prepare('select * from entries order by id').all(),
      partners: db.prepare('select * from partners order by id').all(),
      summary: db.prepare('select * from ledger_summary').all(),
    };
  } finally {
    db.close();
  }
}

describe('SQLite page size', { timeout: 60_000 }, () => {
  it('makes new books with 1 KiB pages, in WAL mode', async () => {
    const dir = dataDir();
    const database = await openDatabase({ dataDir: dir });
    await migrateToLatest(database);
    await database.close();
    expect(SQLITE_PAGE_SIZE).toBe(1024);
    expect(fileSettings(path.join(dir, SQLITE_FILE))).toEqual({ pageSize: 1024, journal: 'wal' });
  });

  it('rewrites books of 4 KiB pages when the server opens them, every entry, partner and total as it was', async () => {
    const dir = dataDir();
    const file = await oldBooks(dir);
    const before = contents(file);
    expect(before.entries.length).toBeGreaterThan(500);

    const database = await openDatabase({ dataDir: dir }, { owner: true });
    onTestFinished(() => database.close());
    expect(database.setup).toEqual({ moved: true, message: expect.stringMatching(/^sqlite: the books moved from 4096-byte to 1024-byte pages in \d+ ms$/) });
    expect(await checkBooks(database.db)).toEqual([]);
    expect(contents(file)).toEqual(before);
    expect(fileSettings(file)).toEqual({ pageSize: 1024, journal: 'wal' });

    // Once moved, a later start has nothing to do.
    await database.close();
    const again = await openDatabase({ dataDir: dir }, { owner: true });
    await again.close();
    expect(again.setup).toBeUndefined();
  });

  it('leaves the books as they are while another connection has them open, and moves them at a later start', async () => {
    const dir = dataDir();
    const file = await oldBooks(dir);
    const before = contents(file);
    const reader = new BetterSqlite3(file, { readonly: true });
    reader.prepare('select count(*) from entries').get();

    const first = await openDatabase({ dataDir: dir }, { owner: true });
    expect(first.setup).toEqual({
      moved: false,
      message: expect.stringMatching(/^sqlite: the books keep 4096-byte pages for now \(.+\); the next start tries again$/),
    });
    // The books work as they are: a check reads them whole.
    expect(await checkBooks(first.db)).toEqual([]);
    await first.close();
    reader.close();
    expect(fileSettings(file)).toEqual({ pageSize: 4096, journal: 'wal' });

    const second = await openDatabase({ dataDir: dir }, { owner: true });
    await second.close();
    expect(second.setup?.moved).toBe(true);
    expect(contents(file)).toEqual(before);
  });

  it('keeps the books whole when the process is killed while it moves them, and moves them at the next start', async () => {
    const dir = dataDir();
    const file = await oldBooks(dir, 20_000);
    const before = contents(file);
    // The rewrite of 20,000 entries takes tens to hundreds of ms with the machine's load: SQLite
    // first builds the new copy, then writes it back over the file under a rollback journal. Kill
    // it at fixed moments (most land in the first part), then twice as soon as the journal appears
    // (inside the second part, whatever the machine's speed).
    const journal = `${file}-journal`;
    const moved: boolean[] = [];
    const midway: boolean[] = [];
    for (const moment of [5, 30, 'journal', 'journal'] as const) {
      if (moved.includes(true)) break;
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `import { adoptPageSize } from './src/server/db/sqlite.ts'; console.log('start'); adoptPageSize(${JSON.stringify(file)});`,
        ],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = new Promise((r) => child.once('exit', r));
      const started = await new Promise<boolean>((resolve) => {
        child.stdout.once('data', () => resolve(true));
        child.once('exit', () => resolve(false));
      });
      expect(started).toBe(true);
      if (moment === 'journal') {
        const until = Date.now() + 10_000;
        while (!fs.existsSync(journal) && child.exitCode === null && Date.now() < until) await new Promise((r) => setTimeout(r, 1));
      } else await new Promise((r) => setTimeout(r, moment));
      child.kill('SIGKILL');
      await exited;
      // A rollback journal left behind: the kill landed inside the rewrite.
      midway.push(fs.existsSync(journal));
      const database = await openDatabase({ dataDir: dir });
      expect(await checkBooks(database.db)).toEqual([]);
      await database.close();
      expect(contents(file)).toEqual(before);
      moved.push(fileSettings(file).pageSize === SQLITE_PAGE_SIZE);
    }
    const last = await openDatabase({ dataDir: dir }, { owner: true });
    await last.close();
    expect(fileSettings(file)).toEqual({ pageSize: SQLITE_PAGE_SIZE, journal: 'wal' });
    expect(contents(file)).toEqual(before);
    // At least one kill landed inside the rewrite (else this test proved nothing).
    expect(midway).toContain(true);
    expect(moved).toContain(false);
  });

  it('gives way to a reader holding books left with a rollback journal, puts them back in WAL mode, and starts', async () => {
    const dir = dataDir();
    const file = await oldBooks(dir);
    // As a stop half-way through a rewrite leaves them: a rollback journal, not WAL.
    const raw = new BetterSqlite3(file);
    raw.pragma('journal_mode = DELETE');
    raw.close();
    // A reader in another process (a check, a backup) holds a read for 3 s.
    const reader = spawn(
      process.execPath,
      [
        '-e',
        `const r = new (require(${JSON.stringify(sqliteDriverName)}))(${JSON.stringify(file)}, { readonly: true }); r.exec('begin'); r.prepare('select count(*) from entries').get(); console.log('reading'); setTimeout(() => r.exec('commit'), 3000);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    onTestFinished(() => void reader.kill('SIGKILL'));
    await new Promise((resolve) => reader.stdout.once('data', resolve));

    const database = await openDatabase({ dataDir: dir }, { owner: true });
    onTestFinished(() => database.close());
    expect(database.setup).toEqual({
      moved: false,
      message: expect.stringMatching(/^sqlite: the books keep 4096-byte pages for now \(database is locked\); the next start tries again$/),
    });
    expect(await checkBooks(database.db)).toEqual([]);
    expect(fileSettings(file).journal).toBe('wal');
  });

  it('never rewrites books it opens without owning them (a check or a backup beside a server)', async () => {
    const dir = dataDir();
    const file = await oldBooks(dir);
    const database = await openDatabase({ dataDir: dir });
    await database.close();
    expect(database.setup).toBeUndefined();
    expect(fileSettings(file).pageSize).toBe(4096);
  });
});
