// `npm run bench`: the performance targets of QUALITY.md, each beside a baseline measured in the
// same run, from a production build on loopback, SQLite. Prints one table and writes
// bench-results/bench.md (bench-quick.md with --quick).
//   P1 entry writes (autocannon, 10 connections, signed in) vs bare better-sqlite3 insert transactions
//   P2 header summary vs a bare Fastify route returning a constant, at both sizes
//   (P1 and P2 in BENCH_ROUNDS rounds, 3 by default: each load beside its baseline; the median
//   ratio; after one round not counted, in which both warm up)
//   P3 statement, history, party-list, ledger and cash book reads at both sizes (p50/p95, ratio);
//   the shared statement page (GET /s/:token) beside the signed-in ledger of the same party and rows
//   P7 the production report (default range, and a range whose ends cut months) and the overview at both sizes
//   P10 the due list with ageing (receivables today; payables as of an earlier day) at both sizes,
//   on books of 2,000 parties (BENCH_PARTIES) seeded for it
//   P11 the old system's import (npm run cli -- import) of 100,000 records (--quick: 10,000; or
//   BENCH_IMPORT_RECORDS): wall and CPU time, peak memory, vs a bare insert of as many rows; and
//   the same upload to POST /api/import on the small size's server, after its writes
//   P4/P5 bundle sizes per route and Lighthouse (scripts/bench-web.mjs)
// Sizes: 10,000 and 1,000,000 entries seeded by the demo generator (--quick: 2,000 and 20,000).
// --pg (with TEST_DATABASE_URL): P1 and P2 again with two instances on one PostgreSQL database.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { freePort, signInAt, waitFor } from './processes.mjs';

const root = path.resolve(import.meta.dirname, '..');
// The SQLite driver the server itself uses on this Node (12 on Node 20, 13 on 22+).
const { default: Database } = await tsImport('../src/server/db/sqlite-driver.ts', import.meta.url);
const { LEDGER_PAGE } = await tsImport('../src/shared/ledger-page.ts', import.meta.url);
const quick = process.argv.includes('--quick');
const sizes = (process.env.BENCH_SIZES ?? (quick ? '2000,20000' : '10000,1000000')).split(',').map(Number);
const samples = Number(process.env.BENCH_SAMPLES ?? (quick ? 60 : 300));
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? (quick ? 2 : 10));
// P1 and P2 are measured in rounds, each load right beside its baseline, so that a machine whose
// speed drifts (a shared VM) moves both; the round with the median ratio is reported.
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const warmup = process.env.BENCH_WARMUP !== '0';
// P11: old-system records imported (about; the importer's own count is reported).
// P10: the due list on books of this many parties (the issue's 2,000), seeded apart from the other reads' 52.
const duesParties = Number(process.env.BENCH_PARTIES ?? 2000);
const importRecords = Number(process.env.BENCH_IMPORT_RECORDS ?? (quick ? 10_000 : 100_000));
const admin = { email: 'bench@ama.test', password: 'Bench#2026', name: 'Bench' };
const started = Date.now();
const loadAtStart = os.loadavg()[0];
const fmt = (n) => n.toLocaleString('en-US');

if (!fs.existsSync(path.join(root, 'build/client/index.html'))) execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' });

const cli = (env, ...args) =>
  execFileSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' }).trim();
