import { type ChildProcess, execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from '../../src/server/db/sqlite-driver.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { SQLITE_FILE, openSqlite } from '../../src/server/db/sqlite.ts';
import { seedDemo } from '../../src/server/modules/books/demo.ts';
import { ADMIN_ACCOUNT as ADMIN, entryBody, userCreateArgs } from '../helpers/factories.ts';
import { freePort } from '../helpers/ports.ts';

// Backups (QUALITY.md R6) with the real processes: the server, and `npm run cli -- backup` and
// `restore` as the owner runs them. SQLite only: on PostgreSQL both commands refuse and point to
// pg_dump / pg_restore, which need no code of ours.
// Size: BACKUP_TEST_ENTRIES demo entries are in the books before the server starts (default 2,000;
// e.g. 200000 for a backup that takes a while), BACKUP_TEST_WRITERS concurrent writers (default 4).

const SEEDED = Number(process.env.BACKUP_TEST_ENTRIES ?? 2000);
const WRITERS = Number(process.env.BACKUP_TEST_WRITERS ?? 4);
const TIMEOUT = 120_000 + SEEDED;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-backup-test-'));
const dir = (name: string) => fs.mkdtempSync(path.join(scratch, `${name}-`));
const liveFile = (dataDir: string) => path.join(dataDir, SQLITE_FILE);

/** `npm run cli -- ...` on a data directory: exit code and the printed lines. */
function cli(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli.ts', ...args],
      { env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Reads a database file the way an outsider would: no code of the app. */
function inspect<T>(file: string, read: (db: BetterSqlite3.Database) => T): T {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
const integrity = (file: string) => inspect(file, (db) => db.prepare('pragma integrity_check').pluck().all());
const keyCounts = (file: string) =>
  inspect(
    file,
    (db) =>
      new Map(
        db
          .prepare<[], { k: string; n: number }>('select idempotency_key k, count(*) n from entries where idempotency_key is not null group by k')
          .all()
          .map((r) => [r.k, r.n]),
      ),
  );
const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** A data directory with migrated books, demo entries if asked, and the owner's account made by the cli if asked. */
async function makeDataDir(name: string, opts: { entries?: number; owner?: boolean } = {}): Promise<string> {
  const d = dir(name);
  const database = openSqlite(liveFile(d));
  await migrateToLatest(database);
  if (opts.entries) await seedDemo(database.db, { entries: opts.entries, today: '2026-11-22' });
  await database.close();
  if (opts.owner) {
    const created = await cli(d, ...userCreateArgs(ADMIN));
    expect(created.stderr).toBe('');
  }
  return d;
}

const asides = (dataDir: string) => fs.readdirSync(dataDir).filter((f) => f.startsWith(`${SQLITE_FILE}.before-restore-`));

interface Server {
  base: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  cookie: string;
}

async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      WEB_BUILD_DIR: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (
    let i = 0;
    !(await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false));
    i++
  ) {
    if (i > 300 || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { base, child, exited, cookie };
}

/** Posts one asset entry with an idempotency key; the status, or the network error's message. */
async function postEntry(server: Server, key: string): Promise<number | string> {
  const res = await fetch(`${server.base}/api/assetsCost`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, cookie: server.cookie },
    body: JSON.stringify(entryBody('asset', { name: `Backup drill ${key}`, paid_amount: '12.50', idempotency_key: key })),
  }).catch((error: Error) => error.message);
  if (typeof res === 'string') return res;
  await res.arrayBuffer();
  return res.status;
}

describe('backup and restore (SQLite)', () => {
  let live: string;
  let server: Server | undefined;
  /** A backup taken before the server started, for the refusals. */
  let sample: string;

  beforeAll(async () => {
    live = await makeDataDir('live', { entries: SEEDED, owner: true });
    sample = path.join(dir('sample'), 'sample.sqlite');
    expect((await cli(live, 'backup', sample)).stdout).toMatch(/^backup written: /);
    server = await startServer(live);
  }, TIMEOUT);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it(
    'backs up while writers keep posting; the restored books pass the checks and hold every entry acknowledged before the backup began, once',
    async () => {
      if (!server) throw new Error('no server');
      const running = server;
      const acknowledged = new Set<string>();
      const failures: string[] = [];
      let stop = false;
      const writers = Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; !stop; i++) {
          const key = `drill-w${w}-${i}`;
          const status = await postEntry(running, key);
          if (status === 201) acknowledged.add(key);
          else failures.push(`${key}: ${status}`);
        }
      });
      // Let the writers get going, then back up in the middle of their stream.
      while (acknowledged.size < 20 * WRITERS && failures.length === 0) await new Promise((r) => setTimeout(r, 20));
      expect(failures).toEqual([]);
      const before = new Set(acknowledged);
      const backupFile = path.join(dir('copies'), 'ama-backup.sqlite');
      const backup = await cli(live, 'backup', backupFile);
      const during = acknowledged.size - before.size;
      stop = true;
      await Promise.all(writers);
      // Every write was acknowledged: the backup did not hold the server up.
      expect(failures).toEqual([]);

      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const line = backup.stdout.match(/^backup written: (.+) \((\d+) entries, balance (−?(?:\d{1,2},)*\d{1,3}\.\d\d) taka\)\n$/);
      expect(line, backup.stdout).not.toBeNull();
      expect(line?.[1]).toBe(backupFile);
      // The writes went on while the backup ran.
      expect(during).toBeGreaterThan(0);

      // The backup is one whole file: nothing beside it, nothing left half-written.
      expect(fs.readdirSync(path.dirname(backupFile))).toEqual(['ama-backup.sqlite']);
      expect(integrity(backupFile)).toEqual(['ok']);

      running.child.kill('SIGTERM');
      expect(await running.exited).toBe(0);

      const fresh = dir('restored');
      const restore = await cli(fresh, 'restore', backupFile);
      expect(restore.stderr).toBe('');
      const figures = `${line?.[2]} entries, balance ${line?.[3]} taka`;
      const [aside = ''] = asides(fresh);
      expect(aside).toMatch(/^ama\.sqlite\.before-restore-\d{8}T\d{6}Z$/);
      expect(restore.stdout).toBe(`restored ${backupFile} into ${liveFile(fresh)} (${figures}); the previous database is kept as ${path.join(fresh, aside)}\n`);

      const restored = liveFile(fresh);
      expect(integrity(restored)).toEqual(['ok']);
      const check = await cli(fresh, 'check');
      expect(check.stderr).toBe('');
      expect(check.stdout.startsWith(`books ok: ${figures}, stock `), check.stdout).toBe(true);

      const counts = keyCounts(restored);
      const missing = [...before].filter((k) => counts.get(k) !== 1);
      expect(missing, 'acknowledged before the backup, but not there exactly once').toEqual([]);
      // Nothing that was never sent, and no entry twice.
      expect([...counts.keys()].filter((k) => !k.startsWith('drill-w'))).toEqual([]);
      expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
      expect(Number(line?.[2])).toBe(SEEDED + counts.size);
    },
    TIMEOUT,
  );

  // The refusals below leave the target data directory exactly as it was.
  async function expectRefused(dataDir: string, file: string, message: RegExp) {
    const before = sha256(liveFile(dataDir));
    const res = await cli(dataDir, 'restore', file);
    expect(res.code).toBe(1);
    expect(res.stdout).toBe('');
    expect(res.stderr).toMatch(message);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).not.toContain('unexpected');
    expect(sha256(liveFile(dataDir))).toBe(before);
    expect(asides(dataDir)).toEqual([]);
    expect(fs.readdirSync(dataDir).filter((f) => f.includes('restoring'))).toEqual([]);
  }

  function copyOfBackup(change: (db: BetterSqlite3.Database) => void): string {
    const file = path.join(dir('edited'), 'edited.sqlite');
    fs.copyFileSync(sample, file);
    const db = new BetterSqlite3(file);
    try {
      change(db);
    } finally {
      db.close();
    }
    return file;
  }

  it(
    'refuses to restore (or seed demo data) while the server runs, and the server carries on; once it is killed, restores and keeps the old database whole',
    async () => {
      const d = await makeDataDir('running', { owner: true });
      const other = await startServer(d);
      try {
        expect(await postEntry(other, 'running-1')).toBe(201);
        await expectRefused(d, sample, new RegExp(`^Error: a server is running on ${d}: stop it first, then restore\n$`));
        // Demo data neither: the server keeps the header's figures in memory, trusting that only it writes.
        const seeded = await cli(d, 'seed:demo', '--entries', '5');
        expect([seeded.code, seeded.stdout, seeded.stderr]).toEqual([1, '', `Error: a server is running on ${d}: stop it first, then seed:demo\n`]);
        expect(await postEntry(other, 'running-2')).toBe(201);
      } finally {
        // A crash, not a stop: the last entry is still in the -wal file, and no lock is left behind.
        other.child.kill('SIGKILL');
        await other.exited;
      }
      expect(fs.existsSync(`${liveFile(d)}-wal`)).toBe(true);

      const res = await cli(d, 'restore', sample);
      expect(res.stderr).toBe('');
      expect(res.stdout).toMatch(/^restored .* \(\d+ entries, balance −?(?:\d{1,2},)*\d{1,3}\.\d\d taka\); the previous database is kept as /);
      const [aside = ''] = asides(d);
      // Beside the books only the one-server lock (server.lock, and its journal while held).
      expect(
        fs
          .readdirSync(d)
          .filter((f) => !f.startsWith('server.lock'))
          .sort(),
      ).toEqual([SQLITE_FILE, aside]);
      expect(integrity(path.join(d, aside))).toEqual(['ok']);
      expect([...keyCounts(path.join(d, aside))].sort()).toEqual([
        ['running-1', 1],
        ['running-2', 1],
      ]);
      expect(inspect(liveFile(d), (db) => db.prepare('select count(*) from entries').pluck().get())).toBe(SEEDED);
    },
    TIMEOUT,
  );

  it(
    'refuses a missing file, a file that is not a database, and a database of another app',
    async () => {
      const d = await makeDataDir('target');
      await expectRefused(d, path.join(scratch, 'no-such.sqlite'), /^Error: no such file: .*no-such\.sqlite\n$/);
      const text = path.join(dir('text'), 'notes.txt');
      fs.writeFileSync(text, 'Cash book, page 12\n'.repeat(500));
      await expectRefused(d, text, /^Error: .*notes\.txt is not a SQLite database\n$/);
      const other = path.join(dir('other'), 'other.sqlite');
      const db = new BetterSqlite3(other);
      db.exec('create table songs (title text)');
      db.close();
      await expectRefused(d, other, /^Error: .*other\.sqlite is not a database of this app \(no entries, ledger_summary, kysely_migration table\)\n$/);
    },
    TIMEOUT,
  );

  it(
    'refuses a corrupted backup and one from a newer version of the app',
    async () => {
      const d = await makeDataDir('target');
      const broken = copyOfBackup(() => undefined);
      const { page, size } = inspect(broken, (db) => ({
        page: Number(db.prepare("select rootpage from sqlite_master where name = 'entries'").pluck().get()),
        size: Number(db.pragma('page_size', { simple: true })),
      }));
      // Scribble over the entries table's first page header.
      const fd = fs.openSync(broken, 'r+');
      fs.writeSync(fd, Buffer.alloc(16, 0xee), 0, 16, (page - 1) * size);
      fs.closeSync(fd);
      await expectRefused(d, broken, /^Error: .*edited\.sqlite is corrupted: /);

      const newer = copyOfBackup((db) =>
        db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999-from-the-future', new Date().toISOString()),
      );
      await expectRefused(
        d,
        newer,
        /^Error: .*edited\.sqlite comes from a newer version of the app \(migration 9999-from-the-future\); update the app first\n$/,
      );
    },
    TIMEOUT,
  );

  it(
    'refuses a backup whose books disagree',
    async () => {
      const d = await makeDataDir('target');
      const tampered = copyOfBackup((db) => db.prepare('update ledger_summary set balance_p = balance_p + 100').run());
      await expectRefused(
        d,
        tampered,
        /^Error: the books in .*edited\.sqlite disagree in 1 place\(s\), first: summary balance_p: stored -?\d+, entries add up to -?\d+; nothing restored\n$/,
      );
    },
    TIMEOUT,
  );
});
