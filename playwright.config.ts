import { defineConfig, devices } from '@playwright/test';
import { e2ePorts } from './tests/e2e/support/world.ts';

const { port } = e2ePorts();
const baseURL = `http://127.0.0.1:${port}`;

// Browser tests drive the system Chromium's headless shell (Debian's chromium-headless-shell,
// the same engine and version as its chromium): a third less CPU per test than the full browser
// headless on CI's 2 cores (decision 0045). No browser is ever downloaded. If it is missing,
// launching fails and the tests fail: they are never skipped.
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // A test's own budget: 30 s, doubled in CI, where 2 cores run the server, 2 browsers and the build's leftovers.
  timeout: process.env.CI ? 60_000 : 30_000,
  // What a person waits for on a slow phone: 5 s, doubled in CI for the same reason.
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: process.env.PW_REPORTER ? [[process.env.PW_REPORTER]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    timezoneId: 'Asia/Dhaka',
    // The app's service worker answers some requests from its caches, and page.route does not see
    // what a worker answers: it is off except in the tests of offline use (outbox.spec.ts).
    serviceWorkers: 'block',
    locale: 'en-GB',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Tests tagged @single-run assert global figures (the header balance) or use the one stand-in
  // Google account at a time: they run on their own, after the others, in one project. Tests
  // tagged @one-width run in the desktop project only (they set their own widths, open no page at
  // the project's width, or are office work); tests tagged @phone-only in the phone project only
  // (decision 0045; tests/e2e/fixtures.ts).
  projects: [
    { name: 'desktop', grepInvert: /@single-run|@phone-only/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'phone',
      grepInvert: /@single-run|@one-width/,
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    { name: 'exclusive', grep: /@single-run/, dependencies: ['desktop', 'phone'], use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/support/e2e-server.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { LOG_LEVEL: 'warn' },
  },
});
