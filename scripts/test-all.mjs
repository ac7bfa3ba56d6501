// `npm test`: everything a change can break, in one go: lint, typecheck, the unit, API and
// reliability tests (Vitest's three projects, vitest.config.ts), a production build, the browser
// tests (Playwright on the system Chromium), the release started as a server would, and the
// benchmarks at their quick size.
// Ends with one line "N passed, N failed, N skipped" adding up every runner's counts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'ama-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedStages = [];
const stageTimes = [];
/** Each failed test with the first lines of its error, printed again at the end (CI keeps the tail). */
const failedTests = [];

function firstLines(message = '') {
  // eslint-disable-next-line no-control-regex
  const plain = String(message).replace(/\x1b\[[0-9;]*m/g, '');
  return plain.split('\n').filter(Boolean).slice(0, 6).join('\n      ').slice(0, 800);
}

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  // Each stage's time, so a slow CI run says where its minutes went.
  stageTimes.push(`${name}: ${Math.round((Date.now() - started) / 1000)} s`);
  if (!ok) failedStages.push(name);
  return ok;
}

/** A stage without its own test count counts as one check. */
function check(name, command, args, env = {}) {
  if (run(name, command, args, env)) totals.passed++;
  else totals.failed++;
}

function collectPlaywrightFailures(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== 'unexpected') continue;
        const last = t.results?.at(-1);
        failedTests.push(`[${t.projectName}] ${spec.file}:${spec.line} › ${spec.title}\n      ${firstLines(last?.error?.message)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? []);
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

check('lint', 'npm', ['run', '--silent', 'lint']);
check('typecheck', 'npm', ['run', '--silent', 'typecheck']);

/** Every Vitest file under tests/ (the browser tests are *.spec.ts). */
function vitestFiles() {
  return fs
    .readdirSync(path.join(root, 'tests'), { recursive: true })
    .map((f) => path.join('tests', String(f)))
    .filter((f) => /\.test\.tsx?$/.test(f))
    .sort();
}

const vitestJson = path.join(reports, 'vitest.json');
// Every project (unit, api, reliability); one JSON report with every file's tests.
run('unit, API and reliability tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const v = readJson(vitestJson);
if (v) {
  // A test file that no project includes would be left out without a word: count it as a failure.
  const ran = new Set((v.testResults ?? []).map((f) => path.relative(root, f.name)));
  for (const file of vitestFiles().filter((f) => !ran.has(f))) {
    totals.failed++;
    failedTests.push(`${file}\n      in no Vitest project (vitest.config.ts): it did not run`);
  }
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests + (v.numTotalTests === 0 ? 1 : 0);
  totals.skipped += v.numPendingTests + v.numTodoTests;
  // A file that fails to load has no tests to count: count it as a failure.
  totals.failed += (v.testResults ?? []).filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
  for (const file of v.testResults ?? []) {
    const where = path.relative(root, file.name);
    if (file.status === 'failed' && file.assertionResults.length === 0) failedTests.push(`${where}\n      ${firstLines(file.message)}`);
    for (const t of file.assertionResults) {
      if (t.status === 'failed') failedTests.push(`${where} › ${t.fullName}\n      ${firstLines(t.failureMessages?.[0])}`);
    }
  }
} else totals.failed++;

if (run('build', 'npm', ['run', '--silent', 'build'])) {
  const pwJson = path.join(reports, 'playwright.json');
  run('browser tests', 'npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
  const p = readJson(pwJson);
  if (p?.stats) {
    totals.passed += p.stats.expected + p.stats.flaky;
    totals.failed += p.stats.unexpected + (p.errors?.length ?? 0) + (p.stats.expected + p.stats.unexpected === 0 ? 1 : 0);
    totals.skipped += p.stats.skipped;
    collectPlaywrightFailures(p.suites ?? []);
    for (const e of p.errors ?? []) failedTests.push(`browser tests\n      ${firstLines(e.message)}`);
  } else totals.failed++;
} else totals.failed++;

// The release as a server gets it (the build above packed, installed without development
// packages, started by npm start, the smoke test): a file the server needs left out of the
// tarball once stopped `npm start` with every other test green.
// The SQLite driver's module compiled once, for this checkout, not again for the release (--reuse-native).
check('release (npm run test:release -- --no-build --reuse-native)', 'node', ['scripts/test-release.mjs', '--no-build', '--reuse-native']);

// The benchmark harness at small sizes, so it cannot rot (figures are read, not judged, here):
// every measure once, smaller than --quick (which took 5 to 10 minutes of CI's 40 on 2 cores);
// Lighthouse on one page signed out and one signed in (all eight took half the stage).
check('benchmarks (--quick, smaller)', 'node', ['scripts/bench.mjs', '--quick'], {
  LIGHTHOUSE_PAGES: '/login,statement',
  BENCH_SIZES: '1000,4000',
  BENCH_SAMPLES: '20',
  BENCH_LOAD_SECONDS: '1',
  BENCH_ROUNDS: '1',
  BENCH_PARTIES: '300',
  BENCH_IMPORT_RECORDS: '2000',
});

fs.rmSync(reports, { recursive: true, force: true });
console.log(`\nStage times: ${stageTimes.join(', ')}`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((t) => `  ${t}`).join('\n')}`);
console.log(failedStages.length ? `\nFailed stages: ${failedStages.join(', ')}` : '\nAll stages passed.');
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedStages.length || totals.failed ? 1 : 0);
