import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

  it('refuses an unreachable PostgreSQL without a stack trace', async () => {
    const p = run({ DATABASE_URL: 'postgres://nobody:secret@127.0.0.1:1/none' });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain('Cannot start: cannot reach PostgreSQL at postgres://nobody:***@127.0.0.1:1/none');
    expect(p.output()).not.toContain('secret');
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
