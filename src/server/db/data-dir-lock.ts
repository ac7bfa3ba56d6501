import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from './sqlite-driver.ts';
import { DatabaseSetupError } from './dialect.ts';

/**
 * One server per SQLite data directory: holds an exclusive lock on a lock file named after the
 * directory for the life of the process (the kernel frees it when the process ends, even by
 * kill -9). A second server on the same directory gets a DatabaseSetupError instead of failing
 * writes later. The lock file lives in the temporary folder, so DATA_DIR holds only the books.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const id = crypto.createHash('sha256').update(fs.realpathSync(dataDir)).digest('hex').slice(0, 20);
  const file = path.join(os.tmpdir(), `ama-server-${id}.lock`);
  const lock = new BetterSqlite3(file);
  try {
    lock.pragma('busy_timeout = 0');
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('create table if not exists holder (pid integer)');
    lock.exec('begin exclusive');
    lock.prepare('delete from holder').run();
    lock.prepare('insert into holder values (?)').run(process.pid);
    lock.exec('commit');
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      throw new DatabaseSetupError(`another server is already running on ${dataDir} (it holds ${file}); stop it first, or set DATA_DIR to another folder`);
    }
    throw error;
  }
  return () => lock.close();
}
