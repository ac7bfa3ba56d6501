// `npm run bench:web`: from a production build, the gzipped JavaScript the home page loads and
// the Lighthouse mobile performance score of `/` (median of 3 runs, system Chromium).
// Lighthouse is fetched by npx at run time and kept out of the lockfile (TOOLCHAIN.md).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const port = 3300 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;

if (!fs.existsSync(path.join(root, 'build/client/index.html')) || process.argv.includes('--build')) {
  const b = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-bench-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

for (let i = 0; ; i++) {
  const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
  if (ok) break;
  if (i > 100) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}

async function javascriptFor(url) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.set(res.url(), await res.body());
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await browser.close();
  let raw = 0;
  let gzip = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gzip += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.size, raw, gzip };
}

function lighthouse(url) {
  const out = path.join(dataDir, `lh-${Math.random()}.json`);
  const r = spawnSync(
    'npx',
    ['--yes', 'lighthouse@12.8', url, '--only-categories=performance', '--output=json', `--output-path=${out}`, '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync'],
    { cwd: os.tmpdir(), env: { ...process.env, CHROME_PATH: chromiumPath }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (r.status !== 0 || !fs.existsSync(out)) return null;
  const report = JSON.parse(fs.readFileSync(out, 'utf8'));
  const a = report.audits;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcp: a['first-contentful-paint'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
  };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const js = await javascriptFor(`${base}/`);
console.log(`\nJavaScript for / : ${js.files} files, ${kib(js.raw)} raw, ${kib(js.gzip)} gzip (target <= 75 KiB gzip, issue limit 100 KiB)`);

const results = [];
for (let i = 0; i < runs; i++) {
  const r = lighthouse(`${base}/`);
  if (r) results.push(r);
  console.log(r ? `Lighthouse run ${i + 1}: ${r.score} (FCP ${r.fcp.toFixed(0)} ms, LCP ${r.lcp.toFixed(0)} ms, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)})` : `Lighthouse run ${i + 1}: failed`);
}
const scores = results.map((r) => r.score).sort((a, b) => a - b);
const median = scores.length ? scores[Math.floor(scores.length / 2)] : null;
console.log(`Lighthouse mobile performance for / : median ${median ?? 'n/a'} of ${scores.length} runs (target >= 98)`);
stop();
process.exit(median === null ? 1 : 0);
