import { type ChildProcess, execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';
import BetterSqlite3 from '../../src/server/db/sqlite-driver.ts';
import { waitFor } from '../../scripts/processes.mjs';
import { ADMIN_ACCOUNT, userCreateArgs } from '../helpers/factories';
import { freePort } from '../helpers/ports';
import { logIn } from './support/accounts';
import { serviceWorkerInCharge } from './support/service-worker';
import { expect, test } from './fixtures';

// The deployment kit's LAN form (deploy/Caddyfile.lan, `tls internal`) in front of the production
// build on loopback, as docs/deploy.md sets it up: APP_URL https, HOST 127.0.0.1, TRUST_PROXY the
// proxy's address. Over HTTPS the session cookie is Secure, the service worker registers, and the
// sign-in throttle sees each client's own address: X-Forwarded-For counts from Caddy only.

const root = path.resolve(import.meta.dirname, '../..');
const PROXY = '127.0.0.1';
/** Clients on other loopback addresses than the proxy's, so the address the app records tells them apart. */
const CLIENT = '127.0.0.2';
const DIRECT_CLIENT = '127.0.0.3';

interface World {
  dir: string;
  httpsBase: string;
  httpBase: string;
  appBase: string;
  processes: ChildProcess[];
  output: () => string;
}

/** deploy/Caddyfile.lan with this test's addresses, ports and folders in place of the office's. */
function caddyfileFor(w: { httpsPort: number; httpPort: number; appPort: number; caddyData: string }): string {
  // Without its comments, which name the office's settings too.
  const lan = fs.readFileSync(path.join(root, 'deploy/Caddyfile.lan'), 'utf8').replace(/^\s*#.*\n/gm, '');
  const replaced = lan
    .replace('skip_install_trust', `skip_install_trust\n\tadmin off\n\thttp_port ${w.httpPort}\n\thttps_port ${w.httpsPort}`)
    .replace('https://192.168.1.10 {', `https://${PROXY}:${w.httpsPort} {`)
    .replace('http://192.168.1.10 {', `http://${PROXY}:${w.httpPort} {`)
    .replace('reverse_proxy 127.0.0.1:3000', `reverse_proxy ${PROXY}:${w.appPort}`)
    .replace('/var/lib/caddy/.local/share/caddy', w.caddyData);
  expect(replaced.match(/192\.168\.1\.10 \{|:3000|\/var\/lib\/caddy/g), 'every office setting replaced').toBeNull();
  return replaced;
}

async function startWorld(): Promise<World> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-https-'));
  const [appPort, httpsPort, httpPort] = [await freePort(), await freePort(), await freePort()];
  const httpsBase = `https://${PROXY}:${httpsPort}`;
  let out = '';
  const env = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: path.join(dir, 'books'),
    PORT: String(appPort),
    HOST: PROXY,
    APP_URL: httpsBase,
    TRUST_PROXY: PROXY,
  };
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...userCreateArgs(ADMIN_ACCOUNT)], { cwd: root, env });
  const app = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const caddyData = path.join(dir, 'xdg-data', 'caddy');
  fs.writeFileSync(path.join(dir, 'Caddyfile'), caddyfileFor({ httpsPort, httpPort, appPort, caddyData }));
  const caddy = spawn('caddy', ['run', '--adapter', 'caddyfile', '--config', path.join(dir, 'Caddyfile')], {
    cwd: dir,
    env: { PATH: env.PATH, HOME: dir, XDG_DATA_HOME: path.join(dir, 'xdg-data'), XDG_CONFIG_HOME: path.join(dir, 'xdg-config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const [name, child] of [
    ['app', app],
    ['caddy', caddy],
  ] as const) {
    child.stdout?.on('data', (d) => (out += `${name}: ${d}`));
    child.stderr?.on('data', (d) => (out += `${name}: ${d}`));
  }
  const world = { dir, httpsBase, httpBase: `http://${PROXY}:${httpPort}`, appBase: `http://${PROXY}:${appPort}`, processes: [app, caddy], output: () => out };
  try {
    await waitFor(`${world.appBase}/api/health`, app);
    await waitFor(`${world.httpBase}/root.crt`, caddy);
  } catch (error) {
    stopWorld(world);
    throw new Error(`${(error as Error).message}\n${out}`, { cause: error });
  }
  return world;
}

function stopWorld(world: World): void {
  for (const child of world.processes) child.kill('SIGTERM');
}

/** A request with Node's own TLS trusting `ca` alone (as a phone that installed the root), sent from the local address `from`. */
function send(
  url: string,
  opts: { ca?: string; from: string; method?: string; headers?: Record<string, string>; body?: unknown },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const options: https.RequestOptions = {
    method: opts.method ?? 'GET',
    localAddress: opts.from,
    ca: opts.ca,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
  };
  return new Promise((resolve, reject) => {
    const req = (url.startsWith('https:') ? https : http).request(url, options, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The SHA-256 hashes (base64) of the public keys in the certificate chain `base` presents. */
function certificateKeys(base: string): Promise<string[]> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: url.hostname, port: Number(url.port), rejectUnauthorized: false }, () => {
      const keys: string[] = [];
      for (
        let cert: tls.DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
        cert?.raw;
        cert = cert.issuerCertificate === cert ? undefined : cert.issuerCertificate
      ) {
        const spki = new crypto.X509Certificate(cert.raw).publicKey.export({ type: 'spki', format: 'der' });
        keys.push(crypto.createHash('sha256').update(spki).digest('base64'));
      }
      socket.end();
      resolve(keys);
    });
    socket.on('error', reject);
  });
}

