import { defineConfig } from 'vitest/config';

// Unit and API tests. Browser tests live in e2e/ and run with Playwright.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ['test/global-setup.ts'],
        },
      },
      { test: { name: 'web', root: 'apps/web', environment: 'happy-dom' } },
    ],
  },
});
