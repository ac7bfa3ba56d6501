// `npm run bench:web` (QUALITY.md P4, P5), from a production build:
// - the gzipped JavaScript a first visit to each route loads, worked out from the built pages and
//   React Router's manifest (the page's own scripts; for pages that start React Router, the entry,
//   the matched routes' chunks and their imports), then checked in Chromium, signed out and signed in;
// - layout shift (CLS) in Chromium at 360 px for those visits; the signed-in screens again in Bangla
//   (localStorage and cookie lang=bn, as the switch leaves them): their first load in Bangla is the English one plus what Chromium loaded
//   in Bangla only (the catalogue's chunk), P5 in both languages;
// - the Lighthouse mobile performance score of `/`, `/login` and `/signup` (median of 3 runs, system Chromium);
// - for `/login` and `/signup` (served without React, decision 0042): every script a first visit
//   loads until the network is quiet, in English and in Bangla, against their own 100 KiB target.
// - every script a first visit to a signed-in screen loads until the network is quiet (the forms'
//   chunks fetched after the first paint included), the largest in English and in Bangla (issue 32 item 4);
// - signed in, on demo books of 2,000 entries: Lighthouse mobile of /cashIn, /cashOut, /dashboard and a
//   client's statement (≥ 95, CLS ≤ 0.02), in English and in Bangla (`--quick`: English only).
// `/` is measured in English and in Bangla (the `lang=bn` cookie: the server sends index.bn.html).
// Options: `--quick` one Lighthouse run per page (CI); `--json <file>` also writes the figures as
// JSON (`npm run bench` puts them in its table); `--build` rebuilds first. WEB_BUILD_DIR measures
// another build (default build/client); LIGHTHOUSE_RUNS overrides the number of runs; BENCH_WEB_PORT
// the server's port (else one the system says is free); LIGHTHOUSE_PAGES the pages Lighthouse runs on;
// BENCH_WEB_FILES=1 prints every visit's scripts and their gzip sizes; LIGHTHOUSE_KEEP=<folder> keeps
// Lighthouse's reports.
// Lighthouse is fetched by npx at run time and kept out of the lockfile (TOOLCHAIN.md).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort, waitFor } from './processes.mjs';
import { readManifest, routeFiles } from './route-manifest.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const jsonIndex = args.indexOf('--json');
const jsonFile = jsonIndex >= 0 ? args[jsonIndex + 1] : undefined;
if (jsonIndex >= 0 && (!jsonFile || jsonFile.startsWith('--'))) {
  console.error('usage: node scripts/bench-web.mjs [--quick] [--build] [--json <file>]');
  process.exit(2);
}
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? (quick ? 1 : 3));
// LIGHTHOUSE_PAGES: only these pages get Lighthouse runs (comma-separated: `/`, `/ (bn)`, `/login`,
// `/signup`, `/cashIn`, `/cashOut`, `/dashboard`, `statement`); the others are reported n/a. CI runs
// one page signed out and one signed in, so the harness cannot rot, in a fraction of the time.
const lighthouseOnly = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
const clientDir = path.resolve(root, process.env.WEB_BUILD_DIR ?? 'build/client');
const port = Number(process.env.BENCH_WEB_PORT ?? (await freePort()));
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'bench-web@ama.test', password: 'Bench#Web2026', name: 'Bench Web' };
// Lighthouse signed in, in Bangla: an account whose language is Bangla (Lighthouse empties the
// browser's storage before each run, so the account and the cookie say it, as on a phone signed in again).
const adminBn = { email: 'bench-web-bn@ama.test', password: 'Bench#Web2026', name: 'Bench Web Bangla' };
// The screens Lighthouse measures signed in (issue 32 item 4), on demo books of 2,000 entries;
// `STATEMENT` stands for a client's statement (its id known once the books are seeded).
const STATEMENT = '/dashboard/ledger?partner=';
const signedInLighthouse = ['/cashIn', '/cashOut', '/dashboard', STATEMENT];
const signedInLanguages = quick ? ['en'] : ['en', 'bn'];

