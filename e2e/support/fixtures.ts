// Shared steps and fixtures of the browser tests: the server each test talks to (see
// servers.ts: one per worker for the specs that only read, one per spec file for the specs that
// change data), signing in through the real login form, axe-core on the pages a test visits (any
// WCAG 2.1 A/AA violation fails it), and no console error or uncaught exception unless the test
// declares it.
import { expect, test as base, type Page, type Request } from '@playwright/test';
import type { PortalServer } from './portal-server';
import { OwnPortals, ServerPool } from './servers';
import { DEMO, DEMO_PASSWORD, keptCookies, SIGN_IN_HEADING, submitSignInForm } from './signed-in';

export { DEMO, DEMO_PASSWORD };
export { expectNoAxeViolations } from './axe';

/**
 * Waits until the portal in the page answers: the first screen the server drew (`#root >
 * .portal`, apps/web/src/server-render.tsx) is on screen before its scripts have hydrated it, and
 * a click on it before then would do nothing. The portal marks the page once it has taken it over
 * (the root element's `data-hydrated`, apps/web/src/app/app.tsx); a page without the portal's
 * HTML (the sign-in form, the pages of a sign-out) passes.
 */
export async function portalReady(page: Page) {
  await page.waitForFunction(
    () =>
      !document.querySelector('#root > .portal') ||
      document.documentElement.hasAttribute('data-hydrated'),
  );
}

/**
 * Opens `path` signed in as `email`: with the session global-setup.ts opened for this customer
 * (signed-in.ts), else — or with `fresh`, for a test that needs a session of its own — through
 * the login form (whose own axe checks are in shell.spec.ts).
 */
export async function signIn(page: Page, email: string, path = '/', { fresh = false } = {}) {
  const cookies = fresh ? undefined : await keptCookies(email);
  if (cookies) await page.context().addCookies(cookies);
  await page.goto(path);
  // A kept session this server's copy no longer has (a test signed out): the form, as without.
  if (cookies && (await page.getByRole('heading', { name: SIGN_IN_HEADING }).count()) === 0) return;
  await submitSignInForm(page, email);
  await expect(page.getByRole('heading', { name: SIGN_IN_HEADING })).toHaveCount(0);
  await portalReady(page);
}

/**
 * What Chromium logs for a request that failed: answered with `status`, or aborted (no status).
 * A test that makes one fail on purpose declares it: `consoleErrors.expect(failedRequest(…))`.
 */
export function failedRequest(path: RegExp, status?: number): RegExp {
  const reason = status ? `the server responded with a status of ${status} ` : 'net::';
  const url = path.source.replace(/^\^/, '').replace(/\$$/, '');
  return new RegExp(`^Failed to load resource: ${reason}.*\\[[^\\]]*${url}\\]$`);
}

export interface ConsoleErrors {
  /** Declares an error the test causes on purpose (e.g. a request it aborts): it must occur. */
  expect(message: RegExp): void;
}

interface TestFixtures {
  /** Whether the spec changes data, so that it needs a server of its own (servers.ts). */
  changesData: boolean;
  server: PortalServer;
  /** Checked after each test: none but the declared ones (auto fixture). */
  consoleErrors: ConsoleErrors;
  /** Fails a test that writes through the API on the shared server (auto fixture). */
  readOnlyGuard: void;
  /** Stops the portal a previous spec file started for itself (auto fixture). */
  leavesOtherFiles: void;
}

interface WorkerFixtures {
  servers: ServerPool;
  /** The portal a spec file starts for itself (own-portal.ts). */
  ownPortals: OwnPortals;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  changesData: [false, { option: true }],
  servers: [
    // Playwright reads a fixture's dependencies from this pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const pool = new ServerPool();
      await use(pool);
      await pool.stop();
    },
    { scope: 'worker' },
  ],
  ownPortals: [
    // Playwright reads a fixture's dependencies from this pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const portals = new OwnPortals();
      await use(portals);
      await portals.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  leavesOtherFiles: [
    async ({ ownPortals }, use, testInfo) => {
      await ownPortals.leave(testInfo.file);
      await use();
    },
    { auto: true },
  ],
  // A page load ends when the portal answers (portalReady), not merely when it is on screen.
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await portalReady(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await portalReady(page);
      return response;
    };
    await use(page);
  },
  server: async ({ servers, changesData }, use, testInfo) => {
    await use(await servers.serverFor(testInfo.file, changesData));
  },
  baseURL: async ({ server }, use) => use(server.url),
  // A spec that writes on the shared server would change what the others read: a write call to
  // the API that reaches the server fails the test unless its spec declares changesData. The
  // requests are watched, not intercepted: a route would stop every request on its way for the
  // test process to let it go on, and turns the browser's cache off. A call that a test answers
  // itself with page.route, or aborts, never reached the server: its response has no server
  // address, or there is none.
  readOnlyGuard: [
    async ({ page, changesData }, use) => {
      const calls: Request[] = [];
      const isWrite = (request: Request) =>
        !['GET', 'HEAD', 'OPTIONS'].includes(request.method()) &&
        new URL(request.url()).pathname.startsWith('/api/v1/');
      if (!changesData) page.context().on('request', (r) => isWrite(r) && calls.push(r));
      await use();
      const writes: string[] = [];
      for (const request of calls) {
        // A write still unanswered after 5 s is counted: it went to the server.
        let timer: NodeJS.Timeout | undefined;
        const pending = new Promise<'pending'>((resolve) => {
          timer = setTimeout(resolve, 5_000, 'pending');
        });
        const response = await Promise.race([request.response().catch(() => null), pending]);
        clearTimeout(timer);
        if (response === 'pending' || (response && (await response.serverAddr()) !== null))
          writes.push(`${request.method()} ${new URL(request.url()).pathname}`);
      }
      expect(writes, 'writes from a spec without test.use({ changesData: true })').toEqual([]);
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const expected: RegExp[] = [];
      page.on('pageerror', (err) => errors.push(`uncaught ${err.name}: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const { url } = msg.location();
        errors.push(url ? `${msg.text()} [${url}]` : msg.text());
      });
      await use({ expect: (message) => expected.push(message) });
      const unexpected = errors.filter((e) => !expected.some((m) => m.test(e)));
      expect(unexpected, 'console errors and uncaught exceptions').toEqual([]);
      const missing = expected.filter((m) => !errors.some((e) => m.test(e)));
      expect(missing.map(String), 'declared console errors that did not occur').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
