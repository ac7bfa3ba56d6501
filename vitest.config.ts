import { defineConfig } from 'vitest/config';

// Three projects: `unit` (no server), `api` (the server in process, and its commands run as the
// owner runs them) and `reliability` (crashes and several instances: minutes). `npm run test:fast`
// runs the first two on SQLite; `npm test` runs all three.
//
// The API files share their worker's loaded modules (isolate: false): importing the server
// (better-auth above all) once per worker instead of once per file saves about a quarter of the
// run's CPU. Each file makes its own apps and databases and puts back what it changes (fake
// clocks); none mocks a module. The unit files mock modules (vi.mock), and the reliability files
// start and kill processes: they keep a fresh module graph each.
//
// Two files at a time (on CI's two cores the default is one): each file's PostgreSQL books are a
// schema of their own, and the migrator looks only into its own (OwnSchemaIntrospector in
// postgres.ts), so a file dropping its schema cannot fail another's migration. 576 s → 352 s.
export default defineConfig({
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.{ts,tsx}'], isolate: false } },
      { extends: true, test: { name: 'reliability', include: ['tests/reliability/**/*.test.ts'] } },
    ],
  },
});
