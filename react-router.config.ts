import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Config } from '@react-router/dev/config';

// A single-page app whose public home page is prerendered to real HTML at build time. `/` is then
// served without React: scripts/static-home.mjs swaps its scripts for one small island script
// (docs/decisions/0006-home-without-hydration.md); `/login` and `/signup` the same way, with their
// own island (docs/decisions/0042-light-sign-in-pages.md). Other pages are the SPA, as before.
export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: false,
  prerender: ['/', '/login', '/signup'],
  buildEnd({ reactRouterConfig }) {
    const script = path.join(import.meta.dirname, 'scripts/static-home.mjs');
    execFileSync(process.execPath, [script, path.join(reactRouterConfig.buildDirectory, 'client')], { stdio: 'inherit' });
  },
} satisfies Config;
