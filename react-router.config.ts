import type { Config } from '@react-router/dev/config';

// A single-page app whose public home page is prerendered to real HTML at build time.
export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: false,
  prerender: ['/'],
} satisfies Config;
