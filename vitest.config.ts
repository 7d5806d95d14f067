import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { waitingFirst } from './scripts/test-order.mjs';

/** Vitest's order (the longest first once it knows durations), the waiting files first. */
class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return waitingFirst(await super.sort(files));
  }
}

// What every project shares: a console.error fails the test (vitest.setup.ts), and mocks made
// with vi.spyOn are undone after each test, so one test's expected error never hides another's.
const shared = {
  setupFiles: [fileURLToPath(new URL('./vitest.setup.ts', import.meta.url))],
  restoreMocks: true,
};

// Unit and API tests. Browser tests live in e2e/ and run with Playwright.
export default defineConfig({
  test: {
    // Vitest leaves a core to itself by default, i.e. one worker on a 2-core machine; its main
    // process does little here, so every core runs a test file, plus one more: some files mostly
    // wait (a slow client's upload at 1 Mbit/s, a server process starting), and a third worker
    // keeps the cores busy meanwhile (on 2 cores: 1.9 cores busy instead of 1.7, 10 minutes
    // instead of 11.9).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: WaitingFirst },
    // The modules Vitest transformed (TypeScript and JSX to JavaScript) are kept under
    // node_modules/.experimental-vitest-cache, keyed by their content and the configuration: the
    // next run imports them as they are (the server's API tests on PGlite with the portal's and
    // the contract's: transform 9.3 → 2.4 s, import 15 → 8 s). `npm ci` empties it, as it
    // empties the checks' caches; `vitest --clearCache` too. Vitest 5 makes it the default.
    experimental: { fsModuleCache: true },
    projects: [
      {
        test: {
          ...shared,
          name: 'contract',
          root: 'packages/contract',
          environment: 'node',
          // Pure functions and schemas: its 35 files share a worker's module cache instead of
          // importing zod and the contract again each (23 → 7 CPU-s on the 2-core machine). The
          // one test that fakes the clock gives it back after each test.
          isolate: false,
        },
      },
      {
        test: {
          ...shared,
          name: 'server',
          root: 'apps/server',
          setupFiles: [
            ...shared.setupFiles,
            fileURLToPath(
              new URL('./apps/server/test/support/scratch-cleanup.ts', import.meta.url),
            ),
          ],
          environment: 'node',
          // Limits that catch a hang, not a slow machine: in the gate, beside the browser tests on
          // a slow 2-core machine, a test that starts the compiled server took over 30 s and a data
          // folder's initdb and migrations over 60 s
          // (docs/decisions/0165-the-gate-is-budgeted-in-cpu-time.md).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Test files share a worker's module cache instead of importing Fastify, the identity
          // provider and PGlite again each (half the CPU time of this project). Safe because the
          // server keeps its state in the database, not in process memory (docs/architecture.md), and
          // every file builds its own app on its own database.
          isolate: false,
          // Builds the template database every API test file copies (test/support/template.ts).
          globalSetup: ['test/support/global-setup.ts'],
        },
      },
      {
        test: {
          ...shared,
          // React's act() wants to be told it runs in a test (testing/act-environment.ts).
          setupFiles: [
            ...shared.setupFiles,
            fileURLToPath(new URL('./apps/web/src/testing/act-environment.ts', import.meta.url)),
            fileURLToPath(new URL('./apps/web/src/testing/fresh-document.ts', import.meta.url)),
          ],
          name: 'web',
          root: 'apps/web',
          environment: 'happy-dom',
          // Its files share a worker's modules and document instead of loading React, the
          // contract and happy-dom again each (55 → 17 CPU-s on the 2-core machine): each test
          // starts on a clean document (testing/fresh-document.ts).
          isolate: false,
        },
      },
      { test: { ...shared, name: 'console', root: 'apps/console', environment: 'node' } },
      // The repository's own scripts (what `npm test` and `npm start` decide before they run).
      {
        test: {
          ...shared,
          name: 'scripts',
          root: 'scripts',
          environment: 'node',
          include: ['*.test.mjs'],
        },
      },
    ],
  },
});
