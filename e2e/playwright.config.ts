// Browser tests drive the real server, started as `npm start` starts it, in Debian's Chromium:
// its headless build (/usr/bin/chromium-headless-shell, as Playwright drives headless; decision
// 0126), or CHROMIUM_PATH (/usr/bin/chromium to watch a run with `--headed`). No test tool
// downloads a browser. global-setup.ts seeds one data folder;
// every test server runs on its own copy of it (support/servers.ts), so spec files run in
// parallel, one per worker, in any order.
import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

// Chromium reads only the last --disable-features, so this one repeats Playwright's own list
// (playwright-core's chromiumSwitches.ts) and adds the omnibox popup that Chromium 151+ draws in
// every new window even when headless: a renderer per browser context, about 150 ms each.
const DISABLED_FEATURES = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades'],
  ...['HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding'],
  ...['ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect'],
  ...['TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled'],
  ...['PreconnectToSearch', 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'],
];

export default defineConfig({
  globalSetup: './support/global-setup.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  testDir: './specs',
  // Spec files in parallel; the tests of one file in order, in one worker.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? availableParallelism()),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 900 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A trace records a screencast and a DOM snapshot of every action: a fifth of the browser
    // phase's CPU time when recorded for every test and kept only for failures. It is recorded
    // for a failed test's retry (CI retries once); locally, run the failing spec again with
    // `--trace on` (docs/development.md).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
        `--disable-features=${DISABLED_FEATURES.join(',')}`,
      ],
    },
  },
});
