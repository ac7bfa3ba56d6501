import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withGoogleShown } from '../../src/server/web.ts';
import { createTestApp } from '../helpers/app.ts';

// A tiny stand-in for the built web app, so these tests do not depend on a build.
const inline = 'window.__ctx = {"ssr":false};';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-web-'));
fs.mkdirSync(path.join(dir, 'assets'));
fs.writeFileSync(
  path.join(dir, 'index.html'),
  `<!DOCTYPE html><html><body><h1>home</h1><script>${inline}</script><script type="module" src="/assets/app-abc.js"></script></body></html>`,
);
fs.writeFileSync(
  path.join(dir, 'index.bn.html'),
  '<!DOCTYPE html><html lang="bn"><body><h1>হোম</h1><script type="module" src="/assets/app-abc.js"></script></body></html>',
);
fs.writeFileSync(path.join(dir, '__spa-fallback.html'), `<!DOCTYPE html><html><body><p>app shell</p><script>${inline}</script></body></html>`);
fs.writeFileSync(path.join(dir, '__spa-fallback.bn.html'), `<!DOCTYPE html><html lang="bn"><body><p>অ্যাপ</p><script>${inline}</script></body></html>`);
fs.writeFileSync(path.join(dir, 'assets', 'app-abc.js'), 'console.log(1)');
// The sign-in pages served without React (decision 0042), each with an inline script of its own.
const loginInline = 'window.__login = 1;';
for (const page of ['login', 'signup']) {
  fs.mkdirSync(path.join(dir, page));
  fs.writeFileSync(path.join(dir, page, 'index.html'), `<!DOCTYPE html><html><body><h1>${page} page</h1><script>${loginInline}</script></body></html>`);
  fs.writeFileSync(path.join(dir, page, 'index.bn.html'), `<!DOCTYPE html><html lang="bn"><body><h1>${page} বাংলা</h1></body></html>`);
}

describe('serving the web app', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { WEB_BUILD_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the prerendered home page with a CSP that allows exactly its inline script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>home</h1>');
    const csp = String(res.headers['content-security-policy']);
    const hash = crypto.createHash('sha256').update(inline).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline'; ");
    expect(csp).toMatch(/script-src [^;]*/);
    expect(csp.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("puts the API's security headers on every API answer: data, refusals, unknown addresses, bad addresses, sign-in", async () => {
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/dashboard' }),
      t.app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      t.app.inject({ method: 'GET', url: '/api/%ZZ' }),
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'nobody@ama.test', password: 'wrong password' } }),
      // Refused by the checks that run before any route: a write from another site, a body not in JSON, text that cannot be stored.
      t.app.inject({ method: 'POST', url: '/api/mWireData', headers: { origin: 'https://elsewhere.example' }, payload: {} }),
      t.app.inject({ method: 'POST', url: '/api/mWireData', headers: { 'content-type': 'text/plain' }, payload: 'name' }),
      t.app.inject({ method: 'GET', url: '/api/mWireData?name=%00' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, 401, 403, 415, 400]);
    for (const res of answers) {
      const security = Object.fromEntries(
        Object.entries(res.headers).filter(([name]) =>
          /^(content-security-policy|cross-origin-|x-content-type|x-frame|referrer-policy|origin-agent|x-(dns|download|permitted|xss))/.test(name),
        ),
      );
      // Nothing in a JSON answer may run, load or be framed; it is not sniffed, and no other site embeds it.
      expect(security, `answer ${res.statusCode}`).toEqual({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("puts a page's security headers on every page: the home page, app pages, unknown pages", async () => {
    const home = await t.app.inject({ method: 'GET', url: '/' });
    const pages = await Promise.all([t.app.inject({ method: 'GET', url: '/cashIn' }), t.app.inject({ method: 'GET', url: '/no-such-page' })]);
    expect(pages.map((r) => r.statusCode)).toEqual([200, 404]);
    for (const res of pages) {
      for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect(res.headers[name], `page ${res.statusCode}: ${name}`).toBe(home.headers[name]);
      }
    }
  });

  it('sends the home page in Bangla when the lang cookie is bn, in English otherwise, varying by cookie', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, '<h1>home</h1>'],
      ['lang=en', '<h1>home</h1>'],
      ['lang=bn', '<h1>হোম</h1>'],
      ['theme=dark; lang=bn', '<h1>হোম</h1>'],
      ['lang=bn; other=1', '<h1>হোম</h1>'],
      ['lang=bnx', '<h1>home</h1>'],
      ['xlang=bn', '<h1>home</h1>'],
    ];
    for (const [cookie, heading] of cases) {
      for (const url of ['/', '/index.html', '/index.bn.html']) {
        const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${url} ${cookie}`).toBe(200);
        expect(res.body, `${url} ${cookie}`).toContain(heading);
        expect(res.headers.vary, `${url} ${cookie}`).toMatch(/\bCookie\b/i);
        expect(res.headers['cache-control'], `${url} ${cookie}`).toBe('no-cache');
      }
    }
  });

  it('sends the app shell for app pages with 200 and for unknown pages with 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/reset-password?token=x' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('app shell');
    const missing = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('app shell');
  });

  it('sends the app shell in Bangla when the lang cookie is bn, for app pages and unknown ones, varying by cookie', async () => {
    for (const [cookie, text] of [
      [undefined, 'app shell'],
      ['lang=en', 'app shell'],
      ['theme=dark; lang=bn', 'অ্যাপ'],
      ['lang=bnx', 'app shell'],
    ] as const) {
      for (const [url, status] of [
        ['/cashIn', 200],
        ['/dashboard/details?x=1', 200],
        ['/no/such/page', 404],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        expect(res.statusCode, `${url} ${cookie}`).toBe(status);
        expect(res.body, `${url} ${cookie}`).toContain(text);
        expect(res.headers.vary, `${url} ${cookie}`).toMatch(/\bCookie\b/i);
      }
    }
  });

  it('sends /login and /signup as their own light pages, in Bangla when the lang cookie is bn, their inline script allowed', async () => {
    const hash = crypto.createHash('sha256').update(loginInline).digest('base64');
    for (const page of ['login', 'signup']) {
      for (const [cookie, text] of [
        [undefined, `${page} page`],
        ['lang=en', `${page} page`],
        ['theme=dark; lang=bn', `${page} বাংলা`],
      ] as const) {
        for (const url of [`/${page}`, `/${page}?from=%2FcashIn`]) {
          const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
          expect(res.statusCode, `${url} ${cookie}`).toBe(200);
          expect(res.body, `${url} ${cookie}`).toContain(text);
          expect(res.body, `${url} ${cookie}`).not.toContain('app shell');
          expect(res.headers.vary, `${url} ${cookie}`).toMatch(/\bCookie\b/i);
          expect(res.headers['cache-control']).toBe('no-cache');
          expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
        }
      }
    }
    // The other pages of a visitor are still the app's.
    expect((await t.app.inject({ method: 'GET', url: '/reset-password' })).body).toContain('app shell');
  });

  it("shows the login page's Google button only when Google sign-in is configured", () => {
    const page = '<form></form><div class="flex flex-col gap-2" hidden="" data-google=""><button>Sign in with Google</button></div>';
    expect(withGoogleShown(page)).toBe('<form></form><div class="flex flex-col gap-2" data-google=""><button>Sign in with Google</button></div>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a POST to a page with a JSON 404, not the app', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { message: 'Not Found' } });
  });
});
