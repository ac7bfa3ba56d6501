// `npm run test:fast`: the quick loop while working: the unit and API tests (Vitest's `unit` and
// `api` projects) on SQLite only, whatever TEST_DATABASE_URL says. `npm test` runs all of it on
// both databases, and the reliability tests.
// Arguments go to Vitest: `npm run test:fast -- tests/api/books.test.ts`, `-- -t 'void'`.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env };
delete env.TEST_DATABASE_URL;
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', '--project', 'unit', '--project', 'api', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env,
});
process.exit(result.status ?? 1);
