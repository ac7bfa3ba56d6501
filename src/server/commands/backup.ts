import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from '../db/sqlite-driver.ts';
import { Kysely, SqliteDialect } from 'kysely';
import { formatAmount } from '../../shared/money.ts';
import { getSummary } from '../modules/books/repository.ts';
import { checkBooks } from '../modules/books/check.ts';
import type { Database } from '../db/dialect.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { migrationProvider } from '../db/migrations/index.ts';
import type { DB } from '../db/schema.ts';

// `npm run cli -- backup <file>` and `restore <file>` on SQLite (docs/decisions/0005-backups.md).
// A backup is one self-contained SQLite file (rollback journal mode, no -wal beside it), copied by
// SQLite's backup API in one step from a read snapshot, so the server keeps writing meanwhile.
// A restore needs the server stopped: it holds an exclusive lock on the live file throughout.

/** A refusal with a one-line reason; the cli prints it as is. */
export class BackupError extends Error {}

const WRITE_ALL_PAGES = 0x7fffffff;
/** How long restore waits for the live file's lock before deciding the server is running. */
const LOCK_WAIT_MS = 500;

export async function backupCommand(database: Database, args: string[]): Promise<string> {
  if (database.dialect !== 'sqlite') throw new BackupError('backup copies the SQLite file; on PostgreSQL use pg_dump -Fc (see Backups in the README)');
  const live = path.resolve(database.location);
  const target = path.resolve(fileArgument('backup', args));
  if (target === live || target.startsWith(`${live}-`)) throw new BackupError(`${target} is the live database; write the backup to another file`);
  if (isDirectory(target)) throw new BackupError(`${target} is a folder; name the backup file, e.g. ${path.join(target, 'ama-backup.sqlite')}`);
  if (!isDirectory(path.dirname(target))) throw new BackupError(`cannot write ${target}: the folder ${path.dirname(target)} does not exist`);

  const partial = `${target}.partial-${process.pid}`;
  try {
    const source = new BetterSqlite3(live, { fileMustExist: true });
    try {
      // The first step reads the page count; the second copies every page inside one read
      // transaction: a consistent snapshot, and WAL lets the server's writers go on meanwhile.
      await source.backup(partial, { progress: () => WRITE_ALL_PAGES });
    } finally {
      source.close();
    }
    const copy = openCopy(partial, target);
    let line: string;
    try {
      // The copy's header still says WAL; make it one file that needs nothing beside it.
      copy.pragma('journal_mode = DELETE');
      assertIntact(copy, target);
      line = await withKysely(copy, (db) => summaryLine(db));
    } finally {
      copy.close();
    }
    fsyncFile(partial);
    fs.renameSync(partial, target);
    fsyncFile(path.dirname(target));
    return `backup written: ${target} (${line})`;
  } finally {
    removeSqliteFiles(partial);
  }
}

export async function restoreCommand(database: Database, args: string[]): Promise<string> {
  if (database.dialect !== 'sqlite') throw new BackupError('restore replaces the SQLite file; on PostgreSQL use pg_restore (see Backups in the README)');
  const source = path.resolve(fileArgument('restore', args));
  if (!fs.statSync(source, { throwIfNoEntry: false })?.isFile()) throw new BackupError(`no such file: ${source}`);
  if (fs.existsSync(`${source}-wal`)) {
    throw new BackupError(`${source}-wal lies beside ${source}: that file is not complete by itself; restore a file made by \`npm run cli -- backup\``);
  }
  const live = path.resolve(database.location);
  // The cli opened the live database before running this command; our own connection would
  // hold the very lock that tells us whether the server is running.
  await database.close();

  const lock = lockLiveDatabase(live);
  const incoming = path.join(path.dirname(live), `${path.basename(live)}.restoring-${process.pid}`);
  try {
    fs.copyFileSync(source, incoming);
    const line = await verifyRestorable(incoming, source);
    fsyncFile(incoming);

    // Keep the current database aside, complete in one file, then swap the copy in atomically:
    // the live path always names a whole database.
    lock.pragma('wal_checkpoint(TRUNCATE)');
    lock.pragma('journal_mode = DELETE');
    const aside = asideName(live);
    fs.linkSync(live, aside);
    for (const stale of [`${live}-wal`, `${live}-shm`, `${live}-journal`]) fs.rmSync(stale, { force: true });
    fs.renameSync(incoming, live);
    fsyncFile(path.dirname(live));
    return `restored ${source} into ${live} (${line}); the previous database is kept as ${aside}`;
  } finally {
    lock.close();
    removeSqliteFiles(incoming);
  }
}

