// `node scripts/bench-paired.mjs <checkout of the code before>`: P1 and P2 "keep their ratios"
// (issues 28 and 31), measured as a paired run: a production server of this checkout and one of
// the other (a `git worktree add` of an older commit, `npm ci` and `npm run build` done there),
// each on demo books of SIZE entries of its own, loaded one right after the other, in alternating
// order, ROUNDS times; the median of the rounds' ratios (this ÷ that) is the change. A machine
// whose speed drifts moves both halves of a round alike. Also printed: each server's CPU time per
// request during its loads (from /proc), a second view less moved by the load generator, split
// into its main thread and its other threads (the garbage collector's helpers), and the bytes it
// wrote to disk a request (decision 0051).
// Env: SIZE (10,000), ROUNDS (8), SECONDS (5 a load), ONLY (P1 or P2), PROFILE_DIR (CPU profiles).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, signInAt, waitFor } from './processes.mjs';

const before = process.argv[2];
if (!before || !fs.existsSync(path.join(before, 'src/server/main.ts'))) throw new Error('usage: node scripts/bench-paired.mjs <checkout of the code before>');
const roots = { before: path.resolve(before), now: path.resolve(import.meta.dirname, '..') };
const size = Number(process.env.SIZE ?? 10_000);
const rounds = Number(process.env.ROUNDS ?? 8);
const seconds = Number(process.env.SECONDS ?? 5);
const admin = { email: 'bench@ama.test', password: 'Bench#2026', name: 'Bench' };

const cli = (root, env, ...args) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' }).trim();

/** Seeded books, a production server on them, the admin signed in, the busiest client found. */
async function serve(name) {
  const root = roots[name];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ama-paired-${name}-`));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  cli(root, env, 'seed:demo', '--entries', String(size));
  cli(root, env, 'user:create', '--email', admin.email, '--password', admin.password, '--name', admin.name, '--role', 'admin');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // PROFILE_DIR: each server writes a V8 CPU profile there when it stops (<dir>/before, <dir>/now).
  const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.join(path.resolve(process.env.PROFILE_DIR), name)}`] : [];
  const server = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', APP_URL: base },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${base}/api/health`, server);
  const { cookie, get } = await signInAt(base, admin);
  const names = (await get('/api/mWireData/names')).data.sort((a, b) => b.count - a.count);
  return { name, root, env, dataDir, base, cookie, client: names[0], server };
}

/**
 * What the process has used so far, from /proc (Linux): CPU time (µs) of its main thread and of its
 * other threads (the garbage collector's helpers among them), and the bytes it had written to disk.
 */
function usageOf(pid) {
  const cpu = (stat) => {
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100);
  };
  const all = cpu(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  const main = cpu(fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
  const written = Number(/^write_bytes: (\d+)$/m.exec(fs.readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  return { cpuUs: all, mainUs: main, otherUs: all - main, written };
}

async function load(s, opts) {
  const before = usageOf(s.server.pid);
  const r = await autocannon({ connections: 10, duration: seconds, ...opts });
  if (r.non2xx || r.errors) throw new Error(`${opts.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  const after = usageOf(s.server.pid);
  const each = (k) => (after[k] - before[k]) / r.requests.total;
  return { rps: r.requests.average, cpuUs: each('cpuUs'), mainUs: each('mainUs'), otherUs: each('otherUs'), written: each('written') };
}

const loads = {
  'P1 entry POST': (s) =>
    load(s, {
      url: `${s.base}/api/mWireData`,
      method: 'POST',
      headers: { cookie: s.cookie, origin: s.base, 'content-type': 'application/json' },
      body: JSON.stringify({ name: s.client.name, size: '12', weight: '100.5', price: '80.5', paid_amount: '5000', discount_amount: '0', note: 'bench' }),
    }),
  'P2 header summary': (s) => load(s, { url: `${s.base}/api/dashboard`, headers: { cookie: s.cookie } }),
};

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const servers = { before: await serve('before'), now: await serve('now') };
try {
  console.log(`${fmtCount(size)} entries each; ${rounds} rounds of ${seconds} s; load average at start ${os.loadavg()[0].toFixed(2)}`);
  for (const [label, run] of Object.entries(loads)) {
    if (process.env.ONLY && !label.startsWith(process.env.ONLY)) continue;
    await run(servers.before);
    await run(servers.now); // a round to warm both, not counted
    const pairs = [];
    for (let i = 0; i < rounds; i++) {
      const pair = {};
      for (const name of i % 2 ? ['now', 'before'] : ['before', 'now']) pair[name] = await run(servers[name]);
      pairs.push(pair);
      console.log(
        `  ${label} round ${i + 1}: before ${Math.round(pair.before.rps)}/s, now ${Math.round(pair.now.rps)}/s, ${(pair.now.rps / pair.before.rps).toFixed(3)}`,
      );
    }
    const ratio = median(pairs.map((p) => p.now.rps / p.before.rps));
    const of = (name, k) => median(pairs.map((p) => p[name][k])).toFixed(1);
    const both = (k) => `${of('before', k)} before and ${of('now', k)} now`;
    console.log(`${label}: now ÷ before ${ratio.toFixed(3)} (median of ${rounds}); CPU a request (µs): ${both('cpuUs')}`);
    console.log(`  main thread (µs): ${both('mainUs')}; other threads (µs): ${both('otherUs')}; bytes written to disk a request: ${both('written')}`);
  }
  for (const s of Object.values(servers)) console.log(`${s.name}: ${cli(s.root, s.env, 'check').split('\n')[0]}`);
} finally {
  for (const s of Object.values(servers)) {
    s.server.kill('SIGTERM');
    await new Promise((r) => s.server.once('exit', r));
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}

function fmtCount(n) {
  return n.toLocaleString('en-US');
}
