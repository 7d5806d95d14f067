// A customer's second factor for password sign-ins
// (docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md), on the compiled
// server: Camille turns it on in 'Mon compte' › « Sécurité » (the QR code and the secret shown, a
// wrong code refused in French, a right one computed from the secret as her app would, the
// recovery codes shown once), signs out, signs in with her password and is asked for the code
// (a wrong one refused in French), gives it and is back in her account, then turns it off with
// her password. Then she turns it on again and, having lost her phone and her codes, asks the
// broker: a supervisor turns it off from her file in the console, and her password alone signs
// in again. The screens are checked with axe and at 320 px, and kept in both skins.
import type { Page } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { signInStaff } from '../support/console-staff';
import { proveIdentity } from '../support/step-up';
import { Authenticator } from '../support/totp';
import {
  CONSOLE_WIDTHS,
  expectNoSidewaysScroll,
  PORTAL_WIDTHS,
  screenshotSkins,
} from '../support/screens';

test.use({ changesData: true });

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: /Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
};

test('turn the second factor on, sign in with password and code, turn it off', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.expect(failedRequest(/\/second-factor/, 400));
  consoleErrors.expect(failedRequest(/\/second-factor\/enrolment/, 403));
  consoleErrors.expect(failedRequest(/\/interaction\/[^/]+\/code/, 401));
  await signIn(page, DEMO.camille, '/account/security', { fresh: true });
  const section = page.locator('section.account-security');
  await expect(section.getByRole('heading', { name: 'Double authentification' })).toBeVisible();
  await expect(page.getByText('La double authentification n’est pas activée.')).toBeVisible();
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  await proveIdentity(page, DEMO_PASSWORD);
  await expect(
    page.getByRole('img', { name: /^QR\scode à scanner avec votre application/ }),
  ).toBeVisible();
  const secret = (await page.locator('code[data-totp-secret]').getAttribute('data-totp-secret'))!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const authenticator = new Authenticator(secret);
  await expectNoAxeViolations(page, 'Sécurité, second factor being turned on');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'account-security-second-factor-enrol', PORTAL_WIDTHS);

  // A wrong code: refused in French under the field.
  const code = page.getByLabel('Code à 6 chiffres');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Activer', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Code incorrect ou déjà utilisé.' }).first(),
  ).toBeVisible();
  await code.fill(await authenticator.freshCode());
  await page.getByRole('button', { name: 'Activer', exact: true }).click();
  await expect(page.getByTestId('banner')).toContainText('La double authentification est activée.');
  const codes = page.getByRole('list', { name: 'Vos codes de secours' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await expectNoAxeViolations(page, 'Sécurité, recovery codes');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'account-security-recovery-codes', PORTAL_WIDTHS);
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).click();
  await expect(page.getByText(/La double authentification est activée depuis le/)).toBeVisible();
  await expect(page.getByText('Il vous reste 10 codes de secours.')).toBeVisible();
  await screenshotSkins(page, 'account-security-second-factor-on', PORTAL_WIDTHS);

  // Signed out, the password alone no longer signs in: the code is asked.
  await signOut(page);
  await page.goto('/account/security');
  await expect(
    page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
  ).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(DEMO.camille);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Double authentification' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in code page');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'sign-in-second-factor', PORTAL_WIDTHS);
  await page.getByLabel('Code de vérification').fill('123456');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Code incorrect ou déjà utilisé.');
  await expectNoAxeViolations(page, 'sign-in code page, wrong code');
  await page.getByLabel('Code de vérification').fill(await authenticator.freshCode());
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon Compte' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Appareils connectés' });
  await expect(
    sessions
      .getByRole('listitem')
      .filter({ has: page.getByText('Cette session', { exact: true }) }),
  ).toContainText('Mot de passe');

  // Turned off with the password.
  await page
    .getByLabel('Mot de passe ou code de vérification', { exact: true })
    .fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Désactiver la double authentification' }).click();
  await expect(page.getByTestId('banner')).toContainText(
    'La double authentification est désactivée.',
  );
  await expect(page.getByText('La double authentification n’est pas activée.')).toBeVisible();
});

test('a supervisor turns it off when Camille lost her app and her codes', async ({
  page,
  browser,
  server,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.expect(failedRequest(/\/second-factor\/enrolment/, 403));
  await signIn(page, DEMO.camille, '/account/security');
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  await proveIdentity(page, DEMO_PASSWORD);
  const secret = (await page.locator('code[data-totp-secret]').getAttribute('data-totp-secret'))!;
  const authenticator = new Authenticator(secret);
  await page.getByLabel('Code à 6 chiffres').fill(await authenticator.freshCode());
  await page.getByRole('button', { name: 'Activer', exact: true }).click();
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).click();
  await expect(page.getByText(/La double authentification est activée depuis le/)).toBeVisible();

  const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
  const staff = await context.newPage();
  await signInStaff(staff, 'supervisor', '/backoffice/clients/CLI-00100231');
  const file = staff.locator('dl.details--summary');
  await expect(file).toContainText('Double authentification');
  await expect(file).toContainText('Activée (un code à chaque connexion par mot de passe)');
  await staff.getByRole('button', { name: 'Désactiver la double authentification' }).click();
  const confirm = staff.getByRole('group', { name: 'Désactiver la double authentification' });
  await expect(confirm).toContainText('après avoir vérifié son identité');
  await expectNoAxeViolations(staff, 'a customer’s file, turning the second factor off');
  await expectNoSidewaysScroll(staff);
  await screenshotSkins(staff, 'console-customer-second-factor', CONSOLE_WIDTHS);
  await confirm.getByRole('button', { name: 'Confirmer la désactivation' }).click();
  await expect(staff.getByTestId('feedback')).toHaveText(
    /La double authentification est désactivée. Le client est prévenu par e-mail./,
  );
  await expect(file).toContainText('Double authentification');
  await expect(file).not.toContainText('Activée (un code');
  await context.close();

  await page.reload();
  await expect(page.getByText('La double authentification n’est pas activée.')).toBeVisible();
});
