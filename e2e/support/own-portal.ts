// The specs that need a portal of their own: the fixtures' test with `portal` (on a fresh copy of
// the seeded data) and the pages' baseURL on it, the portal shared by the specs of its kind in a
// worker, or, with `onPortalOfTheFile`, started for one spec file.
// `mailingTest`: a portal that mails through a local SMTP server and trusts its proxy
// (mailing-portal.ts); `integrationTest`: one the broker also moves through the integration API,
// mailing too (integration-portal.ts); `privateTest`: one whose log the spec reads
// (private-server.ts).
import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';
import { startIntegrationPortal, type IntegrationPortal } from './integration-portal';
import { startMailingPortal, type MailingPortal } from './mailing-portal';
import { startPrivateServer, type PrivateServer } from './private-server';

// The portal is a test fixture taken from the worker's OwnPortals (servers.ts), never a worker
// fixture of its own: Playwright gives a spec with other worker fixtures a worker of its own, and
// each such worker costs a Node process, a Chromium and a shared server to start.
type Portal = { url: string; stop(): Promise<void> };

/** Tests on the worker's portal that `start` starts, shared with the other specs that use it. */
function onOwnPortal<P extends Portal>(start: () => Promise<P>) {
  return test.extend<{ portal: P }>({
    portal: [
      async ({ ownPortals }, use) => use(await ownPortals.shared(start)),
      { timeout: 180_000 },
    ],
    baseURL: async ({ portal }, use) => use(portal.url),
  });
}

/**
 * Tests on a portal that `start` starts for their spec file alone (their data is theirs: a
 * queue's count, a customer's first access), stopped when the worker moves on to another file.
 */
export function onPortalOfTheFile<P extends Portal>(start: () => Promise<P>) {
  return test.extend<{ portal: P }>({
    portal: [
      async ({ ownPortals }, use, testInfo) => use(await ownPortals.forFile(testInfo.file, start)),
      { timeout: 180_000 },
    ],
    baseURL: async ({ portal }, use) => use(portal.url),
  });
}

export const mailingTest = onOwnPortal<MailingPortal>(startMailingPortal);
export const integrationTest = onOwnPortal<IntegrationPortal>(startIntegrationPortal);
export const privateTest = onOwnPortal<PrivateServer>(startPrivateServer);

/**
 * Opens `path` through the provider's sign-in form as Camille, on a portal of its own (no session
 * kept for it, signed-in.ts), and waits for 'Mon Compte'.
 */
export async function signInThroughForm(page: Page, path: string) {
  await page.goto(path);
  await page.getByLabel('Adresse e-mail').fill(DEMO.camille);
  await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon Compte' })).toBeVisible();
}
