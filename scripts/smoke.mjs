// `node scripts/smoke.mjs [--dir DIR] [--npm-start]`: the app as an operator runs it, on whatever
// Node runs this script (CI runs it on Node 24 too, .ci/node24.sh): start on empty SQLite books,
// sign in, a write load of parallel sales, SIGTERM in the middle of it. Passes when the server
// exits 0 within 10 s of the signal, every acknowledged sale is stored exactly once, and the cli's
// `check` finds the books exact. Exit 0 and a line "smoke ok: …", or exit 1 naming what failed.
//   --dir DIR     the app's folder (default: this checkout)
//   --npm-start   start it as `npm start` does (scripts/start.mjs, which builds the web app if it
//                 must) and check that GET / answers the web app; without it, as `npm run serve`
//                 does (no web build needed)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { freePort, waitFor } from './processes.mjs';

const args = process.argv.slice(2);
const dirAt = args.indexOf('--dir');
const root = path.resolve(dirAt >= 0 ? args[dirAt + 1] : path.join(import.meta.dirname, '..'));
const viaNpmStart = args.includes('--npm-start');
const WRITERS = 8;
const SIGTERM_AFTER = 60; // acknowledged sales before the signal
const STOP_WITHIN_MS = 10_000;
const admin = { email: 'smoke@ama.test', password: 'Smoke#2026-ok', name: 'Smoke Admin' };
const client = 'Smoke Client';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-smoke-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' };
const cli = (...cmd) => execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...cmd], { cwd: root, env, encoding: 'utf8' }).trim();

function fail(message) {
  console.error(`smoke FAILED (Node ${process.versions.node}): ${message}`);
  process.exitCode = 1;
}

async function main() {
  cli('user:create', '--email', admin.email, '--password', admin.password, '--name', admin.name, '--role', 'admin');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = spawn(process.execPath, viaNpmStart ? ['scripts/start.mjs'] : ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', APP_URL: base },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
  try {
    await waitFor(`${base}/api/health`, server);
    const startMs = performance.now() - started;
    if (viaNpmStart) {
      // As `npm start` serves it: the web app too.
      const home = await fetch(`${base}/`);
      if (home.status !== 200 || !home.headers.get('content-type')?.includes('text/html'))
        throw new Error(`GET / answered ${home.status} ${home.headers.get('content-type')}`);
    }

    const login = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: admin.email, password: admin.password }),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // Keep-alive connections, as a browser holds them.
    const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
    const post = (url, body) =>
      new Promise((resolve, reject) => {
        const req = http.request(`${base}${url}`, { method: 'POST', agent, headers: { cookie, origin: base, 'content-type': 'application/json' } }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode, text }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(JSON.stringify(body));
      });
    const party = await post('/api/userDetailsData', {
      catagories: 'Client',
      name: client,
      fname: 'Abdul Karim',
      mname: 'Rokeya Begum',
      address: 'Tongi, Gazipur',
      contact: '01712345678',
      nid: '1990123456789',
      assignedSalary: 'N/A',
      userNote: 'smoke test',
    });
    if (party.status !== 201) throw new Error(`adding the client answered ${party.status}: ${party.text}`);

    // The write load: WRITERS loops posting sales until the server stops answering; SIGTERM once
    // SIGTERM_AFTER sales are acknowledged, with requests still in flight.
    const acknowledged = [];
    const refused = [];
    let signalled = null;
    let sent = 0;
    const writer = async () => {
      for (;;) {
        const note = `smoke ${++sent}`;
        let res;
        try {
          res = await post('/api/mWireData', { name: client, size: '12', weight: '100.5', price: '80.5', paid_amount: '5000', discount_amount: '0', note });
        } catch {
          return; // the connection closed: the server is stopping
        }
        if (res.status === 201) acknowledged.push(note);
        else if (signalled === null) refused.push(`${res.status} ${res.text}`);
        else return; // refused while stopping (503 or a closed keep-alive)
        if (acknowledged.length >= SIGTERM_AFTER && signalled === null) {
          signalled = performance.now();
          server.kill('SIGTERM');
        }
      }
    };
    await Promise.all(Array.from({ length: WRITERS }, writer));
    // The clients hang up once their load is done, as behaving clients do (one that holds its
    // connection open is another test's: the server must stop within 10 s whatever a client does).
    agent.destroy();
    if (refused.length) throw new Error(`sales refused before the signal: ${refused.slice(0, 3).join('; ')}`);
    if (signalled === null) throw new Error('the load ended before the signal');
    const end = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), STOP_WITHIN_MS))]);
    if (end === null) throw new Error(`still running ${STOP_WITHIN_MS / 1000} s after SIGTERM`);
    if (end.code !== 0) throw new Error(`exited with ${end.signal ?? end.code} after SIGTERM`);
    const stopMs = end.at - signalled;

    // Every acknowledged sale stored once, and nothing else but what was sent.
    const { default: Database } = await tsImport(pathToFileURL(path.join(root, 'src/server/db/sqlite-driver.ts')).href, import.meta.url);
    const db = new Database(path.join(dataDir, 'ama.sqlite'), { readonly: true, fileMustExist: true });
    const stored = db
      .prepare("select note, count(*) as n from entries where note like 'smoke %' group by note")
      .all()
      .reduce((m, r) => m.set(r.note, r.n), new Map());
    db.close();
    const missing = acknowledged.filter((n) => stored.get(n) !== 1);
    if (missing.length) throw new Error(`${missing.length} acknowledged sales not stored exactly once (${missing.slice(0, 3).join(', ')})`);
    if ([...stored.values()].some((n) => n !== 1)) throw new Error('a sale was stored twice');
    const check = cli('check');
    if (!check.startsWith('books ok')) throw new Error(`check: ${check}`);
    console.log(
      `smoke ok (Node ${process.versions.node}${viaNpmStart ? ', npm start' : ''}): started in ${(startMs / 1000).toFixed(1)} s; ${acknowledged.length} sales acknowledged, ${stored.size} stored; stopped ${Math.round(stopMs)} ms after SIGTERM; ${check}`,
    );
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