/** autocannon at 10 connections: requests per second and latency percentiles (ms). */
async function load(opts) {
  const r = await autocannon({ connections: 10, duration: loadSeconds, ...opts });
  if (r.non2xx || r.errors) throw new Error(`${opts.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total };
}

/** Sequential requests: p50 and p95 of the time to a full answer. */
async function latency(get, url) {
  for (let i = 0; i < 10; i++) await get(url);
  const times = [];
  for (let i = 0; i < samples; i++) {
    const s = performance.now();
    await get(url);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)] };
}

/**
 * A bare better-sqlite3 table in a temporary folder, WAL + synchronous=FULL, same disk, handed to
 * `use` with a one-row transaction (row i); the folder is removed after.
 */
function withBareTable(use) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-bench-bare-'));
  const db = new Database(path.join(dir, 'bare.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(
      'create table t (id integer primary key, kind text, issue_date text, name text, weight_g integer, price_p integer, total_p integer, paid_p integer, due_p integer, note text)',
    );
    const insert = db.prepare('insert into t (kind, issue_date, name, weight_g, price_p, total_p, paid_p, due_p, note) values (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const row = (i) => insert.run('msWire', '2026-11-22', 'Bench Client', 10_000 + i, 8_050, 805_000, 500_000, 305_000, 'bench');
    return use(db, row);
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The P1 baseline: single-row insert transactions on bare better-sqlite3. */
function bareInserts() {
  return withBareTable((db, row) => {
    const tx = db.transaction(row);
    const times = [];
    const end = performance.now() + loadSeconds * 1000;
    for (let i = 0; performance.now() < end; i++) {
      const s = performance.now();
      tx(i);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    return { rps: times.length / loadSeconds, p50: times[Math.floor(times.length * 0.5)], p99: times[Math.floor(times.length * 0.99)] };
  });
}

/** The P11 baseline: `rows` rows into the bare table in one transaction (seconds). */
function bareBulkInsert(rows) {
  return withBareTable((db, row) => {
    const s = performance.now();
    db.transaction(() => {
      for (let i = 0; i < rows; i++) row(i);
    })();
    return (performance.now() - s) / 1000;
  });
}

/** The P2 baseline: a bare Fastify server whose one route returns a constant (stop() ends it). */
async function startBareFastify() {
  const port = await freePort();
  const code = `const f = require('fastify')(); f.get('/c', async () => ({ data: { wire_stock: 1234.5, current_balance: 98765.43 } })); f.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: root, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/c`;
  await waitFor(url, child);
  return { load: () => load({ url }), stop: () => child.kill('SIGTERM') };
}

/**
 * `rounds` pairs of (subject, baseline), one after the other: each pair's ratio, and the pair with
 * the median ratio (the one reported). One pair is run first and not counted (BENCH_WARMUP=0
 * leaves it out): what is measured is the server as it runs for days, not while V8 still compiles
 * the code the load has just begun to use (a write load's first 2 s ran at 0.6 of its later speed).
 */
async function paired(subject, baseline) {
  if (warmup) {
    await subject();
    await baseline();
  }
  const pairs = [];
  for (let i = 0; i < rounds; i++) {
    const s = await subject();
    const b = await baseline();
    pairs.push({ subject: s, baseline: b, ratio: s.rps / b.rps });
  }
  const sorted = [...pairs].sort((a, b) => a.ratio - b.ratio);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], ratios: pairs.map((p) => p.ratio), total: pairs.reduce((sum, p) => sum + p.subject.total, 0) };
}

/**
 * The app's server on `env`'s database, answering at `base`: run as `npm start` runs it (production,
 * the log at its default level `info`, written to a file as a service's log is), so the request
 * log's cost is measured. The log is left in the temporary folder (its path is printed).
 */
function startServer(env, port, base) {
  const log = path.join(os.tmpdir(), `ama-bench-server-${port}.log`);
  console.log(`  server log: ${log}`);
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', APP_URL: base },
    stdio: ['ignore', fs.openSync(log, 'w'), 'inherit'],
  });
}

function stopServer(server) {
  server.kill('SIGTERM');
  return new Promise((r) => server.once('exit', r));
}

/** Signs the bench's admin in at `base`: the session cookie and a reader of JSON answers. */
async function signIn(base) {
  const { cookie, get } = await signInAt(base, admin);
  const names = (await get('/api/mWireData/names')).data.sort((a, b) => b.count - a.count);
  return { cookie, get, client: names[0] };
}

/** The old system's sample export the tests use (a copy of ../shared/samples/old-system). */
const oldSystemSample = path.join(root, 'tests/fixtures/old-system');
const tempDir = (name) => fs.mkdtempSync(path.join(os.tmpdir(), `ama-bench-${name}-`));

/**
 * A mongoexport-like folder of about `records` old-system records (partners, entries of every
 * kind, people), made as decision 0030 made its 100,005: the sample's good rows (the problem rows
 * its dry run lists left out), each kind's repeated with new `_id`s in turns; the partners, the
 * people and the dashboard once. A copy's note (where its kind has one) gets the copy's number, so
 * that copies are not all listed as double submissions, which a real export has few of (a kind
 * without a note, and the sample's own double submission, still are).
 */
async function oldSystemExport(records) {
  const sampleData = tempDir('sample');
  let report;
  try {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', 'import', oldSystemSample, '--dry-run'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: sampleData, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    report = r.stdout.trim().split('\n');
    if (r.status > 1 || !report.at(-1).startsWith('import:')) throw new Error(`the sample's dry run failed (${r.status}): ${r.stderr}`);
  } finally {
    fs.rmSync(sampleData, { recursive: true, force: true });
  }
  const problems = new Set(report.flatMap((l) => /^([^:]+\.json):(\d+): [^:]+: (?!note:)/.exec(l)?.slice(1, 3).join(':') ?? []));
  const sampleRecords = Number(/^import: (\d+) to import/.exec(report.at(-1))[1]);
  const { registry } = await tsImport('../src/shared/registry.ts', import.meta.url);
  // Each kind's file, and whether the kind has a note.
  const kindFiles = new Map(registry.kinds.map((k) => [`${k.path}.json`, k.fields.some((f) => f.name === 'note')]));
  const folder = tempDir('old-system');
  const kinds = [];
  for (const file of fs.readdirSync(oldSystemSample).filter((f) => f.endsWith('.json'))) {
    const text = fs.readFileSync(path.join(oldSystemSample, file), 'utf8');
    if (!kindFiles.has(file)) fs.writeFileSync(path.join(folder, file), text);
    else {
      const array = text.trimStart().startsWith('[');
      const docs = array
        ? JSON.parse(text)
        : text
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => JSON.parse(l));
      kinds.push({ file, array, hasNote: kindFiles.get(file), docs: docs.filter((_, i) => !problems.has(`${file}:${i + 1}`)) });
    }
  }
  const good = kinds.reduce((sum, k) => sum + k.docs.length, 0);
  // The sample's other records (partners, people) come once; the entries make up the rest.
  const entries = Math.max(records - (sampleRecords - good), good);
  let id = 0;
  let index = 0;
  for (const { file, array, hasNote, docs } of kinds) {
    const copies = docs.map(() => Math.floor(entries / good) + (index++ < entries % good ? 1 : 0));
    const out = [];
    for (let c = 0; c < copies[0]; c++)
      docs.forEach((doc, i) => {
        if (c >= copies[i]) return;
        const note = hasNote && c > 0 ? { note: `${doc.note ?? ''} #${c}`.trim() } : {};
        out.push(JSON.stringify({ ...doc, _id: { $oid: (++id).toString(16).padStart(24, '0') }, ...note }));
      });
    fs.writeFileSync(path.join(folder, file), array ? `[\n${out.join(',\n')}\n]\n` : `${out.join('\n')}\n`);
  }
  return folder;
}

