// Passkeys (docs/decisions/0116-passkeys-through-the-embedded-provider.md), with Chromium's
// virtual authenticator (DevTools protocol WebAuthn.addVirtualAuthenticator) on the compiled
// server: Camille adds a passkey in 'Mon compte' › « Sécurité », signs out, signs in with it
// from the provider's page (whatever e-mail is typed, the passkey's own account opens), finds it
// used and the session marked « Clé d’accès », removes it, and the same authenticator can no
// longer sign in. Adding it asks for her password first (the step-up dialog); a thief with a
// copy of her session cookie, in a browser of his own, is refused the passkey without it. The
// screens are checked with axe and at 320 px, and kept in both skins.
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { expectNoSidewaysScroll, PORTAL_WIDTHS, screenshotSkins } from '../support/screens';
import { addVirtualAuthenticator } from '../support/virtual-authenticator';

test.use({ changesData: true });

test('add a passkey, sign out, sign in with it, remove it: it no longer signs in', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(failedRequest(/\/interaction\/[^/]+\/passkey$/, 401));
  consoleErrors.expect(failedRequest(/\/passkeys\/options$/, 403));
  // The virtual authenticator answers the sign-in page's autofill request (conditional
  // mediation) on its own, as no person would: here the autofill stays open, unanswered, until
  // the page aborts it, as when the customer does not pick the passkey in the e-mail field.
  await page.addInitScript(() => {
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) =>
      options?.mediation === 'conditional'
        ? new Promise((_resolve, reject) =>
            options.signal?.addEventListener('abort', () => reject(options.signal!.reason)),
          )
        : get(options);
  });
  await addVirtualAuthenticator(page);

  await signIn(page, DEMO.camille, '/account/security', { fresh: true });
  const passkeys = page.getByRole('list', { name: 'Clés d’accès' });
  await expect(page.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();
  await page.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  // A fresh proof first: the password, typed in the step-up dialog.
  const stepUp = page.getByRole('dialog', { name: 'Confirmez votre identité' });
  await expect(stepUp).toBeVisible();
  await expect(stepUp.getByLabel('Mot de passe ou code de vérification')).toBeFocused();
  await expectNoAxeViolations(page, 'step-up dialog');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'account-step-up', PORTAL_WIDTHS);
  await stepUp.getByLabel('Mot de passe ou code de vérification').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('banner')).toContainText('Votre clé d’accès a été ajoutée.');
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText(/Chrome \d+ sur Windows 10/);
  await expect(passkeys).toContainText('Jamais utilisée');
  await expectNoAxeViolations(page, 'Sécurité, one passkey');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'account-security-passkeys', PORTAL_WIDTHS);

  // Signed out, then back through the provider's page with the passkey.
  await page.getByRole('button', { name: /Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
  await page.goto('/account/security');
  await expect(
    page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
  ).toBeVisible();
  const withPasskey = page.getByRole('button', { name: 'Se connecter avec une clé d’accès' });
  await expect(withPasskey).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in page with a passkey');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'sign-in-passkey', PORTAL_WIDTHS);
  // Another customer's e-mail typed: the passkey opens its own account, never that one.
  await page.getByLabel('Adresse e-mail').fill(DEMO.lea);
  await withPasskey.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon Compte' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Appareils connectés' });
  await expect(
    sessions
      .getByRole('listitem')
      .filter({ has: page.getByText('Cette session', { exact: true }) }),
  ).toContainText('Clé d’accès');
  const account = await page.locator('meta[name="portal-account"]').getAttribute('content');
  const me = await page.request.get(`/api/v1/account/accounts/${account}`);
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe(DEMO.camille);
  await expect(passkeys).not.toContainText('Jamais utilisée');

  // Removed: the authenticator still holds it, the server no longer takes it.
  await passkeys.getByRole('button', { name: /^Supprimer la clé d’accès/ }).click();
  await expect(page.getByTestId('banner')).toContainText('La clé d’accès a été supprimée.');
  await expect(page.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();
  await page.getByRole('button', { name: /Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'Se connecter avec une clé d’accès' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Cette clé d’accès n’a pas pu être vérifiée.',
  );
  await expect(
    page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
  ).toBeVisible();
});

test('a thief with a copy of the session cookie adds no passkey without the password', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO.jean, '/account/security', { fresh: true });
  await expect(page.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();
  const origin = new URL(page.url()).origin;
  // The thief's own browser, with a copy of the owner's cookies and an authenticator of his.
  const thief = await browser.newContext({ baseURL: origin, locale: 'fr-FR' });
  try {
    await thief.addCookies(await page.context().cookies());
    const stolen = await thief.newPage();
    await addVirtualAuthenticator(stolen);
    await stolen.goto('/account/security');
    await stolen.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
    const stepUp = stolen.getByRole('dialog', { name: 'Confirmez votre identité' });
    await expect(stepUp).toBeVisible();
    await stepUp.getByLabel('Mot de passe ou code de vérification').fill('Un-Essai-2026!');
    await stepUp.getByRole('button', { name: 'Confirmer' }).click();
    await expect(stepUp.getByText('Mot de passe ou code incorrect.')).toBeVisible();
    await stepUp.getByRole('button', { name: 'Annuler' }).click();
    await expect(stolen.getByTestId('banner')).toContainText(
      'la clé d’accès n’a pas pu être ajoutée',
    );
    await expect(stolen.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();
  } finally {
    await thief.close();
  }
  await page.reload();
  await expect(page.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();
});
