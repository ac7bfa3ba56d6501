import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from '../../src/server/db/sqlite-driver.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { CATCH_UP_DELAY_MS, type Clock } from '../../src/server/commands/nightly-backup.ts';
import { type TestApp, createTestApp } from '../helpers/app.ts';
import { dialects } from '../helpers/databases.ts';

// The server's nightly backups (issue 31, item 6) on a clock the test moves: the timer fires at
// 02:30 Dhaka, the cli's backup runs for real in its own process, old files go, BACKUP_COMMAND
// gets the path, and /api/health tells the age and a failure.

/** A clock that moves only when told; due timers fire as it passes them. */
function handClock(start: string) {
  let now = Date.parse(start);
  let id = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => (timers.set(++id, { at: now + ms, run }), id),
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  return {
    clock,
    /** Moves to `t` (an ISO time or ms later), firing the timers due by then. */
    moveTo(t: string | number) {
      now = typeof t === 'number' ? now + t : Date.parse(t);
      for (const [key, timer] of [...timers]) {
        if (timer.at > now) continue;
        timers.delete(key);
        timer.run();
      }
    },
    due: () => [...timers.values()].map((t) => new Date(t.at).toISOString()),
  };
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-nightly-'));
let open: TestApp | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

async function start(env: Record<string, string>, clock: Clock) {
  open = await createTestApp('sqlite', { APP_TIME_ZONE: 'Asia/Dhaka', ...env }, { backupClock: clock });
  return open;
}

async function backupHealth(t: TestApp) {
  const res = await t.app.inject({ url: '/api/health' });
  expect(res.statusCode).toBe(200);
  return res.json().data.backup;
}

/** A script for BACKUP_COMMAND that records the arguments it was given, one per line. */
function recorder(dir: string, exitCode = 0) {
  const script = path.join(dir, 'copy-off-site.mjs');
  const record = path.join(dir, 'copied.txt');
  fs.writeFileSync(
    script,
    `import fs from 'node:fs';\nfs.appendFileSync(${JSON.stringify(record)}, process.argv.slice(2).join('\\n') + '\\n');\nprocess.exit(${exitCode});\n`,
  );
  return { command: `${process.execPath} ${script}`, record };
}

describe('nightly backups', { timeout: 60_000 }, () => {
  it('takes a verified backup at 02:30 business time, keeps BACKUP_KEEP_DAYS of them, runs BACKUP_COMMAND with its path, and health tells its age', async () => {
    const work = fs.mkdtempSync(path.join(scratch, 'night-'));
    // A folder name a shell would act on: the path must reach the command as one plain argument.
    const backups = path.join(work, 'backups $(touch pwned); x');
    fs.mkdirSync(backups);
    const lastNight = new Date('2026-11-25T20:30:00Z');
    for (const day of ['2026-11-20', '2026-11-24', '2026-11-25']) {
      fs.writeFileSync(path.join(backups, `ama-${day}.sqlite`), 'an older backup');
      fs.utimesSync(path.join(backups, `ama-${day}.sqlite`), lastNight, lastNight);
    }
    fs.writeFileSync(path.join(backups, 'notes.txt'), 'not a backup');
    const { command, record } = recorder(work);
    const hand = handClock('2026-11-26T12:00:00Z'); // 18:00 in Dhaka
    const t = await start({ BACKUP_DIR: backups, BACKUP_KEEP_DAYS: '3', BACKUP_COMMAND: command }, hand.clock);

    // The newest file on disk is last night's: no catch-up, the next one at 02:30 Dhaka (20:30 UTC).
    expect(await backupHealth(t)).toEqual({ last_good_at: '2026-11-25T20:30:00.000Z', age_hours: 15, last_failed: false, stale: false });
    expect(hand.due()).toEqual(['2026-11-26T20:30:00.000Z']);

    hand.moveTo('2026-11-26T20:29:59Z');
    expect(fs.existsSync(path.join(backups, 'ama-2026-11-27.sqlite'))).toBe(false);
    hand.moveTo('2026-11-26T20:30:00Z');
    expect(hand.due()).toEqual([]);
    await t.app.backups?.runNow(); // joins the backup the timer started

    const made = path.join(backups, 'ama-2026-11-27.sqlite');
    const copy = new BetterSqlite3(made, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      expect(copy.prepare('select count(*) from kysely_migration').pluck().get()).toBeGreaterThan(0);
    } finally {
      copy.close();
    }
    // Three days kept: the 25th and the 27th (there is no 26th); the 20th and the 24th removed.
    expect(fs.readdirSync(backups).sort()).toEqual(['ama-2026-11-25.sqlite', 'ama-2026-11-27.sqlite', 'notes.txt']);
    expect(fs.readFileSync(record, 'utf8')).toBe(`${made}\n`);
    expect(fs.existsSync(path.join(work, 'pwned')) || fs.existsSync('pwned')).toBe(false);
    expect(await backupHealth(t)).toEqual({ last_good_at: '2026-11-26T20:30:00.000Z', age_hours: 0, last_failed: false, stale: false });
    expect(hand.due()).toEqual(['2026-11-27T20:30:00.000Z']);

    // Two nights missed (the timer never fired): stale after two days.
    await t.app.backups?.stop();
    hand.moveTo('2026-11-28T20:31:00Z');
    expect(await backupHealth(t)).toMatchObject({ age_hours: 48, stale: true, last_failed: false });
  });

  it('backs up soon after a start on books without a recent backup; a failing backup or BACKUP_COMMAND is reported until one succeeds', async () => {
    const work = fs.mkdtempSync(path.join(scratch, 'fail-'));
    const backups = path.join(work, 'backups');
    fs.writeFileSync(backups, 'a file where the folder should be'); // the backup cannot be written
    const failing = recorder(work, 3);
    const hand = handClock('2026-11-26T05:00:00Z');
    const t = await start({ BACKUP_DIR: backups, BACKUP_COMMAND: failing.command }, hand.clock);

    expect(await backupHealth(t)).toEqual({ last_good_at: null, age_hours: null, last_failed: false, stale: false });
    expect(hand.due()).toEqual([new Date(Date.parse('2026-11-26T05:00:00Z') + CATCH_UP_DELAY_MS).toISOString()]);
    hand.moveTo(CATCH_UP_DELAY_MS);
    await t.app.backups?.runNow();
    expect(await backupHealth(t)).toEqual({ last_good_at: null, age_hours: null, last_failed: true, stale: true });
    expect(fs.existsSync(failing.record)).toBe(false);

    // The folder back: the backup is made, but the copy off the machine fails: still reported.
    fs.rmSync(backups);
    await t.app.backups?.runNow();
    expect(fs.existsSync(path.join(backups, 'ama-2026-11-26.sqlite'))).toBe(true);
    expect(fs.readFileSync(failing.record, 'utf8')).toBe(`${path.join(backups, 'ama-2026-11-26.sqlite')}\n`);
    expect(await backupHealth(t)).toMatchObject({ last_good_at: '2026-11-26T05:01:00.000Z', last_failed: true, stale: true });
    expect(hand.due()).toEqual(['2026-11-26T20:30:00.000Z']);
  });

  it('answers health without a backup part when BACKUP_DIR is not set', async () => {
    const t = await start({}, handClock('2026-11-26T05:00:00Z').clock);
    expect(await backupHealth(t)).toBeUndefined();
    expect(t.app.backups).toBeNull();
  });

  it.runIf(dialects.includes('postgres'))('takes no backups on PostgreSQL (pg_dump does)', async () => {
    const hand = handClock('2026-11-26T05:00:00Z');
    open = await createTestApp('postgres', { BACKUP_DIR: fs.mkdtempSync(path.join(scratch, 'pg-')) }, { backupClock: hand.clock });
    expect(open.app.backups).toBeNull();
    expect(hand.due()).toEqual([]);
  });
});