/** Where a child's `process.resourceUsage()` is written as it exits (where GNU time is missing). */
const usageHook = `data:text/javascript,${encodeURIComponent(
  "import fs from 'node:fs'; process.on('exit', () => fs.writeFileSync(process.env.BENCH_USAGE_FILE, JSON.stringify(process.resourceUsage())));",
)}`;

/**
 * P11: `npm run cli -- import <folder>` into an empty SQLite data folder (its migration included):
 * wall time, CPU time and the process's peak memory (GNU time's, or its own resourceUsage), the
 * importer's count, and `check` after. Its report is left in the temporary folder.
 */
function timeImport(folder) {
  const dataDir = tempDir('import');
  const usageFile = path.join(os.tmpdir(), `ama-bench-import-usage-${process.pid}`);
  const log = path.join(os.tmpdir(), `ama-bench-import-${process.pid}.log`);
  console.log(`  import report: ${log}`);
  const args = ['--import', 'tsx', 'src/server/cli.ts', 'import', folder];
  const gnuTime = fs.existsSync('/usr/bin/time');
  const opts = {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', BENCH_USAGE_FILE: usageFile },
    stdio: ['ignore', fs.openSync(log, 'w'), 'inherit'],
  };
  try {
    const s = performance.now();
    const r = gnuTime
      ? spawnSync('/usr/bin/time', ['-v', '-o', usageFile, process.execPath, ...args], opts)
      : spawnSync(process.execPath, ['--import', usageHook, ...args], opts);
    const wall = (performance.now() - s) / 1000;
    const lines = fs.readFileSync(log, 'utf8').trim().split('\n');
    if (r.status !== 0) throw new Error(`the import ended ${r.status ?? r.signal}: ${lines.at(-1)}`);
    const u = fs.readFileSync(usageFile, 'utf8');
    const seconds = (label) => Number(new RegExp(`${label} time \\(seconds\\): ([\\d.]+)`).exec(u)[1]);
    const usage = gnuTime
      ? { mb: Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(u)[1]) / 1024, cpu: seconds('User') + seconds('System') }
      : ((ru) => ({ mb: ru.maxRSS / 1024, cpu: (ru.userCPUTime + ru.systemCPUTime) / 1e6 }))(JSON.parse(u));
    const imported = Number(/^import: (\d+) imported/.exec(lines.at(-1))?.[1]);
    return { wall, ...usage, imported, notes: lines.length - 1, check: cli({ DATA_DIR: dataDir, DATABASE_URL: '' }, 'check') };
  } finally {
    fs.rmSync(usageFile, { force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The P11 figures: the import of `folder` beside a bare insert of as many rows. */
function measureImport(folder) {
  const run = timeImport(folder);
  console.log(`  ${run.wall.toFixed(1)} s; ${run.check}`);
  return { ...run, bare: bareBulkInsert(run.imported) };
}

/**
 * P11 on the web: `folder` as one upload to `POST /api/import` (admin) at `base`: the answer's
 * time, the records imported, and the server's peak memory so far (VmHWM, where /proc has it).
 */
async function webImport(base, cookie, folder, server) {
  const form = new FormData();
  for (const f of fs.readdirSync(folder)) form.append('files', await fs.openAsBlob(path.join(folder, f)), f);
  const s = performance.now();
  const res = await fetch(`${base}/api/import`, { method: 'POST', headers: { cookie, origin: base }, body: form });
  const body = await res.json();
  if (!res.ok) throw new Error(`POST /api/import: ${res.status} ${JSON.stringify(body.error)}`);
  const wall = (performance.now() - s) / 1000;
  const status = fs.existsSync(`/proc/${server.pid}/status`) ? fs.readFileSync(`/proc/${server.pid}/status`, 'utf8') : '';
  const hwm = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  return { wall, imported: body.data.imported, mb: hwm ? Number(hwm) / 1024 : null };
}

/** The P1 load: MS wire sales to the busiest client. */
const writeLoad = (url, cookie, origin, client) => ({
  url,
  method: 'POST',
  headers: { cookie, origin, 'content-type': 'application/json' },
  body: JSON.stringify({ name: client.name, size: '12', weight: '100.5', price: '80.5', paid_amount: '5000', discount_amount: '0', note: 'bench' }),
});

/**
 * Demo books of `size` entries (and `parties` parties, or the demo's 52) in a temporary folder, a
 * production server on them, the bench's admin signed in: `use` gets them; all is removed after.
 */
async function withSeededServer(size, parties, use) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ama-bench-${size}-`));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  const t0 = Date.now();
  console.log(`seeding ${fmt(size)} entries${parties ? ` and ${fmt(parties)} parties` : ''}...`);
  cli(env, 'seed:demo', '--entries', String(size), ...(parties ? ['--parties', String(parties)] : []));
  const seeded = (Date.now() - t0) / 1000;
  console.log(`  ${seeded.toFixed(1)} s; ${cli(env, 'check')}`);
  cli(env, 'user:create', '--email', admin.email, '--password', admin.password, '--name', admin.name, '--role', 'admin');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startServer(env, port, base);
  try {
    await waitFor(`${base}/api/health`, server);
    return await use({ env, base, server, seeded, ...(await signIn(base)) });
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** P10's reads: the due list today, and the payables as of a day about a month back (`dates`: the books' days, newest first). */
const duesReads = (dates) => ({
  'P10 due list with ageing (receivables, today)': '/api/dues',
  'P10 due list with ageing (payables, as of a month back)': `/api/dues?side=payable&as_of=${dates[Math.floor(dates.length / 12)]?.issue_date ?? dates[0].issue_date}`,
});

/** P10 on books of `size` entries among `parties` parties (the issue's 2,000: the due list has a row a party). */
async function measureDues(size, parties) {
  return withSeededServer(size, parties, async ({ get, seeded }) => {
    const out = { seeded, reads: {} };
    for (const [label, url] of Object.entries(duesReads((await get('/api/mWireData/dates')).data))) out.reads[label] = await latency(get, url);
    out.rows = (await get('/api/dues')).data.rows.length;
    return out;
  });
}

async function measure(size, withWrites, constant, importFolder) {
  return withSeededServer(size, 0, async ({ env, base, server, seeded, cookie, get, client }) => {
    // The party's own statement page (HTML, a ledger page of rows), by a link the admin makes.
    const share = await fetch(`${base}/api/partners/${client.partner_id}/share`, {
      method: 'POST',
      headers: { cookie, origin: base, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!share.ok) throw new Error(`share link: ${share.status}`);
    const sharedPage = new URL((await share.json()).data.url).pathname;
    const page = async (url) => {
      const res = await fetch(`${base}${url}`);
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return res.text();
    };
    const dates = (await get('/api/mWireData/dates')).data;
    const day = dates[Math.floor(dates.length / 2)].issue_date;
    // The month of that day, first to last (the cash book of a month).
    const [year, month] = day.split('-').map(Number);
    const monthEnd = new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
    const reads = {
      'P3 party statement (50 rows + totals)': `/api/mWireData?name=${encodeURIComponent(client.name)}&limit=50`,
      'P3 day statement (a history date)': `/api/mWireData?issue_date>=${day}&issue_date<=${day}&limit=50`,
      'P3 history (dates of a kind)': '/api/salaryCollections/dates',
      'P3 party list (names of a kind)': '/api/powderCost/names',
      'P3 party ledger (latest 50 rows)': `/api/ledger/${client.partner_id}?limit=50`,
      'P3 party ledger (3 months, 50 rows)': `/api/ledger/${client.partner_id}?issue_date>=2026-06-01&issue_date<=2026-08-31&limit=50`,
      [`P3 party ledger (a page: up to ${LEDGER_PAGE} rows, signed in)`]: `/api/ledger/${client.partner_id}?limit=${LEDGER_PAGE}`,
      [`P3 shared statement page (GET /s/:token, up to ${LEDGER_PAGE} rows)`]: { get: page, url: sharedPage },
      'P3 cash book (Cash in hand, one day, 50 rows)': `/api/cashbook?account_id=1&issue_date>=${day}&issue_date<=${day}&limit=50`,
      'P3 cash book (Cash in hand, one month, 50 rows)': `/api/cashbook?account_id=1&issue_date>=${day.slice(0, 7)}-01&issue_date<=${monthEnd}&limit=50`,
      'P2 header summary (sequential)': '/api/dashboard',
      'P7 production report (this month and the 12 before)': '/api/production',
      'P7 overview (the day at a glance)': '/api/overview',
      'P7 production report (a range cutting months)': `/api/production?issue_date>=${dates[dates.length - 1].issue_date.slice(0, 7)}-10&issue_date<=${dates[0].issue_date.slice(0, 7)}-20`,
    };
    const out = { seeded, reads: {}, rows: { client: client.count } };
    for (const [label, read] of Object.entries(reads))
      out.reads[label] = typeof read === 'string' ? await latency(get, read) : await latency(read.get, read.url);
    out.header = await paired(() => load({ url: `${base}/api/dashboard`, headers: { cookie } }), constant.load);
    if (withWrites) {
      out.writes = await paired(
        () => load(writeLoad(`${base}/api/mWireData`, cookie, base, client)),
        async () => bareInserts(),
      );
      console.log(`  after ${fmt(out.writes.total)} writes in ${rounds} rounds: ${cli(env, 'check')}`);
    }
    if (importFolder) {
      out.webImport = await webImport(base, cookie, importFolder, server);
      console.log(`  the same import on the web: ${out.webImport.wall.toFixed(1)} s; ${cli(env, 'check')}`);
    }
    return out;
  });
}

/**
 * --pg: P1 and P2 on PostgreSQL (TEST_DATABASE_URL, a schema of its own) with two instances of
 * the app, 5 connections on each: requests per second of both together, the worse p99.
 */
async function measurePostgres(url, size) {
  const { default: pg } = await import('pg');
  const schema = `bench_${process.pid}`;
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  await owner.query(`create schema ${schema}`);
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  const env = { DATABASE_URL: u.toString() };
  const servers = [];
  try {
    console.log(`PostgreSQL, two instances: seeding ${fmt(size)} entries...`);
    cli(env, 'seed:demo', '--entries', String(size));
    cli(env, 'user:create', '--email', admin.email, '--password', admin.password, '--name', admin.name, '--role', 'admin');
    const ports = [await freePort(), await freePort()];
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    // Both trust the first one's origin, as two instances behind one address would.
    ports.forEach((port) => servers.push(startServer(env, port, bases[0])));
    await Promise.all(bases.map((b, i) => waitFor(`${b}/api/health`, servers[i])));
    const { cookie, client } = await signIn(bases[0]);
    const both = async (opts) => {
      const runs = await Promise.all(bases.map((b) => load({ connections: 5, ...opts(b) })));
      return { rps: runs.reduce((sum, r) => sum + r.rps, 0), p99: Math.max(...runs.map((r) => r.p99)), total: runs.reduce((sum, r) => sum + r.total, 0) };
    };
    const header = await both((b) => ({ url: `${b}/api/dashboard`, headers: { cookie } }));
    const writes = await both((b) => writeLoad(`${b}/api/mWireData`, cookie, bases[0], client));
    console.log(`  after ${fmt(writes.total)} writes: ${cli(env, 'check')}`);
    return { header, writes };
  } finally {
    await Promise.all(servers.map(stopServer));
    await owner.query(`drop schema ${schema} cascade`);
    await owner.end();
  }
}

const ms = (v) => `${v.toFixed(2)} ms`;
const [smallSize, largeSize] = sizes;
console.log(`import of about ${fmt(importRecords)} old-system records...`);
const importFolder = await oldSystemExport(importRecords);
let imported, small, large, dues;
const constantServer = await startBareFastify();
try {
  imported = measureImport(importFolder);
  small = await measure(smallSize, true, constantServer, importFolder);
  large = await measure(largeSize, false, constantServer);
  dues = [await measureDues(smallSize, duesParties), await measureDues(largeSize, duesParties)];
} finally {
  constantServer.stop();
  fs.rmSync(importFolder, { recursive: true, force: true });
}
const bare = small.writes.baseline;
const constant = small.header.baseline;
const roundsOf = (m) => (rounds > 1 ? ` (median of ${rounds} rounds: ${m.ratios.map((r) => r.toFixed(2)).join(', ')})` : '');
let postgres = null;
if (process.argv.includes('--pg')) {
  if (!process.env.TEST_DATABASE_URL) throw new Error('--pg needs TEST_DATABASE_URL (a PostgreSQL database the bench may add a schema to)');
  postgres = await measurePostgres(process.env.TEST_DATABASE_URL, smallSize);
}

const webJson = path.join(os.tmpdir(), `ama-bench-web-${process.pid}.json`);
let web = null;
if (process.env.BENCH_WEB !== '0')
  try {
    execFileSync(process.execPath, ['scripts/bench-web.mjs', '--json', webJson, ...(quick ? ['--quick'] : [])], { cwd: root, stdio: 'inherit' });
    web = JSON.parse(fs.readFileSync(webJson, 'utf8'));
  } catch (error) {
    console.log(`bench-web failed: ${error.message}`);
  }

const sharedRead = Object.keys(large.reads).find((k) => k.startsWith('P3 shared statement'));
const signedInRead = Object.keys(large.reads).find((k) => k.endsWith('rows, signed in)'));
const lines = [
  '| id | what | figure | baseline (same run) | ratio | target |',
  '|---|---|---|---|---|---|',
  `| P1 | entry POST, 10 connections, at ${fmt(smallSize)} | ${fmt(Math.round(small.writes.subject.rps))}/s; p50 ${ms(small.writes.subject.p50)}, p99 ${ms(small.writes.subject.p99)} | bare better-sqlite3 insert transactions: ${fmt(Math.round(bare.rps))}/s; p50 ${ms(bare.p50)}, p99 ${ms(bare.p99)} | ${small.writes.ratio.toFixed(2)}${roundsOf(small.writes)} | ≥ 0.50; p99 ≤ 25 ms |`,
  `| P2 | header summary, 10 connections, at ${fmt(smallSize)} | ${fmt(Math.round(small.header.subject.rps))}/s; p99 ${ms(small.header.subject.p99)} | bare Fastify constant: ${fmt(Math.round(constant.rps))}/s; p99 ${ms(constant.p99)} | ${small.header.ratio.toFixed(2)}${roundsOf(small.header)} | ≥ 0.50 |`,
  `| P2 | header summary, 10 connections, at ${fmt(largeSize)}, each against its own baseline | ${fmt(Math.round(large.header.subject.rps))}/s (${large.header.ratio.toFixed(2)} of bare Fastify) | the same at ${fmt(smallSize)}: ${fmt(Math.round(small.header.subject.rps))}/s (${small.header.ratio.toFixed(2)}) | ${(large.header.ratio / small.header.ratio).toFixed(2)} | flat (≈ 1) |`,
  ...(postgres
    ? [
        `| P1 | entry POST on PostgreSQL, two instances, 5 connections each, at ${fmt(smallSize)} | ${fmt(Math.round(postgres.writes.rps))}/s; p99 ${ms(postgres.writes.p99)} | bare better-sqlite3 insert transactions: ${fmt(Math.round(bare.rps))}/s | ${(postgres.writes.rps / bare.rps).toFixed(2)} | reported |`,
        `| P2 | header summary on PostgreSQL, two instances, 5 connections each, at ${fmt(smallSize)} | ${fmt(Math.round(postgres.header.rps))}/s; p99 ${ms(postgres.header.p99)} | bare Fastify constant: ${fmt(Math.round(constant.rps))}/s | ${(postgres.header.rps / constant.rps).toFixed(2)} | reported |`,
      ]
    : []),
  `| P11 | import of ${fmt(imported.imported)} old-system records (npm run cli -- import into an empty SQLite folder, its start and migration included; ${fmt(imported.notes)} report lines) | ${imported.wall.toFixed(1)} s (CPU ${imported.cpu.toFixed(1)} s); peak ${Math.round(imported.mb)} MB | bare better-sqlite3: as many rows in one transaction: ${ms(imported.bare * 1000)} | ${Math.round(imported.wall / imported.bare)} | 100,000 in ≤ 60 s on 2 cores; ≤ 300 MB |`,
  `| P11 | the same import on the web (POST /api/import, one upload, into the ${fmt(smallSize)}-entry books after P1) | ${small.webImport.wall.toFixed(1)} s for ${fmt(small.webImport.imported)} records; the server's peak ${small.webImport.mb === null ? 'n/a' : `${Math.round(small.webImport.mb)} MB`} | the command line's: ${imported.wall.toFixed(1)} s | ${(small.webImport.wall / imported.wall).toFixed(2)} | reported |`,
  `| P3 | shared statement page beside the signed-in ledger, the same party and page (up to ${LEDGER_PAGE} rows), at ${fmt(largeSize)}: p50 / p95 | ${ms(large.reads[sharedRead].p50)} / ${ms(large.reads[sharedRead].p95)} | signed in: ${ms(large.reads[signedInRead].p50)} / ${ms(large.reads[signedInRead].p95)} | ${(large.reads[sharedRead].p95 / large.reads[signedInRead].p95).toFixed(2)} | answers like a party statement |`,
  ...Object.keys(small.reads).map(
    (k) =>
      `| ${k.split(' ')[0]} | ${k.slice(k.indexOf(' ') + 1)} at ${fmt(largeSize)}: p50 / p95 | ${ms(large.reads[k].p50)} / ${ms(large.reads[k].p95)} | at ${fmt(smallSize)}: ${ms(small.reads[k].p50)} / ${ms(small.reads[k].p95)} | ${(large.reads[k].p95 / small.reads[k].p95).toFixed(2)} | ${k.startsWith('P3 party statement') || k.startsWith('P3 shared statement') || k.startsWith('P3 cash book') || k.startsWith('P7') ? 'p95 ≤ 15 ms; ratio ≤ 2' : 'ratio ≤ 2'} |`,
  ),
  ...Object.keys(dues[0].reads).map(
    (k) =>
      `| P10 | ${k.slice(4)} at ${fmt(largeSize)} entries and ${fmt(duesParties)} parties (${fmt(dues[1].rows)} owing): p50 / p95 | ${ms(dues[1].reads[k].p50)} / ${ms(dues[1].reads[k].p95)} | at ${fmt(smallSize)}: ${ms(dues[0].reads[k].p50)} / ${ms(dues[0].reads[k].p95)} | ${(dues[1].reads[k].p95 / dues[0].reads[k].p95).toFixed(2)} | p95 ≤ 50 ms; ratio ≤ 3 |`,
  ),
  ...(web?.targets ?? []).map(
    (r) => `| ${r.id} | ${r.what} | ${r.value ?? 'n/a'}${r.unit ? ` ${r.unit}` : ''} |  |  | ${r.target}${r.met === false ? ' (not met)' : ''} |`,
  ),
  ...(web
    ? [
        `| P5 | JavaScript of a first visit per route (gzip) | ${web.javascript.map((j) => `${j.path} ${j.kibGzip} KiB`).join('; ')} |  |  | signed-in ≤ 150 KiB |`,
      ]
    : []),
];
const report = `# Benchmark (${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, load average ${loadAtStart.toFixed(1)} at the start, loopback, SQLite${quick ? ', --quick' : ''})

Sizes: ${fmt(smallSize)} and ${fmt(largeSize)} entries (demo generator; seeding took ${small.seeded.toFixed(1)} s and ${large.seeded.toFixed(1)} s; with ${fmt(duesParties)} parties for P10, ${dues[0].seeded.toFixed(1)} s and ${dues[1].seeded.toFixed(1)} s).
Reads: ${samples} sequential requests each, after 10 warm-up; loads: autocannon, 10 connections, ${loadSeconds} s, in ${rounds} rounds each followed by its baseline (the round with the median ratio is shown).
The busiest client has ${fmt(small.rows.client)} MS wire entries at the small size and ${fmt(large.rows.client)} at the large.
Whole run: ${((Date.now() - started) / 60000).toFixed(1)} min.

${lines.join('\n')}
`;
fs.mkdirSync(path.join(root, 'bench-results'), { recursive: true });
fs.writeFileSync(path.join(root, 'bench-results', quick ? 'bench-quick.md' : 'bench.md'), report);
console.log(`\n${report}`);