// Every screen behind sign-in (issue 12: /fireCount and /addusers included), visited first.
const signedInRoutes = ['/cashIn', '/cashOut', '/fireCount', '/addusers', '/loggedInUsers', '/dashboard', '/dashboard/details'];
// The sign-in pages, served without React (decision 0042).
const signInRoutes = ['/login', '/signup'];
const routes = ['/', ...signInRoutes, ...signedInRoutes];
// '/ (bn)' is `/` asked for with the cookie lang=bn.
const HOME_BN = '/ (bn)';
const lighthousePages = ['/', HOME_BN, ...signInRoutes];
const urlPath = (page) => (page === HOME_BN ? '/' : page);
const cookiesFor = (page) => (page === HOME_BN ? [{ name: 'lang', value: 'bn', url: base }] : []);
const targets = { homeKiB: 75, signedInKiB: 150, signInKiB: 100, lighthouse: 98, signedInLighthouse: 95, signedInCls: 0.02 };

if (!process.env.WEB_BUILD_DIR && (!fs.existsSync(path.join(clientDir, 'index.html')) || args.includes('--build'))) {
  const b = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}

const gzipSize = (body) => zlib.gzipSync(body, { level: 9 }).length;
const kib = (n) => n / 1024;
const fmtKib = (n) => `${kib(n).toFixed(1)} KiB`;

// ---- JavaScript per route, from the build ----

const read = (file) => fs.readFileSync(path.join(clientDir, file));
const fallbackHtml = read('__spa-fallback.html').toString('utf8');
const appRoutes = readManifest(clientDir, fallbackHtml);
const { url: manifestUrl, manifest } = appRoutes;

/** The HTML a first visit gets: the prerendered page if there is one, else the SPA fallback. */
function pageHtml(pathname) {
  const file = pathname === '/' ? 'index.html' : pathname === HOME_BN ? 'index.bn.html' : path.join(pathname.slice(1), 'index.html');
  return fs.existsSync(path.join(clientDir, file)) ? { file, html: read(file).toString('utf8') } : { file: '__spa-fallback.html', html: fallbackHtml };
}

function firstVisitJs(pathname) {
  const { file, html } = pageHtml(pathname);
  const files = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(m[1]);
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter((s) => s.length > 0);
  const startsReactRouter = html.includes(manifestUrl);
  if (startsReactRouter) {
    files.add(manifestUrl);
    for (const f of [manifest.entry.module, ...manifest.entry.imports]) files.add(f);
    for (const route of routeFiles(appRoutes, pathname)) for (const f of route.files) files.add(f);
  }
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const body = read(f);
    raw += body.length;
    gzip += gzipSize(body);
  }
  const inlineGzip = inline.reduce((sum, s) => sum + gzipSize(Buffer.from(s)), 0);
  return { path: pathname, html: file, react: startsReactRouter, files: [...files], raw, gzip: gzip + inlineGzip, inlineGzip };
}

const javascript = [...routes.slice(0, 1), HOME_BN, ...routes.slice(1)].map(firstVisitJs);

// ---- In Chromium: what a first visit really loads, and layout shift ----

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-bench-web-'));
const serverEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  WEB_BUILD_DIR: clientDir,
  APP_URL: base,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
};
const cli = (...cliArgs) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...cliArgs], { cwd: root, env: serverEnv, stdio: 'ignore' });
for (const a of [admin, adminBn]) cli('user:create', '--email', a.email, '--password', a.password, '--name', a.name, '--role', 'admin');
cli('seed:demo', '--entries', '2000');
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env: serverEnv, stdio: 'inherit' });
const stop = () => {
  server.kill('SIGTERM');
  // Retried: a Lighthouse Chromium's helpers may still be writing to its profile in there for a moment.
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
};
process.on('exit', stop);

await waitFor(`${base}/api/health`, server);

