import { defineConfig } from 'vitest/config';

// Three projects: `unit` (no server), `api` (the server in process, and its commands run as the
// owner runs them) and `reliability` (crashes and several instances: minutes). `npm run test:fast`
// runs the first two on SQLite; `npm test` runs all three.
export default defineConfig({
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'reliability', include: ['tests/reliability/**/*.test.ts'] } },
    ],
  },
});
