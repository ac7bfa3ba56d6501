import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { freePort } from '../helpers/ports.ts';
import { fileSettings, oldBooks } from '../helpers/sqlite-books.ts';

// The real process: how it refuses bad configuration and how it stops.
function run(env: Record<string, string>, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-start-'))) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH ?? '',
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: '/nonexistent',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  // 'close', not 'exit': the last lines it wrote may still be on their way when it exits.
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, output: () => out, dataDir };
}

/** The health answer of the server `p` once it gives one (undefined if it stops first or takes 30 s). */
async function healthOf(p: ReturnType<typeof run>, port: number): Promise<unknown> {
  let health: unknown;
  for (let i = 0; i < 300 && !health && p.child.exitCode === null; i++) {
    await new Promise((r) => setTimeout(r, 100));
    health = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((r) => r.json())
      .catch(() => undefined);
  }
  return health;
}

// Real processes that compile the server on start (tsx): slow on a loaded 2-core machine.
describe('starting the server', { timeout: 90_000 }, () => {
  it('refuses a bad PORT with one plain line naming it', async () => {
    const p = run({ PORT: 'eighty' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(/Cannot start: Invalid configuration:\s+PORT: /);
    expect(p.output()).not.toMatch(/\n\s+at /);
  });

  it('waits for an unreachable PostgreSQL, one line a try with a growing wait, no password in them', async () => {
    const port = await freePort();
    const p = run({ PORT: String(await freePort()), DATABASE_URL: `postgres://nobody:secret@127.0.0.1:${port}/none` });
    onTestFinished(() => void p.child.kill('SIGKILL'));
    const tries = () => p.output().match(/^waiting for PostgreSQL .*$/gm) ?? [];
    await expect.poll(() => tries().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
    const where = `postgres://nobody:***@127.0.0.1:${port}/none`;
    expect(tries().slice(0, 3)).toEqual(
      [1, 2, 3].map((n) => `waiting for PostgreSQL at ${where}: try ${n} failed (connect ECONNREFUSED 127.0.0.1:${port}); next try in ${[0.5, 1, 2][n - 1]} s`),
    );
    expect(p.child.exitCode).toBe(null);
    expect(p.output()).not.toContain('secret');
    expect(p.output()).not.toMatch(/\n\s+at /);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('refuses at once a PostgreSQL refusal that waiting cannot mend (no such database), in one line', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.pathname = '/ama_no_such_database';
    const p = run({ PORT: String(await freePort()), DATABASE_URL: url.toString() });
    expect(await p.exited).toBe(1);
    expect(p.output()).toMatch(
      /^Cannot start: cannot reach PostgreSQL at postgres:\/\/.*\/ama_no_such_database: database "ama_no_such_database" does not exist\n$/,
    );
  });

  it.runIf(process.env.TEST_DATABASE_URL)('serves once PostgreSQL comes up seconds after the start', async () => {
    const base = new URL(process.env.TEST_DATABASE_URL ?? '');
    const schema = `t_start_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base.toString() });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const proxyPort = await freePort();
    const url = new URL(base);
    url.port = String(proxyPort);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const port = await freePort();
    const p = run({ PORT: String(port), DATABASE_URL: url.toString() });
    // Nothing listens on the proxy's port yet: the database is "down".
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(base.port || 5432), base.hostname);
      client.pipe(upstream).pipe(client);
      for (const s of [client, upstream]) s.on('error', () => (client.destroy(), upstream.destroy()));
    });
    onTestFinished(async () => {
      p.child.kill('SIGKILL');
      await p.exited;
      proxy.close();
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    });
    await expect.poll(() => (p.output().match(/^waiting for PostgreSQL .*$/gm) ?? []).length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    await new Promise<void>((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));
    expect(await healthOf(p, port)).toEqual({ data: { status: 'ok', database: 'postgres' } });
    const migrated = await admin.query(`select count(*)::int as n from information_schema.tables where table_schema = $1 and table_name = 'entries'`, [schema]);
    expect(migrated.rows[0]).toEqual({ n: 1 });
    if (base.password) expect(p.output()).not.toContain(base.password);
  });

  it('serves, logs the SQLite settings, refuses a second server on the same data, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const p = run({ PORT: String(port) });
    onTestFinished(() => void p.child.kill('SIGKILL'));
    expect(await healthOf(p, port)).toEqual({ data: { status: 'ok', database: 'sqlite' } });
    // The log reaches us on its own pipe, maybe after the health answer: wait for the line.
    await expect.poll(() => p.output()).toContain('journal_mode=wal synchronous=FULL foreign_keys=on');
    const second = run({ PORT: String(port + 1) }, p.dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toBe(
      `Cannot start: another server is already running on ${p.dataDir} (it holds ${second.output().match(/holds (\S+)\)/)?.[1]}); stop it first, or set DATA_DIR to another folder\n`,
    );
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain('shutting down');
    expect(fs.existsSync(path.join(p.dataDir, 'ama.sqlite'))).toBe(true);
  });

  it('moves books of 4 KiB pages to 1 KiB pages at start, says so in the log, and serves them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-start-'));
    const file = await oldBooks(dataDir);
    const port = await freePort();
    const p = run({ PORT: String(port) }, dataDir);
    onTestFinished(() => void p.child.kill('SIGKILL'));
    expect(await healthOf(p, port)).toEqual({ data: { status: 'ok', database: 'sqlite' } });
    await expect.poll(() => p.output()).toMatch(/sqlite: the books moved from 4096-byte to 1024-byte pages in \d+ ms/);
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    expect(fileSettings(file)).toEqual({ pageSize: 1024, journal: 'wal' });
  });
});
