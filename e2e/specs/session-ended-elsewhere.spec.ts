// A session ended from another device (docs/decisions/0065-portal-session-cookie.md,
// docs/decisions/0051-tokens-bound-to-their-session.md): a password change in a second browser
// ends the first browser's portal session and its provider session; the first browser's next
// API call is answered 401, the SPA goes to sign-in, which asks for the password, and the
// customer comes back to the screen they were opening. It changes a password, so it runs on a
// server of its own (support/servers.ts). session.spec.ts covers a session the server no longer
// knows while the provider's is still open (the page comes back at once, no form).
import type { Page } from '@playwright/test';
import { refuseCookies } from '../support/cookies';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';

test.use({ changesData: true });

const NBSP = '\u00a0';

// The password the server holds now: each run (--repeat-each) changes it again on the same
// server; a new worker starts with a new server and this module fresh.
let password = DEMO_PASSWORD;
let changes = 0;

async function signInWith(page: Page, email: string, secret: string, path: string) {
  await page.goto(path);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/** Changes the password on the 'Mot de Passe' screen of a signed-in page. */
async function changePassword(page: Page, from: string, to: string) {
  await expect(
    page.getByRole('heading', { level: 2, name: 'Changer de mot de passe' }),
  ).toBeVisible();
  await refuseCookies(page);
  await page.getByLabel('Ancien mot de passe').fill(from);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(to);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(to);
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(page.getByTestId('banner')).toContainText(
    `Votre mot de passe a été mis à jour${NBSP}!`,
  );
}

test('a password changed on another device: the next call asks for the password and comes back to the same screen', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  consoleErrors.expect(failedRequest(/\/api\/v1\/account\/accounts\/[^/]+\/requests.*/, 401));
  const newPassword = `Nouveau-Mot2passe-${++changes}`;
  await (password === DEMO_PASSWORD
    ? signIn(page, DEMO.lea, '/account')
    : signInWith(page, DEMO.lea, password, '/account'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mon Compte' })).toBeVisible();

  // Another device of the same customer changes the password: every other session ends.
  const elsewhere = await browser.newContext({ baseURL });
  try {
    const other = await elsewhere.newPage();
    await signInWith(other, DEMO.lea, password, '/account/password');
    await changePassword(other, password, newPassword);
    password = newPassword;
  } finally {
    await elsewhere.close();
  }

  const pages: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      pages.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  const read = page.waitForResponse((r) =>
    /^\/api\/v1\/account\/accounts\/[^/]+\/requests$/.test(new URL(r.url()).pathname),
  );
  await page
    .getByRole('navigation', { name: 'Rubriques de Mon compte' })
    .getByRole('link', { name: 'Mes demandes' })
    .click();
  expect((await read).status()).toBe(401);
  // The provider’s session ended too: sign-in shows its form, then comes back to the screen.
  await expect(
    page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
  ).toBeVisible();
  expect(pages).toEqual(['GET /auth/sign-in']);
  await expectNoAxeViolations(page, 'sign-in after a session ended elsewhere');
  await page.getByLabel('Adresse e-mail').fill(DEMO.lea);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Mes demandes' })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/requests$/);
  await expectNoAxeViolations(page, 'Mes demandes after signing in again');
});
