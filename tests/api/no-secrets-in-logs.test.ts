import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailServer, startMailServer } from '../helpers/mail-server.ts';
import { freePort } from '../helpers/ports.ts';

// R13 (issue 31, item 7): nothing secret in the log. The real server, started as `npm start`
// starts it (production, the default log level, its log piped as a service's is), goes through a
// sign-up, the verification link, a password reset by its link, sign-ins and a script's bearer
// token; then the whole log is searched for every secret the run used.

const ADMIN = { email: 'owner@logs.test', name: 'Owner', password: 'Owner#Stdin2026' };
const PERSON = { email: 'rahim@logs.test', name: 'Rahim', password: 'First#Pass2026', newPassword: 'Second#Pass2027' };

describe('the log of a full account round (R13)', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-logs-'));
  let mail: MailServer;
  let base: string;
  let server: ReturnType<typeof spawn>;
  let log = '';
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    mail = await startMailServer();
    // The owner's account from the cli, its password on standard input (not on the command line).
    const created = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli.ts', 'user:create', '--email', ADMIN.email, '--name', ADMIN.name, '--role', 'admin'],
      {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
        input: `${ADMIN.password}\n`,
        encoding: 'utf8',
      },
    );
    expect(created).toMatch(/^created admin owner@logs\.test /);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: base,
        SMTP_URL: mail.url,
        WEB_BUILD_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`the server did not start:\n${log}`);
  });

  afterAll(async () => {
    server.kill('SIGKILL');
    await mail.stop();
  });

  /** A browser of one: keeps its cookies, sends the app's origin with every write. */
  function browser() {
    const jar = new Map<string, string>();
    return async (url: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
      const res = await fetch(url.startsWith('http') ? url : `${base}${url}`, {
        method: init.method ?? (init.body ? 'POST' : 'GET'),
        redirect: 'manual',
        headers: {
          ...(init.body ? { 'content-type': 'application/json', origin: base } : {}),
          ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...init.headers,
        },
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (!pair || at < 0) continue;
        const value = pair.slice(at + 1);
        jar.set(pair.slice(0, at), value);
        // The session's cookies (better-auth's); the app's own ama-role/ama-lang hold no secret.
        if (value && !pair.startsWith('ama-')) secrets.set(`cookie ${pair.slice(0, at)}`, value);
      }
      return res;
    };
  }

  it('holds no password, token or cookie, yet tells each request', async () => {
    secrets.set('admin password', ADMIN.password);
    secrets.set('first password', PERSON.password);
    secrets.set('new password', PERSON.newPassword);

    const person = browser();
    expect(
      (await person('/api/auth/sign-up/email', { body: { name: PERSON.name, email: PERSON.email, password: PERSON.password, callbackURL: '/' } })).status,
    ).toBe(200);
    const verifyMail = await mail.waitForMail({ to: PERSON.email, subject: /Verify your email/ });
    const verifyLink = mail.linksIn(verifyMail).find((l) => l.includes('/api/auth/verify-email')) as string;
    secrets.set('verification token', new URL(verifyLink).searchParams.get('token') as string);
    expect((await person(verifyLink)).status).toBe(302);

    expect((await person('/api/auth/request-password-reset', { body: { email: PERSON.email, redirectTo: '/reset-password' } })).status).toBe(200);
    const resetMail = await mail.waitForMail({ to: PERSON.email, subject: /Reset your password/ });
    const resetLink = mail.linksIn(resetMail).find((l) => l.includes('/reset-password')) as string;
    const landing = await person(resetLink);
    expect(landing.status).toBe(302);
    const resetToken = new URL(String(landing.headers.get('location')), base).searchParams.get('token') as string;
    secrets.set('reset token', resetToken);
    expect(resetLink).toContain(resetToken);
    expect((await person('/api/auth/reset-password', { body: { token: resetToken, newPassword: PERSON.newPassword } })).status).toBe(200);
    // A wrong password (a refusal, logged) and the right one.
    expect((await browser()('/api/auth/sign-in/email', { body: { email: PERSON.email, password: PERSON.password } })).status).toBe(401);
    expect((await person('/api/auth/sign-in/email', { body: { email: PERSON.email, password: PERSON.newPassword } })).status).toBe(200);

    const owner = browser();
    expect((await owner('/api/auth/sign-in/email', { body: { email: ADMIN.email, password: ADMIN.password } })).status).toBe(200);
    expect((await owner(`/api/loggedInUsers?email=${encodeURIComponent(PERSON.email)}`)).status).toBe(200);
    const jwt = (await (await owner('/api/jwt', { method: 'POST', headers: { origin: base } })).json()) as { data: string };
    secrets.set('bearer token', jwt.data);
    expect((await fetch(`${base}/api/dashboard`, { headers: { authorization: `Bearer ${jwt.data}` } })).status).toBe(200);
    // A made-up token in a query and in a path nobody serves.
    secrets.set('stray query token', 'stray-Q7xK2pLm9vR4');
    expect((await fetch(`${base}/api/nothing-here?token=stray-Q7xK2pLm9vR4`)).status).toBe(404);

    server.kill('SIGTERM');
    await new Promise((r) => server.once('close', r));

    for (const [what, secret] of secrets) {
      expect(secret.length, what).toBeGreaterThan(8);
      for (const form of new Set([secret, encodeURIComponent(secret), secret.split('.')[0] as string])) {
        expect(log.includes(form), `${what} (${form.slice(0, 6)}…) is in the log`).toBe(false);
      }
    }
    // The log does tell what happened: the writes, the reset link's path masked, the refusals.
    const lines = log
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; req?: { method: string; url: string }; res?: { statusCode: number } });
    const requests = lines.filter((l) => l.msg === 'request completed').map((l) => `${l.req?.method} ${l.req?.url} ${l.res?.statusCode}`);
    expect(requests).toEqual(
      expect.arrayContaining([
        'POST /api/auth/sign-up/email 200',
        'GET /api/auth/verify-email?… 302',
        'GET /api/auth/reset-password/***?… 302',
        'POST /api/auth/reset-password 200',
        'POST /api/auth/sign-in/email 401',
        'POST /api/auth/sign-in/email 200',
        'GET /api/nothing-here?… 404',
      ]),
    );
    // Reads that went well are not logged at `info` (the cheap request log).
    expect(requests.some((r) => r.startsWith('GET /api/health') || r.startsWith('GET /api/dashboard'))).toBe(false);
  });
});
