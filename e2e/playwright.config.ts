// Browser tests drive the real server, started as `npm start` starts it, in Debian's Chromium
// (/usr/bin/chromium). No test tool downloads a browser.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
// A fresh data folder per run: the demo data is seeded into an empty database. Workers load
// this file again and inherit the variable, so they reuse the folder; global-teardown removes it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'espace-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } };
const CHANGES_DATA = [
  /documents\.upload\.spec\.ts$/,
  /changes-.*\.spec\.ts$/,
  /termination\.spec\.ts$/,
];

export default defineConfig({
  globalTeardown: './support/global-teardown.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    },
  },
  // All specs share one server and its demo data: the specs that change that data (uploads,
  // contract changes) run after every spec that reads it as seeded.
  projects: [
    { name: 'reads', testIgnore: CHANGES_DATA, use: DESKTOP },
    { name: 'changes', testMatch: CHANGES_DATA, dependencies: ['reads'], use: DESKTOP },
  ],
  webServer: {
    command: 'npm start',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${BASE_URL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_OUT_DIR ? { WEB_OUT_DIR: process.env.E2E_WEB_OUT_DIR } : {}),
    },
  },
});