async function visit(browser, storageState, pathname, bangla = false) {
  const context = await browser.newContext({ storageState, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  // Bangla as the switch leaves it: localStorage (in storageState) and the cookie, by which the server sends the Bangla page.
  await context.addCookies(bangla ? [{ name: 'lang', value: 'bn', url: base }] : cookiesFor(pathname));
  await context.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script')
      bodies.push(
        res
          .body()
          .catch(() => Buffer.alloc(0))
          .then((body) => ({ url: new URL(res.url()).pathname, body })),
      );
  });
  await page.goto(`${base}${urlPath(pathname)}`, { waitUntil: 'networkidle' });
  // Late fills (the date, the signed-in header) come after the network is idle.
  await page.waitForTimeout(500);
  const cls = await page.evaluate(() => window.__cls);
  const lang = await page.evaluate(() => document.documentElement.lang);
  const landed = pathname === HOME_BN && lang === 'bn' ? HOME_BN : new URL(page.url()).pathname;
  const scripts = await Promise.all(bodies);
  await context.close();
  const sizes = Object.fromEntries(scripts.map((s) => [s.url, gzipSize(s.body)]));
  if (process.env.BENCH_WEB_FILES)
    console.log(
      `${pathname}${bangla ? ' (bn)' : ''}: ${Object.entries(sizes)
        .map(([url, size]) => `${url.split('/').pop()} ${(size / 1024).toFixed(1)}`)
        .join(', ')}`,
    );
  return { landed, lang, cls, files: Object.keys(sizes), sizes, gzip: Object.values(sizes).reduce((a, b) => a + b, 0) };
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
/** A session of `who` (its cookies), its language set to `lang` when given. */
async function sessionOf(who, lang) {
  const context = await browser.newContext();
  const headers = { origin: base };
  const res = await context.request.post(`${base}/api/auth/sign-in/email`, { data: { email: who.email, password: who.password }, headers });
  if (!res.ok()) throw new Error(`bench sign-in failed: ${res.status()}`);
  if (lang && !(await context.request.post(`${base}/api/auth/update-user`, { data: { lang }, headers })).ok())
    throw new Error('bench: the language was not saved');
  const state = await context.storageState();
  await context.close();
  return state;
}
const signedIn = await sessionOf(admin);
const signedInBnOnly = await sessionOf(adminBn, 'bn');
const partners = await (
  await fetch(`${base}/api/userDetailsData`, { headers: { cookie: signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ') } })
).json();
const client = partners.data.find((p) => p.catagories === 'Client');
if (!client) throw new Error('bench: the demo books have no client');
const lighthouseUrl = (page) => (page === STATEMENT ? `${page}${client.id}` : page);
// The same session with Bangla chosen in this browser (the account has no language of its own).
const signedInBangla = {
  ...signedIn,
  origins: [{ origin: base, localStorage: [...(signedIn.origins.find((o) => o.origin === base)?.localStorage ?? []), { name: 'lang', value: 'bn' }] }],
};

const visits = [];
for (const pathname of ['/', HOME_BN, ...signInRoutes]) visits.push({ path: pathname, signedIn: false, ...(await visit(browser, undefined, pathname)) });
for (const pathname of signInRoutes) visits.push({ path: pathname, signedIn: false, bangla: true, ...(await visit(browser, undefined, pathname, true)) });
for (const pathname of ['/', HOME_BN, ...signedInRoutes]) visits.push({ path: pathname, signedIn: true, ...(await visit(browser, signedIn, pathname)) });
for (const pathname of signedInRoutes) visits.push({ path: pathname, signedIn: true, bangla: true, ...(await visit(browser, signedInBangla, pathname, true)) });
await browser.close();

// ---- Lighthouse ----

const chromeFlags =
  '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/** One Lighthouse run of `page`; `port`: in the Chromium already running there (signed in), else in its own. */
function lighthouse(page, port) {
  const out = path.join(dataDir, `lh-${Math.random()}.json`);
  const cookies = cookiesFor(page).map((c) => `${c.name}=${c.value}`);
  const r = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12.8',
      `${base}${port ? page : urlPath(page)}`,
      ...(cookies.length ? [`--extra-headers=${JSON.stringify({ Cookie: cookies.join('; ') })}`] : []),
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      ...(port ? [`--port=${port}`] : [`--chrome-flags=${chromeFlags}`]),
    ],
    {
      cwd: os.tmpdir(),
      env: { ...process.env, CHROME_PATH: chromiumPath, npm_config_loglevel: 'error' },
      stdio: ['ignore', 'ignore', 'pipe'],
      encoding: 'utf8',
    },
  );
  // A run Lighthouse itself gives up on (NO_NAVSTART, NO_FCP ...): reported with its reason, not counted.
  const report = fs.existsSync(out) ? JSON.parse(fs.readFileSync(out, 'utf8')) : null;
  // LIGHTHOUSE_KEEP=<folder>: every run's whole report is kept there (its long tasks, by script).
  if (report && process.env.LIGHTHOUSE_KEEP) {
    fs.mkdirSync(process.env.LIGHTHOUSE_KEEP, { recursive: true });
    fs.copyFileSync(out, path.join(process.env.LIGHTHOUSE_KEEP, `${page.replace(/\W+/g, '-')}-${Date.now()}.json`));
  }
  const runtimeError = report?.runtimeError?.code;
  if (r.status !== 0 || !report || runtimeError || report.categories?.performance?.score == null) {
    const said = (r.stderr ?? '').split('\n').find((l) => /error|NO_[A-Z_]+/i.test(l));
    return { failed: runtimeError ?? said?.trim() ?? `exit ${r.status ?? r.signal}` };
  }
  const a = report.audits;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
  };
}

for (const js of javascript.slice(0, 2))
  console.log(`\nJavaScript for ${js.path} : ${js.files.length} files, ${fmtKib(js.raw)} raw, ${fmtKib(js.gzip)} gzip (target <= ${targets.homeKiB} KiB gzip)`);
console.log('\nJavaScript a first visit loads (gzip; from the build, then as loaded in Chromium at 360 px, with layout shift):');
for (const r of javascript) {
  const seen = visits.filter((v) => v.path === r.path);
  const who = (v) => `${v.signedIn ? 'signed in' : 'signed out'}${v.bangla ? ' in Bangla' : ''}`;
  const inBrowser = seen.map(
    (v) => `${who(v)}: ${fmtKib(v.gzip)} in ${v.files.length} files, CLS ${v.cls.toFixed(3)}${v.landed === r.path ? '' : `, landed on ${v.landed}`}`,
  );
  console.log(
    `  ${r.path.padEnd(20)} ${fmtKib(r.gzip).padStart(10)} in ${String(r.files.length).padStart(2)} files${r.react ? '' : ' (no React)'}   [${inBrowser.join('; ')}]`,
  );
  for (const v of seen) {
    const extra = v.files.filter((f) => !r.files.includes(f));
    if (extra.length) console.log(`  ${''.padEnd(20)} also loaded ${who(v)}: ${extra.join(', ')}`);
  }
}

/** The runs asked for of `page` (`label` in the report); a run that fails inside Lighthouse is reported and left out (the others count), and one more is tried in its place, up to as many more as runs asked for. */
function lighthouseRuns(page, label, target, port, key = page) {
  const wanted = !lighthouseOnly || lighthouseOnly.includes(key) ? runs : 0;
  const results = [];
  console.log('');
  const failures = [];
  for (let i = 0; results.length < wanted && i < 2 * wanted; i++) {
    const r = lighthouse(page, port);
    if (r.failed) failures.push(r.failed);
    else results.push(r);
    console.log(
      r.failed
        ? `Lighthouse ${label} run ${i + 1}: failed inside Lighthouse (${r.failed}); not counted`
        : `Lighthouse ${label} run ${i + 1}: ${r.score} (FCP ${r.fcp.toFixed(0)} ms, LCP ${r.lcp.toFixed(0)} ms, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)})`,
    );
  }
  const scores = results.map((r) => r.score).sort((a, b) => a - b);
  const median = scores.length ? scores[Math.floor(scores.length / 2)] : null;
  const cls = results.length ? Math.max(...results.map((r) => r.cls)) : null;
  console.log(
    `Lighthouse mobile performance for ${label} : median ${median ?? 'n/a'} of ${scores.length} runs${failures.length ? ` (${failures.length} failed inside Lighthouse, not counted)` : ''}(target >= ${target})`,
  );
  return { runs: results, failed: failures, median, cls, notRun: wanted === 0 };
}

/**
 * A Chromium of its own for Lighthouse, holding `cookies` (a session): Lighthouse empties a page's
 * storage before each run but keeps the cookies, and its `--extra-headers` cookie reaches the page
 * but not the page's own requests (the app's API then answers 401).
 */
async function chromeWith(cookies) {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(dataDir, 'chrome-'));
  const chrome = spawn(chromiumPath, [...chromeFlags.split(' '), `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/json/version`, chrome);
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  await cdp.contexts()[0].addCookies(cookies);
  await cdp.close();
  // Its profile is removed with the data folder: only once it has ended.
  return { port, stop: () => new Promise((resolve) => chrome.once('exit', resolve).kill()) };
}

const lighthouseResults = {};
for (const pathname of lighthousePages) lighthouseResults[pathname] = lighthouseRuns(pathname, pathname, targets.lighthouse);
// Signed in, on the demo books: Bangla by an account that reads Bangla, with the `lang` cookie.
const signedInResults = {};
for (const lang of runs > 0 ? signedInLanguages : []) {
  const session = lang === 'bn' ? signedInBnOnly : signedIn;
  const chrome = await chromeWith([...session.cookies, ...(lang === 'bn' ? [{ name: 'lang', value: 'bn', url: base }] : [])]);
  try {
    for (const page of signedInLighthouse) {
      const label = `${page === STATEMENT ? "a client's statement" : page} signed in${lang === 'bn' ? ' in Bangla' : ''}`;
      signedInResults[label] = lighthouseRuns(lighthouseUrl(page), label, targets.signedInLighthouse, chrome.port, page === STATEMENT ? 'statement' : page);
    }
  } finally {
    await chrome.stop();
  }
}
stop();

// ---- Targets ----

const byPath = Object.fromEntries(javascript.map((r) => [r.path, r]));
// Lighthouse's CLS where it ran (LIGHTHOUSE_PAGES may leave a page out), and Chromium's own visits.
const homeCls = (page) => Math.max(...[lighthouseResults[page].cls ?? []].flat(), ...visits.filter((v) => v.path === page).map((v) => v.cls));
const signedInMax = Math.max(...signedInRoutes.map((p) => byPath[p].gzip));
// In Bangla: the same first load (from the build, as in English) plus what the Bangla visit loaded
// that the English one did not (the catalogue's chunk), measured in Chromium. A page that did not
// turn Bangla counts as not met.
const banglaOnly = (p) => {
  const english = visits.find((v) => v.path === p && v.signedIn && !v.bangla);
  const bangla = visits.find((v) => v.path === p && v.bangla);
  // Not already counted: neither in the English visit nor in the build's first load (a chunk the
  // English visit happened not to fetch before the network was quiet would be counted twice).
  const extra = bangla.files.filter((f) => !english.files.includes(f) && !byPath[p].files.includes(f));
  return { files: extra, gzip: extra.reduce((sum, f) => sum + bangla.sizes[f], 0) };
};
const banglaMax = Math.max(...signedInRoutes.map((p) => byPath[p].gzip + banglaOnly(p).gzip));
const banglaShown = visits.filter((v) => v.bangla).every((v) => v.lang === 'bn' && v.landed === v.path);
/** The signed-in screen whose first visit loaded the most until the network was quiet (the build's first load if more). */
const untilQuiet = (bangla) =>
  signedInRoutes
    .map((page) => {
      const seen = visits.filter((v) => v.path === page && v.signedIn && Boolean(v.bangla) === bangla).map((v) => v.gzip);
      return { page, gzip: Math.max(byPath[page].gzip + (bangla ? banglaOnly(page).gzip : 0), ...seen) };
    })
    .reduce((a, b) => (b.gzip > a.gzip ? b : a));
// Each signed-in screen's own route chunk stays out of the other screens' first visits.
const ownChunk = (p) => routeFiles(appRoutes, p).at(-1).files[0];
const ownChunks = signedInRoutes.every((p) => routes.filter((q) => ownChunk(q) !== ownChunk(p)).every((q) => !byPath[q].files.includes(ownChunk(p))));
const homeRows = (page, label) => [
  {
    id: 'P4',
    what: `JavaScript for ${label} (gzip)`,
    value: Number(kib(byPath[page].gzip).toFixed(1)),
    unit: 'KiB',
    target: `<= ${targets.homeKiB}`,
    met: kib(byPath[page].gzip) <= targets.homeKiB,
  },
  {
    id: 'P4',
    what: `Lighthouse mobile, ${label} (median of ${lighthouseResults[page].runs.length})`,
    value: lighthouseResults[page].notRun ? 'n/a (not run: LIGHTHOUSE_PAGES)' : lighthouseResults[page].median,
    unit: '',
    target: `>= ${targets.lighthouse}`,
    met: lighthouseResults[page].notRun ? null : (lighthouseResults[page].median ?? 0) >= targets.lighthouse,
  },
  {
    id: 'P4',
    what: `layout shift on ${label} (CLS, Lighthouse and Chromium signed out and in)`,
    value: Number(homeCls(page).toPrecision(2)),
    unit: '',
    target: '0 (to 3 places)',
    met: homeCls(page) < 0.0005,
  },
];
// A sign-in page's JavaScript: the most of what its built page names and what a visit loaded, in
// English and in Bangla, until the network was quiet (the words' chunks fetched at once included).
const signInKiB = (page) => kib(Math.max(byPath[page].gzip, ...visits.filter((v) => v.path === page).map((v) => v.gzip)));
const signInRows = (page) => [
  {
    id: 'P4',
    what: `JavaScript a first visit to ${page} loads, English or Bangla, until the network is quiet (gzip)`,
    value: Number(signInKiB(page).toFixed(1)),
    unit: 'KiB',
    target: `<= ${targets.signInKiB}`,
    met: signInKiB(page) <= targets.signInKiB,
  },
  {
    id: 'P4',
    what: `Lighthouse mobile, ${page} (median of ${lighthouseResults[page].runs.length})`,
    value: lighthouseResults[page].notRun ? 'n/a (not run: LIGHTHOUSE_PAGES)' : lighthouseResults[page].median,
    unit: '',
    target: `>= ${targets.lighthouse}`,
    met: lighthouseResults[page].notRun ? null : (lighthouseResults[page].median ?? 0) >= targets.lighthouse,
  },
];
const rows = [
  ...homeRows('/', '/'),
  ...homeRows(HOME_BN, '/ in Bangla'),
  ...signInRoutes.flatMap(signInRows),
  {
    id: 'P5',
    what: `JavaScript of the first signed-in screen, largest of ${signedInRoutes.join(', ')} (gzip)`,
    value: Number(kib(signedInMax).toFixed(1)),
    unit: 'KiB',
    target: `<= ${targets.signedInKiB}`,
    met: kib(signedInMax) <= targets.signedInKiB,
  },
  {
    id: 'P5',
    what: `JavaScript of the first signed-in screen in Bangla, largest of ${signedInRoutes.join(', ')} (gzip; the English first load plus the Bangla catalogue's chunk)`,
    value: Number(kib(banglaMax).toFixed(1)),
    unit: 'KiB',
    target: `<= ${targets.signedInKiB}`,
    met: banglaShown && kib(banglaMax) <= targets.signedInKiB,
  },
  { id: 'P5', what: 'later screens load their own chunks', value: ownChunks ? 'yes' : 'no', unit: '', target: 'yes', met: ownChunks },
  ...[false, true].map((bangla) => {
    const { page, gzip } = untilQuiet(bangla);
    return {
      id: 'P5',
      what: `JavaScript a first visit to a signed-in screen loads until the network is quiet${bangla ? ' in Bangla' : ''}, largest (${page}; the forms' chunks fetched after the first paint included) (gzip)`,
      value: Number(kib(gzip).toFixed(1)),
      unit: 'KiB',
      target: `<= ${targets.signedInKiB}`,
      met: kib(gzip) <= targets.signedInKiB,
    };
  }),
  ...Object.entries(signedInResults).map(([label, r]) => ({
    id: 'P5',
    what: `Lighthouse mobile, ${label}, demo books (median of ${r.runs.length}; CLS the largest of its runs)`,
    value: r.notRun ? 'n/a (not run: LIGHTHOUSE_PAGES)' : `${r.median ?? 'n/a'} (CLS ${r.cls === null ? 'n/a' : r.cls.toFixed(3)})`,
    unit: '',
    target: `>= ${targets.signedInLighthouse}, CLS <= ${targets.signedInCls}`,
    met: r.notRun ? null : (r.median ?? 0) >= targets.signedInLighthouse && r.cls !== null && r.cls <= targets.signedInCls,
  })),
];
console.log('\nTargets:');
for (const r of rows)
  console.log(`  ${r.id}  ${r.what}: ${r.value}${r.unit ? ` ${r.unit}` : ''} (target ${r.target})${r.met === null ? '' : r.met ? ' met' : ' NOT MET'}`);

if (jsonFile) {
  const figures = {
    measuredAt: new Date().toISOString(),
    quick,
    build: path.relative(root, clientDir) || '.',
    javascript: javascript.map((r) => ({ ...r, kibGzip: Number(kib(r.gzip).toFixed(1)) })),
    browser: visits.map((v) => ({ ...v, kibGzip: Number(kib(v.gzip).toFixed(1)) })),
    lighthouse: lighthouseResults,
    lighthouseSignedIn: signedInResults,
    targets: rows,
  };
  fs.mkdirSync(path.dirname(path.resolve(jsonFile)), { recursive: true });
  fs.writeFileSync(jsonFile, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nwrote ${jsonFile}`);
}
// A page whose every run failed inside Lighthouse has no score: its target reads NOT MET above,
// and the figures are still written; the script itself does not fail for it.
process.exit(0);
