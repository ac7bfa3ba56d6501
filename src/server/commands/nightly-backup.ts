import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { todayIn } from '../../shared/dates.ts';
import type { BackupHealth } from '../../shared/api-schemas.ts';
import type { BackupConfig } from '../config.ts';

// The server's nightly backup (SQLite; docs/decisions/0027-request-log-and-nightly-backups.md):
// at BACKUP_AT business time, `npm run cli -- backup` in a process of its own (the copy and its
// integrity check never hold the server's event loop), named by the business date; then files
// older than BACKUP_KEEP_DAYS go and BACKUP_COMMAND runs with the new file's path as an argument.

/** When a good backup is older than this, or the last one failed, admins are warned. */
export const STALE_AFTER_MS = 2 * 24 * 3600_000;
/** At start, books whose last good backup is older than a day are backed up this soon. */
export const CATCH_UP_DELAY_MS = 60_000;
const DAY_MS = 24 * 3600_000;
const BACKUP_TIMEOUT_MS = 3600_000;
const COMMAND_TIMEOUT_MS = 2 * 3600_000;
const FILE = /^ama-(\d{4}-\d{2}-\d{2})\.sqlite$/;

/** The time source and timers; tests bring a clock they move by hand. */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface NightlyBackups {
  health(): BackupHealth;
  /** When the next backup is due (ms since the epoch). */
  nextAt(): number | null;
  /** Takes a backup now (what the timer does); resolves when it and the command are done. */
  runNow(): Promise<void>;
  /** No more backups; waits for one under way. */
  stop(): Promise<void>;
}

export interface NightlyOptions {
  config: BackupConfig;
  timeZone: string;
  /** The server's data folder: the cli's backup reads the live books there. */
  dataDir: string;
  log: FastifyBaseLogger;
  clock?: Clock;
}

export function startNightlyBackups(opts: NightlyOptions): NightlyBackups {
  const { config, timeZone, log } = opts;
  const clock = opts.clock ?? systemClock;
  let lastGoodAt = newestBackupTime(config.dir);
  let lastFailed = false;
  let attempted = false;
  let timer: unknown;
  let next: number | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = (at: number) => {
    if (stopped) return;
    next = at;
    timer = clock.setTimeout(() => void runNow(), Math.max(0, at - clock.now()));
  };

  async function takeBackup(): Promise<void> {
    attempted = true;
    const file = path.join(config.dir, `ama-${todayIn(timeZone, new Date(clock.now()))}.sqlite`);
    try {
      fs.mkdirSync(config.dir, { recursive: true });
      const line = await runCli(['backup', file], opts.dataDir);
      lastGoodAt = clock.now();
      log.info({ file }, `nightly backup: ${line}`);
      prune(config.dir, config.keepDays, timeZone, clock.now(), log);
      if (config.command) await runCommand(config.command, file);
      lastFailed = false;
    } catch (error) {
      lastFailed = true;
      log.error({ file }, `nightly backup failed: ${(error as Error).message}`);
    }
  }

  function runNow(): Promise<void> {
    clock.clearTimeout(timer);
    running ??= takeBackup().finally(() => {
      running = null;
      schedule(nextRun(clock.now(), config.at, timeZone));
    });
    return running;
  }

  // Books whose newest backup is more than a day old (the office PC was off at night, or this is
  // the first start) are backed up soon after the start, then every night.
  const nightly = nextRun(clock.now(), config.at, timeZone);
  const behind = lastGoodAt === null || clock.now() - lastGoodAt > DAY_MS;
  schedule(behind ? Math.min(nightly, clock.now() + CATCH_UP_DELAY_MS) : nightly);
  log.info({ dir: config.dir, at: config.at, keepDays: config.keepDays }, `nightly backups to ${config.dir} at ${config.at} (${timeZone})`);

  return {
    health() {
      const age = lastGoodAt === null ? null : Math.max(0, clock.now() - lastGoodAt);
      return {
        last_good_at: lastGoodAt === null ? null : new Date(lastGoodAt).toISOString(),
        age_hours: age === null ? null : Math.floor(age / 3600_000),
        last_failed: lastFailed,
        stale: lastFailed || (age === null ? attempted : age > STALE_AFTER_MS),
      };
    },
    nextAt: () => next,
    runNow,
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await running;
    },
  };
}

/** The next moment, after `now`, at which the business clock in `timeZone` reads `at` (HH:MM). */
export function nextRun(now: number, at: string, timeZone: string): number {
  const today = todayIn(timeZone, new Date(now));
  const first = zonedTime(today, at, timeZone);
  if (first > now) return first;
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return zonedTime(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10), at, timeZone);
}

/** The instant at which the clock in `timeZone` reads `date` `time`. */
function zonedTime(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // Twice: the offset at the first guess may differ from the one at the answer (a DST change).
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(instant / 1000) * 1000;
}

/** When the newest backup in `dir` was written (null when there is none). */
function newestBackupTime(dir: string): number | null {
  const names = listBackups(dir).map((b) => b.name);
  const newest = names.sort().at(-1);
  return newest ? fs.statSync(path.join(dir, newest)).mtimeMs : null;
}

function listBackups(dir: string): { name: string; date: string }[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const date = FILE.exec(name)?.[1];
    return date ? [{ name, date }] : [];
  });
}

/** Removes the backups dated `keepDays` days before today or earlier: `keepDays` files remain. */
function prune(dir: string, keepDays: number, timeZone: string, now: number, log: FastifyBaseLogger): void {
  const oldest = todayIn(timeZone, new Date(now - (keepDays - 1) * DAY_MS));
  for (const b of listBackups(dir)) {
    if (b.date >= oldest) continue;
    fs.rmSync(path.join(dir, b.name), { force: true });
    log.info({ file: b.name }, 'nightly backup: an old backup removed');
  }
}

/** `npm run cli -- <args>` in a process of its own; its one result line, or an error with its message. */
function runCli(args: string[], dataDir: string): Promise<string> {
  const self = fileURLToPath(import.meta.url);
  const ext = path.extname(self);
  const cli = path.join(path.dirname(self), `../cli${ext}`);
  const root = path.resolve(path.dirname(self), '../../..');
  const loader = ext === '.ts' ? ['--import', 'tsx'] : [];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...loader, cli, ...args], {
      cwd: root,
      // Only what the cli needs: the server's own settings are checked by it, not here.
      env: { PATH: process.env.PATH ?? '', ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: BACKUP_TIMEOUT_MS,
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = out.trim().split('\n').at(-1) ?? '';
      if (code === 0) resolve(line);
      else reject(new Error(line.replace(/^Error: /, '') || `the backup stopped (${signal ?? `exit ${code}`})`));
    });
  });
}

/** BACKUP_COMMAND with the file's path as its last argument; no shell. Only its exit is logged. */
function runCommand(command: string[], file: string): Promise<void> {
  const [program, ...args] = command as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, file], { stdio: 'ignore', timeout: COMMAND_TIMEOUT_MS });
    child.on('error', (error) => reject(new Error(`BACKUP_COMMAND ${program} could not run: ${error.message}`)));
    child.on('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`BACKUP_COMMAND ${program} failed (${signal ?? `exit ${code}`}) on ${file}`)),
    );
  });
}
