import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

// The deployment kit in deploy/ (docs/deploy.md): the systemd units as systemd reads them, and the
// nightly pg_dump's own commands run against a real PostgreSQL. Skipped only where the tool is
// missing (.ci/run installs it).
const root = path.resolve(import.meta.dirname, '../..');
const deploy = path.join(root, 'deploy');
const units = fs.readdirSync(deploy).filter((f) => /\.(service|timer)$/.test(f));
const has = (tool: string) => spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
const read = (file: string) => fs.readFileSync(path.join(deploy, file), 'utf8');

/** `systemd-analyze verify`'s complaints about unit files (none: empty). */
function verify(dir: string, files: string[]): string {
  const result = spawnSync('systemd-analyze', ['verify', ...files], { cwd: dir, encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`.trim() + (result.status === 0 ? '' : `\nexit ${result.status}`);
}

/** A unit's settings as `key=value` lines, with continued lines joined as systemd joins them. */
function settings(file: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const line of read(file).replace(/\\\n/g, ' ').split('\n')) {
    const m = /^([A-Za-z]+)=(.*)$/.exec(line);
    if (m?.[1] !== undefined) found.set(m[1], [...(found.get(m[1]) ?? []), m[2] ?? '']);
  }
  return found;
}

describe.skipIf(!has('systemd-analyze'))('the systemd units in deploy/', () => {
  it('are read by systemd without a complaint', () => {
    expect(units).toEqual(['ama-books-pgdump.service', 'ama-books-pgdump.timer', 'ama-books.service']);
    expect(verify(deploy, units)).toBe('');
  });

  it('a mistake in a unit is reported (the check above can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-units-'));
    fs.writeFileSync(path.join(dir, 'ama-books.service'), read('ama-books.service').replace('TimeoutStopSec=', 'TimeoutStopSecs='));
    expect(verify(dir, ['ama-books.service'])).toContain("Unknown key 'TimeoutStopSecs'");
  });

  it('runs the app as its own user, hardened, its books under /var/lib, stopped within 10 s', () => {
    const s = settings('ama-books.service');
    expect(s.get('User')).toEqual(['ama-books']);
    expect(s.get('StateDirectory')).toEqual(['ama-books']);
    expect(s.get('Restart')).toEqual(['on-failure']);
    for (const [key, value] of [
      ['ProtectSystem', 'strict'],
      ['PrivateTmp', 'yes'],
      ['NoNewPrivileges', 'yes'],
      ['KillSignal', 'SIGTERM'],
    ])
      expect(s.get(key as string), key).toEqual([value]);
    expect(Number(/^(\d+)s$/.exec(s.get('TimeoutStopSec')?.[0] ?? '')?.[1])).toBeLessThanOrEqual(10);
    // The settings file the docs make from .env.example puts the books and backups where the unit may write.
    const example = parseEnv(fs.readFileSync(path.join(root, '.env.example'), 'utf8'));
    const writable = (s.get('ReadWritePaths') ?? []).map((p) => p.replace(/^-/, ''));
    expect(writable).toContain(example.DATA_DIR);
    expect(writable).toContain(example.BACKUP_DIR);
    expect(s.get('Environment')).toContain(`DATA_DIR=${example.DATA_DIR}`);
    expect(s.get('EnvironmentFile')).toEqual(['-/etc/ama-books/ama-books.env']);
    expect(settings('ama-books-pgdump.service').get('ReadWritePaths')).toEqual([example.BACKUP_DIR]);
  });

  it('scores "OK" or better in systemd\'s own exposure review', () => {
    const out = execFileSync('systemd-analyze', ['security', '--offline=true', '--no-pager', 'ama-books.service'], { cwd: deploy, encoding: 'utf8' });
    const score = Number(/Overall exposure level for ama-books\.service: ([\d.]+)/.exec(out)?.[1]);
    expect(score).toBeLessThanOrEqual(2.5);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || !has('pg_dump'))('the nightly pg_dump (deploy/ama-books-pgdump.service)', () => {
  /** The shell script of the unit's ExecStart=, as systemd hands it to /bin/sh ('$$' and '%%' read). */
  const script = () => {
    const exec = settings('ama-books-pgdump.service').get('ExecStart')?.[0] ?? '';
    const m = /^\/bin\/sh -euc '(.*)'$/.exec(exec.trim());
    if (!m?.[1]) throw new Error(`unexpected ExecStart: ${exec}`);
    return m[1].replace(/\$\$/g, '$').replace(/%%/g, '%');
  };

  it('writes a dump pg_restore reads, drops those older than BACKUP_KEEP_DAYS, and hands the file to BACKUP_COMMAND', async () => {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `ama_dump_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-dumps-'));
    try {
      const books = new pg.Client({ connectionString: url.toString() });
      await books.connect();
      await books.query('create table entries (id int primary key, amount bigint); insert into entries values (1, 150000)');
      await books.end();
      const old = path.join(dir, 'ama-2020-01-01-0230.dump');
      const recent = path.join(dir, 'ama-2026-01-01-0230.dump');
      fs.writeFileSync(old, 'old');
      fs.writeFileSync(recent, 'recent');
      const days = (n: number) => new Date(Date.now() - n * 86_400_000);
      fs.utimesSync(old, days(40), days(40));
      fs.utimesSync(recent, days(3), days(3));
      const offsite = path.join(dir, 'offsite.sh');
      fs.writeFileSync(offsite, `#!/bin/sh\necho "$1" > ${dir}/handed-over\n`, { mode: 0o755 });

      const run = spawnSync('/bin/sh', ['-euc', script()], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, DUMP_DIR: dir, DATABASE_URL: url.toString(), BACKUP_KEEP_DAYS: '30', BACKUP_COMMAND: offsite },
      });
      expect(run.status, run.stderr).toBe(0);
      const dumps = fs.readdirSync(dir).filter((f) => f.endsWith('.dump'));
      expect(dumps).toHaveLength(2);
      expect(dumps).toContain(path.basename(recent));
      const made = path.join(dir, dumps.find((f) => f !== path.basename(recent)) ?? '');
      expect(run.stdout.trim()).toBe(`backup written and checked: ${made}`);
      expect(execFileSync('pg_restore', ['--list', made], { encoding: 'utf8' })).toMatch(/TABLE public entries/);
      expect(fs.readFileSync(path.join(dir, 'handed-over'), 'utf8').trim()).toBe(made);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
