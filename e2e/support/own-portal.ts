// The specs that need a portal of their own, for their file: the fixtures' test with `portal`.
// `mailingTest`: a portal that mails through a local SMTP server and trusts its proxy
// (mailing-portal.ts); `integrationTest`: one the broker also moves through the integration API,
// mailing too (integration-portal.ts); `privateTest`: one whose log the spec reads
// (private-server.ts).
import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';
import { startIntegrationPortal, type IntegrationPortal } from './integration-portal';
import { startMailingPortal, type MailingPortal } from './mailing-portal';
import { startPrivateServer, type PrivateServer } from './private-server';

type Portal = { url: string; stop(): Promise<void> };

/**
 * Tests on a portal that `start` starts for their spec file alone (on a fresh copy of the seeded
 * data), its pages' baseURL on it. The portal is a test fixture from the worker's OwnPortals
 * (servers.ts), never a worker fixture of the spec's own: Playwright gives each set of worker
 * fixtures a worker of its own, with its Node process, its Chromium and its shared server.
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

export const mailingTest = onPortalOfTheFile<MailingPortal>(startMailingPortal);
export const integrationTest = onPortalOfTheFile<IntegrationPortal>(startIntegrationPortal);
export const privateTest = onPortalOfTheFile<PrivateServer>(startPrivateServer);

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