/** The addresses the sign-in throttle trusts for an account: where it signed in successfully. */
function signInAddresses(world: World, email: string): string[] {
  const db = new BetterSqlite3(path.join(world.dir, 'books', 'ama.sqlite'), { readonly: true });
  try {
    return (db.prepare('select ip from sign_in_addresses where email = ? order by ip').all(email.toLowerCase()) as { ip: string }[]).map((r) => r.ip);
  } finally {
    db.close();
  }
}

test.describe('HTTPS through Caddy (deploy/Caddyfile.lan)', () => {
  test.describe.configure({ mode: 'serial' });
  // Two servers of its own beside the suite's: on a busy machine, more time than a plain test.
  test.slow();
  let world: World;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    world = await startWorld();
  });
  test.afterAll(() => world && stopWorld(world));

  test("a phone that trusts the office root signs in: the cookie is Secure, the client's own address counts, not X-Forwarded-For @one-width", async () => {
    // The root certificate as a phone downloads it, over plain HTTP on the LAN.
    const rootCert = await send(`${world.httpBase}/root.crt`, { from: CLIENT });
    expect(rootCert.status).toBe(200);
    expect(rootCert.headers['content-type']).toBe('application/x-x509-ca-cert');
    expect(rootCert.body).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(rootCert.body).toBe(fs.readFileSync(path.join(world.dir, 'xdg-data/caddy/pki/authorities/local/root.crt'), 'utf8'));
    // Everything else on plain HTTP goes to HTTPS.
    expect((await send(`${world.httpBase}/login`, { from: CLIENT })).headers.location).toMatch(/^https:\/\/127\.0\.0\.1(:\d+)?\/login$/);

    // Trusting that root and nothing else, the HTTPS answer is valid; X-Forwarded-For from the client is a lie.
    const signIn = await send(`${world.httpsBase}/api/auth/sign-in/email`, {
      ca: rootCert.body,
      from: CLIENT,
      method: 'POST',
      headers: { origin: world.httpsBase, 'x-forwarded-for': '203.0.113.7' },
      body: { email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password },
    });
    expect(signIn.status, signIn.body).toBe(200);
    const cookies = signIn.headers['set-cookie'] ?? [];
    const session = cookies.find((c) => c.startsWith('__Secure-ama.session_token='));
    expect(session, cookies.join('\n')).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(signInAddresses(world, ADMIN_ACCOUNT.email)).toEqual([CLIENT]);

    // Straight to the app, around the proxy: X-Forwarded-For from an untrusted address is not believed.
    const direct = await send(`${world.appBase}/api/auth/sign-in/email`, {
      from: DIRECT_CLIENT,
      method: 'POST',
      headers: { origin: world.httpsBase, 'x-forwarded-for': '198.51.100.9' },
      body: { email: ADMIN_ACCOUNT.email, password: ADMIN_ACCOUNT.password },
    });
    expect(direct.status, direct.body).toBe(200);
    expect(signInAddresses(world, ADMIN_ACCOUNT.email)).toEqual([CLIENT, DIRECT_CLIENT]);
  });

  // A browser that merely ignores certificate errors signs in, but refuses to register a service
  // worker: Chromium is told to accept the office certificates' keys instead, as a phone that
  // installed the root accepts them.
  test('in the browser: signed in over HTTPS, the Secure cookie set and the service worker in charge', async ({ playwright }, testInfo) => {
    const { launchOptions, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = testInfo.project.use;
    const keys = await certificateKeys(world.httpsBase);
    const browser = await playwright.chromium.launch({
      ...launchOptions,
      args: [...(launchOptions?.args ?? []), `--ignore-certificate-errors-spki-list=${keys.join(',')}`],
    });
    try {
      const context = await browser.newContext({
        baseURL: world.httpsBase,
        serviceWorkers: 'allow',
        viewport,
        isMobile,
        hasTouch,
        deviceScaleFactor,
        userAgent,
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await logIn(page, ADMIN_ACCOUNT);
      await expect(page).toHaveURL(/\/dashboard$/);
      const session = (await context.cookies()).find((c) => c.name === '__Secure-ama.session_token');
      expect(session).toMatchObject({ secure: true, httpOnly: true, domain: PROXY });
      await serviceWorkerInCharge(page);
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${world.httpsBase}/sw.js`);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
