import Fastify from 'fastify';
import pino from 'pino';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { nextRun } from '../../src/server/commands/nightly-backup.ts';
import { ConfigError, loadConfig, splitCommand } from '../../src/server/config.ts';
import { RequestLog, lazyRequestLogger, loggedPath, redactedPaths } from '../../src/server/http/request-log.ts';

describe('the path a log line shows', () => {
  it.each([
    ['/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.x.y&callbackURL=/', '/api/auth/verify-email?…'],
    ['/api/auth/reset-password/AbCdEfGhIjKlMnOpQrStUvWx?callbackURL=%2Freset-password', '/api/auth/reset-password/***?…'],
    ['/api/auth/reset-password/AbCdEfGhIjKlMnOpQrStUvWx', '/api/auth/reset-password/***'],
    ['/api/auth/reset-password', '/api/auth/reset-password'],
    ['/api/auth/callback/google?code=4/0Ab&state=xyz', '/api/auth/callback/google?…'],
    ['/reset-password#token=abc', '/reset-password?…'],
    ['/api/mWireData', '/api/mWireData'],
  ])('%s is logged as %s', (url, logged) => {
    expect(loggedPath(url)).toBe(logged);
  });
});

describe("a request's own logger", () => {
  it('is made only when something is logged through it, then binds the request and redacts as the root does', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const root = pino({ level: 'info', redact: { paths: redactedPaths, censor: '***' } }, stream);
    const children = vi.spyOn(root, 'child');
    const app = Fastify({ loggerInstance: root, logController: new RequestLog('info'), childLoggerFactory: lazyRequestLogger });
    app.get('/fine', async (req) => ({ level: req.log.level }));
    app.post('/fails', async (req) => {
      req.log.warn({ form: { password: 'Secret#2026' } }, 'about to fail');
      throw new Error('boom');
    });
    await app.ready();
    children.mockClear();

    const fine = await app.inject({ method: 'GET', url: '/fine' });
    // Its level answered by the stand-in, and no child made for a read that went well.
    const requestChildren = () => children.mock.calls.filter(([bindings]) => 'reqId' in bindings).length;
    expect(fine.json()).toEqual({ level: 'info' });
    expect(requestChildren()).toBe(0);

    const failed = await app.inject({ method: 'POST', url: '/fails', payload: {} });
    expect(failed.statusCode).toBe(500);
    expect(requestChildren()).toBe(1);
    const warned = lines.find((l) => l.msg === 'about to fail');
    expect(warned).toMatchObject({ reqId: failed.headers['x-request-id'] ?? expect.any(String), form: { password: '***' } });
    // Fastify's line of the error, through the same child: bound to the same request.
    const errored = lines.find((l) => l.err !== undefined);
    expect(errored?.msg).toBe('boom');
    expect(errored?.reqId).toBe(warned?.reqId);
    expect(JSON.stringify(lines)).not.toContain('Secret#2026');
    await app.close();
  });
});

describe('BACKUP_COMMAND and BACKUP_AT', () => {
  it('splits the command at spaces, quotes keeping one argument, nothing expanded', () => {
    expect(splitCommand(`rclone copy --config '/etc/my rclone.conf' "remote:ama books"`)).toEqual([
      'rclone',
      'copy',
      '--config',
      '/etc/my rclone.conf',
      'remote:ama books',
    ]);
    expect(splitCommand('/usr/local/bin/copy-off $(rm -rf /) ;')).toEqual(['/usr/local/bin/copy-off', '$(rm', '-rf', '/)', ';']);
    expect(() => splitCommand('   ')).toThrow(ConfigError);
  });

  it('reads the backup settings, with their defaults, and refuses a bad time naming the variable', () => {
    expect(loadConfig({ BACKUP_DIR: '/var/backups/ama' }).backup).toEqual({ dir: '/var/backups/ama', at: '02:30', keepDays: 30, command: null });
    expect(loadConfig({}).backup).toBeNull();
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_AT: '2:30' })).toThrow(/BACKUP_AT: must be a time of day as HH:MM/);
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_KEEP_DAYS: '0' })).toThrow(/BACKUP_KEEP_DAYS: must be at least 1/);
  });
});

describe('when the next nightly backup is due', () => {
  const at = (iso: string) => new Date(iso).getTime();
  it('is the next 02:30 of the business clock (Dhaka, UTC+6)', () => {
    expect(nextRun(at('2026-11-26T12:00:00Z'), '02:30', 'Asia/Dhaka')).toBe(at('2026-11-26T20:30:00Z'));
    expect(nextRun(at('2026-11-26T20:29:00Z'), '02:30', 'Asia/Dhaka')).toBe(at('2026-11-26T20:30:00Z'));
    expect(nextRun(at('2026-11-26T20:30:00Z'), '02:30', 'Asia/Dhaka')).toBe(at('2026-11-27T20:30:00Z'));
    expect(nextRun(at('2026-12-31T21:00:00Z'), '02:30', 'Asia/Dhaka')).toBe(at('2027-01-01T20:30:00Z'));
  });

  it('follows a zone that changes its clocks', () => {
    // London: GMT until 29 March 2026 01:00 UTC, then BST (UTC+1).
    expect(nextRun(at('2026-03-28T12:00:00Z'), '03:30', 'Europe/London')).toBe(at('2026-03-29T02:30:00Z'));
    expect(nextRun(at('2026-03-27T12:00:00Z'), '03:30', 'Europe/London')).toBe(at('2026-03-28T03:30:00Z'));
  });
});
