import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from '../../src/server/db/sqlite-driver.ts';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, serverEnv, serverList, startServer } from './support.ts';

// One server per SQLite books (QUALITY.md R10). A server runs; its temporary folder is emptied (a
// temp cleaner), and a second server and `seed:demo` are started on the same DATA_DIR, with that
// emptied folder and with another TMPDIR (as systemd's PrivateTmp gives): each is refused in one
// line, and the running server's books stay as they were. Once the first stops (SIGTERM), and
// once its successor is killed (SIGKILL, leaving the lock file behind), a new server starts.

const run = promisify(execFile);

describe('one server per SQLite books, whatever the temporary folder', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-one-server-'));
  const dataDir = path.join(root, 'data');
  const tmpOf = (name: string) => {
    fs.mkdirSync(path.join(root, name));
    return path.join(root, name);
  };
  const { track, killAll } = serverList();
  let passed = false;

  afterAll(async () => {
    await killAll();
    if (passed) fs.rmSync(root, { recursive: true, force: true });
  });

  const envOf = (port: number, tmp: string) => serverEnv(port, dataDir, { TMPDIR: tmp });

  /** A cli command as the owner runs it: its exit code and what it printed. */
  const cli = (env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { env }).then(
      (r) => ({ code: 0, out: r.stdout + r.stderr }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({ code: e.code ?? -1, out: `${e.stdout ?? ''}${e.stderr ?? ''}` }),
    );

  /** A server that should be refused: its exit code and its whole output. */
  async function refusedStart(env: Record<string, string>, log: string) {
    const s = await startServer(env, log, { ...track, waitHealthy: false });
    return { code: await s.exited, out: fs.readFileSync(log, 'utf8') };
  }

  const entryCount = () => {
    const db = new BetterSqlite3(path.join(dataDir, 'ama.sqlite'), { readonly: true });
    try {
      return Number(db.prepare('select count(*) from entries').pluck().get());
    } finally {
      db.close();
    }
  };

  it('refuses a second server and seed:demo in one line with the temp folder emptied or another TMPDIR; a new server starts after a stop and after kill -9', async () => {
    const firstTmp = tmpOf('tmp-first');
    const otherTmp = tmpOf('tmp-other');
    const [port, otherPort] = [await freePort(), await freePort()];
    const first = await startServer(envOf(port, firstTmp), path.join(root, 'first.log'), track);

    // A temp cleaner empties the first server's temporary folder (tsx's cache is there).
    expect(fs.readdirSync(firstTmp).length).toBeGreaterThan(0);
    for (const name of fs.readdirSync(firstTmp)) fs.rmSync(path.join(firstTmp, name), { recursive: true, force: true });

    const refusedServer = `Cannot start: another server is already running on ${dataDir} (it holds ${path.join(dataDir, 'server.lock')}); stop it first, or set DATA_DIR to another folder\n`;
    const refusedSeed = `Error: a server is running on ${dataDir}: stop it first, then seed:demo\n`;
    const [second, secondOther, seeded, seededOther] = await Promise.all([
      refusedStart(envOf(otherPort, firstTmp), path.join(root, 'second.log')),
      refusedStart(envOf(otherPort, otherTmp), path.join(root, 'second-other.log')),
      cli(envOf(otherPort, firstTmp), 'seed:demo', '--entries', '5'),
      cli(envOf(otherPort, otherTmp), 'seed:demo', '--entries', '5'),
    ]);
    expect(second).toEqual({ code: 1, out: refusedServer });
    expect(secondOther).toEqual({ code: 1, out: refusedServer });
    expect(seeded).toEqual({ code: 1, out: refusedSeed });
    expect(seededOther).toEqual({ code: 1, out: refusedSeed });
    // The running server's books are untouched, and it still serves them.
    expect(entryCount()).toBe(0);
    expect((await fetch(`${first.base}/api/health`)).status).toBe(200);

    // Stopped: the next server starts, with the other temporary folder.
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    const next = await startServer(envOf(otherPort, otherTmp), path.join(root, 'next.log'), track);
    // Killed: the lock file stays behind, and is not taken for a live server's.
    next.kill('SIGKILL');
    await next.exited;
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(true);
    const last = await startServer(envOf(port, firstTmp), path.join(root, 'last.log'), track);
    expect((await fetch(`${last.base}/api/health`)).status).toBe(200);
    last.kill('SIGTERM');
    expect(await last.exited).toBe(0);
    passed = true;
  }, 120_000);
});
