// `npm run test:fast`: the quick loop while working, under 2 minutes on 2 cores. The unit and API
// tests (Vitest's `unit` and `api` projects):
// - on SQLite only, whatever TEST_DATABASE_URL says;
// - the two property tests at a quarter of their CI size (hostile input 25 requests per route,
//   the ledger model 10 sequences) unless HOSTILE_RUNS or MODEL_RUNS is set; `npm test` runs them
//   at 100 and 40, `npm run test:hostile` and `test:model` at 1,000;
// - one worker per core (Vitest leaves a core free by default; the API tests spend much of their
//   time waiting on the processes they start).
// `npm test` runs all of it on both databases, and the reliability tests.
// Arguments go to Vitest: `npm run test:fast -- tests/api/books.test.ts`, `-- -t 'void'`.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
env.HOSTILE_RUNS ||= '25';
env.MODEL_RUNS ||= '10';
const workers = Math.max(2, os.availableParallelism());
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'unit', '--project', 'api', `--maxWorkers=${workers}`, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
