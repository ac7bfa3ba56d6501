import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from './sqlite-driver.ts';
import { DatabaseSetupError } from './dialect.ts';

/** The lock's file, in the data directory beside the books (docs/decisions/0026-lifecycle.md). */
export const LOCK_FILE = 'server.lock';

/** Another process (a server, or a cli command that needs the server stopped) holds the lock. */
export class DataDirLocked extends DatabaseSetupError {}

/**
 * One server per SQLite data directory: holds an exclusive lock on `DATA_DIR/server.lock` for the
 * life of the process, and a cli command that needs the server stopped (seed:demo, restore) holds
 * it while it runs. The lock is the operating system's lock on the file (SQLite's exclusive lock),
 * not the file's presence: the kernel frees it when the process ends, even by kill -9, so a file
 * left behind by a dead process is taken over at once, and no temporary folder (another TMPDIR,
 * systemd's PrivateTmp, a temp cleaner) can hide it. A second holder gets a DatabaseSetupError
 * naming the file.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  let lock: BetterSqlite3.Database;
  try {
    lock = new BetterSqlite3(file, { timeout: 0 });
  } catch (error) {
    throw new DatabaseSetupError(`cannot open the lock file ${file}: ${(error as Error).message}`);
  }
  try {
    // Taken by the first write transaction and held until the connection closes. Nothing is
    // stored: the file is an empty database (SQLite writes its header once, crash-safely, with a
    // server.lock-journal beside it while the lock is held).
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('begin exclusive; commit');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new DataDirLocked(`another server is already running on ${dataDir} (it holds ${file}); stop it first, or set DATA_DIR to another folder`);
    }
    throw new DatabaseSetupError(`cannot lock ${file}: ${(error as Error).message} (with no server running, the file may be removed)`);
  }
  return () => lock.close();
}
