import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // The browser side never reaches into the server: both share src/shared only.
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/server', '**/server/**'], message: 'src/web must not import src/server; put shared code in src/shared.' }],
      }],
    },
  },
  {
    // Shared code runs on both sides, so it may import neither.
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/server', '**/server/**', '**/web', '**/web/**'], message: 'src/shared must not import src/server or src/web.' }],
      }],
    },
  },
);
