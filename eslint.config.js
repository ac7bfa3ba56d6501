import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noCycle from './eslint-rules/no-cycle.js';

// The web app's features (src/web/features/<area>): each may use another only through its api.ts or index.ts.
const features = fs
  .readdirSync('src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.ci/node24/**', 'release/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import cycles anywhere in the app, type-only imports included (import-x/no-cycle leaves
    // those out: see eslint-rules/no-cycle.js).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'no-cycle': noCycle } } },
    rules: { 'local/no-cycle': 'error' },
  },
  {
    // The server's layers. db/ is the bottom one: tables, transactions and reads, knowing nothing
    // of the books' rules, the routes, sign-in or mail. http/ is the plumbing every module's routes
    // use, so it cannot depend on a module. Type-only imports count: the rule resolves every import.
    files: ['src/server/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './src/server/db',
              from: './src/server',
              except: ['./db'],
              message: 'src/server/db imports only src/server/db and src/shared (not modules/, http/, auth/, mail/, commands/ or the app).',
            },
            {
              target: './src/server/http',
              from: './src/server/modules',
              message: 'src/server/http serves every module, so it imports none; move what both need to src/server/http or src/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser side never reaches into the server: both share src/shared only.
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // react-dom/server is React's, not ours (the build draws the Bangla home page with it).
          patterns: [
            { group: ['**/server', '**/server/**', '!react-dom/server'], message: 'src/web must not import src/server; put shared code in src/shared.' },
          ],
        },
      ],
    },
  },
  {
    // A feature uses another only through its api.ts (fetchers, query options, mutations) or index.ts (components it shares).
    files: ['src/web/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server', '**/server/**', '!react-dom/server'], message: 'src/web must not import src/server; put shared code in src/shared.' },
            {
              group: features.flatMap((f) => [`../${f}/*`, `!../${f}/api`, `!../${f}/api.ts`, `!../${f}/index`, `!../${f}/index.ts`]),
              message: 'Import another feature only through its api.ts or index.ts; move what both need to src/web/components or src/web/lib.',
            },
          ],
        },
      ],
    },
  },
  {
    // SQLite is opened only through src/server/db/sqlite-driver.ts, which picks the driver built for
    // the Node that runs (better-sqlite3 12 on Node 20, 13 on 22 and 24: decision 0028). A direct
    // import works on one Node and fails on the other (it broke CI's Node 24 stage once).
    files: ['src/server/**', 'tests/**', 'scripts/**'],
    ignores: ['src/server/db/sqlite-driver.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['better-sqlite3', 'better-sqlite3-napi'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Open SQLite through src/server/db/sqlite-driver.ts (the driver for the running Node).',
          })),
        },
      ],
    },
  },
  {
    // Shared code runs on both sides, so it may import neither.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server', '**/server/**', '**/web', '**/web/**'], message: 'src/shared must not import src/server or src/web.' }],
        },
      ],
    },
  },
);
