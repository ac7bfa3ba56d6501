import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noCycle from './eslint-rules/no-cycle.js';

// The web app's features (src/web/features/<area>): each may use another only through its api.ts or index.ts.
const features = fs
  .readdirSync('src/web/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  { ignores: ['build/**', '.react-router/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
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
