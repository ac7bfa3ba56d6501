// `npm run bench`: statement, history, party-ledger and header-summary latencies on books of two
// sizes (default 10,000 and 1,000,000 entries, seeded by the demo generator), from a production
// build on loopback. Prints one table and writes bench-results/bench.md. `--quick`: 2,000 / 20,000.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const sizes = (process.env.BENCH_SIZES ?? (quick ? '2000,20000' : '10000,1000000')).split(',').map(Number);
const samples = Number(process.env.BENCH_SAMPLES ?? (quick ? 60 : 300));
const admin = { email: 'bench@ama.test', password: 'Bench#2026', name: 'Bench' };

if (!fs.existsSync(path.join(root, 'build/client/index.html'))) execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });

const cli = (env, ...args) => execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' }).trim();

async function measure(size) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ama-bench-${size}-`));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const t0 = Date.now();
  console.log(`seeding ${size.toLocaleString('en-US')} entries...`);
  cli(env, 'seed:demo', '--entries', String(size));
  console.log(`  ${((Date.now() - t0) / 1000).toFixed(1)} s; ${cli(env, 'check')}`);
  cli(env, 'user:create', '--email', admin.email, '--password', admin.password, '--name', admin.name, '--role', 'admin');

  const port = 3600 + Math.floor(Math.random() * 300);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', APP_URL: base },
    stdio: 'inherit',
  });
  try {
    for (let i = 0; !(await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)); i++) {
      if (i > 200) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify(admin) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const get = async (url) => {
      const res = await fetch(`${base}${url}`, { headers: { cookie } });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return res.json();
    };
    const names = (await get('/api/mWireData/names')).data.sort((a, b) => b.count - a.count);
    const client = names[0];
    const dates = (await get('/api/mWireData/dates')).data;
    const day = dates[Math.floor(dates.length / 2)].issue_date;
    const cases = {
      'statement (party, 50 rows + totals)': `/api/mWireData?name=${encodeURIComponent(client.name)}&limit=50`,
      'statement (one day)': `/api/mWireData?issue_date>=${day}&issue_date<=${day}`,
      'history (dates of a kind)': '/api/salaryCollections/dates',
      'party list (names of a kind)': '/api/powderCost/names',
      'party ledger (3 months)': `/api/ledger/${client.partner_id}?issue_date>=2026-06-01&issue_date<=2026-08-31`,
      'header summary (/api/dashboard)': '/api/dashboard',
    };
    const out = {};
    for (const [label, url] of Object.entries(cases)) {
      for (let i = 0; i < 10; i++) await get(url);
      const times = [];
      for (let i = 0; i < samples; i++) {
        const s = performance.now();
        await get(url);
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      out[label] = { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)] };
    }
    return out;
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const size of sizes) results.push(await measure(size));
const [small, large] = results;
const lines = [
  `| query | p50 @ ${sizes[0].toLocaleString('en-US')} | p95 @ ${sizes[0].toLocaleString('en-US')} | p50 @ ${sizes[1].toLocaleString('en-US')} | p95 @ ${sizes[1].toLocaleString('en-US')} | p95 ratio |`,
  '|---|---|---|---|---|---|',
  ...Object.keys(small).map((k) => `| ${k} | ${small[k].p50.toFixed(2)} ms | ${small[k].p95.toFixed(2)} ms | ${large[k].p50.toFixed(2)} ms | ${large[k].p95.toFixed(2)} ms | ${(large[k].p95 / small[k].p95).toFixed(2)} |`),
];
const report = `# Benchmark (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, ${samples} sequential requests each, loopback, SQLite)\n\n${lines.join('\n')}\n\nTargets (QUALITY.md P3): statement p95 <= 15 ms; time at the large size / time at the small size <= 2.\n`;
fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench-results', quick ? 'bench-quick.md' : 'bench.md'), report);
console.log(`\n${report}`);
