// The specs that need a portal of their own for their worker: the fixtures' test with `portal`
// started once per worker (on a fresh copy of the seeded data) and the pages' baseURL on it.
// `mailingTest`: a portal that mails through a local SMTP server and trusts its proxy
// (mailing-portal.ts); `integrationTest`: one the broker also moves through the integration API,
// mailing too (integration-portal.ts); `privateTest`: one whose log the spec reads
// (private-server.ts).
import type { Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, expect, test } from './fixtures';
import { startIntegrationPortal, type IntegrationPortal } from './integration-portal';
import { startMailingPortal, type MailingPortal } from './mailing-portal';
import { startPrivateServer, type PrivateServer } from './private-server';

function onOwnPortal<P extends { url: string; stop(): Promise<void> }>(start: () => Promise<P>) {
  return test.extend<object, { portal: P }>({
    portal: [
      // Playwright reads a fixture's dependencies from this pattern: none here.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const portal = await start();
        await use(portal);
        await portal.stop();
      },
      { scope: 'worker', timeout: 180_000 },
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