function fileArgument(command: string, args: string[]): string {
  const [file, ...rest] = args;
  if (!file || file.startsWith('-') || rest.length > 0) throw new BackupError(`usage: npm run cli -- ${command} <file>`);
  return file;
}

/**
 * Opens the live file with an exclusive lock held until close. Every open connection of a
 * running server holds a shared lock on the file (WAL mode keeps it for the connection's life),
 * so the lock is refused while the server runs, even when it is idle. A killed server holds none.
 */
function lockLiveDatabase(live: string): BetterSqlite3.Database {
  const lock = new BetterSqlite3(live, { timeout: LOCK_WAIT_MS });
  try {
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('BEGIN EXCLUSIVE; COMMIT');
    return lock;
  } catch (error) {
    lock.close();
    if (sqliteCode(error) === 'SQLITE_BUSY') throw new BackupError(`the database ${live} is in use: stop the server first, then restore`);
    throw new BackupError(`cannot lock the live database ${live}: ${(error as Error).message}`);
  }
}

/** Every check a file must pass before it replaces the live database; migrates it to this code. */
async function verifyRestorable(file: string, named: string): Promise<string> {
  const copy = openCopy(file, named);
  try {
    assertIntact(copy, named);
    const tables = new Set(
      copy
        .prepare<[], { name: string }>("select name from sqlite_master where type = 'table'")
        .all()
        .map((t) => t.name),
    );
    const missing = ['entries', 'ledger_summary', 'kysely_migration'].filter((t) => !tables.has(t));
    if (missing.length > 0) throw new BackupError(`${named} is not a database of this app (no ${missing.join(', ')} table)`);
    const known = new Set(Object.keys(await migrationProvider('sqlite').getMigrations()));
    const newer = copy
      .prepare<[], { name: string }>('select name from kysely_migration order by name')
      .all()
      .filter((m) => !known.has(m.name));
    if (newer.length > 0)
      throw new BackupError(`${named} comes from a newer version of the app (migration ${newer.map((m) => m.name).join(', ')}); update the app first`);
    copy.pragma('foreign_keys = ON');
    return await withKysely(copy, async (db) => {
      await migrateToLatest({ db, dialect: 'sqlite' });
      const problems = await checkBooks(db);
      if (problems.length > 0) throw new BackupError(`the books in ${named} disagree in ${problems.length} place(s), first: ${problems[0]}; nothing restored`);
      copy.pragma('journal_mode = DELETE');
      return summaryLine(db);
    });
  } finally {
    copy.close();
  }
}

/** Opens a copy; a file SQLite cannot read as a database becomes a one-line refusal. */
function openCopy(file: string, named: string): BetterSqlite3.Database {
  const copy = new BetterSqlite3(file, { fileMustExist: true });
  try {
    copy.pragma('schema_version');
    return copy;
  } catch (error) {
    copy.close();
    throw new BackupError(sqliteCode(error) === 'SQLITE_NOTADB' ? `${named} is not a SQLite database` : describeCorruption(named, error));
  }
}

function assertIntact(copy: BetterSqlite3.Database, named: string): void {
  let rows: string[];
  try {
    rows = copy.prepare('pragma integrity_check').pluck().all() as string[];
  } catch (error) {
    throw new BackupError(describeCorruption(named, error));
  }
  // One row can hold many lines, under a '*** in database main ***' heading.
  const problems = rows.flatMap((r) => r.split('\n')).filter((l) => l.trim() !== '' && l !== 'ok' && !l.startsWith('*** '));
  if (problems.length > 0)
    throw new BackupError(`${named} is corrupted: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : ''}`);
}

function describeCorruption(named: string, error: unknown): string {
  return `${named} is corrupted: ${(error as Error).message.replace(/\s+/g, ' ')}`;
}

async function withKysely<T>(sqlite: BetterSqlite3.Database, use: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  // Kysely's destroy would close the handle; the caller closes it instead.
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: { prepare: (q: string) => sqlite.prepare(q), close: () => undefined } }) });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

async function summaryLine(db: Kysely<DB>): Promise<string> {
  const s = await getSummary(db);
  return `${s.entry_count} entries, balance ${formatAmount(Number(s.balance_p))} taka`;
}

function asideName(live: string): string {
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  for (let n = 1; ; n++) {
    const name = `${live}.before-restore-${stamp}${n > 1 ? `-${n}` : ''}`;
    if (!fs.existsSync(name)) return name;
  }
}

function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function removeSqliteFiles(file: string): void {
  for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) fs.rmSync(f, { force: true });
}

function isDirectory(dir: string): boolean {
  return fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function sqliteCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
