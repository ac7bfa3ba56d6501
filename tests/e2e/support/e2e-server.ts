// The world the browser tests run in: the production build on a throw-away data folder, a real
// SMTP server and a stand-in Google (OpenID provider) on loopback, an admin made with the CLI,
// and a small control port through which tests read mails and choose the Google account.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { userCreateArgs } from '../../helpers/factories.ts';
import { startMailServer } from '../../helpers/mail-server.ts';
import { type OidcAccount, startOidcServer } from '../../helpers/oidc-server.ts';
import { E2E_ADMIN, e2ePorts } from './world.ts';
import { SQLITE_FILE, openSqlite } from '../../../src/server/db/sqlite.ts';
import { checkBooks } from '../../../src/server/modules/books/check.ts';

const { port, controlPort } = e2ePorts();
const base = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-e2e-'));
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => process.exit(0));

const mail = await startMailServer();
const oidc = await startOidcServer({ redirectUris: [`${base}/api/auth/callback/google`] });

Object.assign(process.env, {
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'production',
  APP_URL: base,
  SMTP_URL: mail.url,
  GOOGLE_CLIENT_ID: oidc.clientId,
  GOOGLE_CLIENT_SECRET: oidc.clientSecret,
  GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
  // Many tests sign in from the same address within a minute.
  SIGN_IN_ATTEMPTS_PER_MINUTE: '100000',
  // The browser tests read the session from one address far more often than an office does.
  AUTH_REQUESTS_PER_MINUTE: '1000000',
});

// Asynchronously: the CLI may ask the stand-in Google (in this process) for its discovery document.
await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...userCreateArgs(E2E_ADMIN)], { cwd: root, env: process.env });

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://control');
    if (req.method === 'GET' && url.pathname === '/mails') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = mail.mails
        .filter((m) => !to || m.to.some((t) => t.toLowerCase() === to))
        .map((m) => ({ to: m.to, subject: m.subject, text: m.text, links: mail.linksIn(m) }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/check') {
      // The books recomputed from the entries, read beside the running server (WAL allows it).
      void (async () => {
        const database = openSqlite(path.join(dataDir, SQLITE_FILE));
        try {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(await checkBooks(database.db)));
        } finally {
          await database.close();
        }
      })();
      return;
    }
    if (req.method === 'POST' && url.pathname === '/google-account') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        oidc.setNextAccount(JSON.parse(body) as OidcAccount);
        res.writeHead(204).end();
      });
      return;
    }
    res.writeHead(404).end();
  })
  .listen(controlPort, '127.0.0.1');

// A plain .mjs entry (no types): imported by a computed path.
const startScript = '../../../scripts/start.mjs';
await import(startScript);
