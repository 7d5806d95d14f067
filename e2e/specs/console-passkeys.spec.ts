// A staff member's passkey as their second factor (docs/console.md « Mon compte », « Connexion »;
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md), with Chromium's
// virtual authenticator (DevTools protocol WebAuthn.addVirtualAuthenticator) on the compiled
// server: the agent enrols a TOTP at the first sign-in (computed in the test), adds a passkey in
// « Mon compte » and new recovery codes, signs out, gives the password and, on the code page, « Utiliser ma clé
// d’accès » instead of a code: the console opens. The passkey is then listed as used, and
// removed: the code page no longer offers it. Every page axe-clean, no sideways scroll at
// 320 px, screenshots at 375, 768 and 1280 px in both skins.
import type { Page } from '@playwright/test';
import { enrolAndSignIn, expectInConsole, givePassword } from '../support/console-staff';
import {
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
  test,
} from '../support/fixtures';
import { CONSOLE_WIDTHS, expectNoSidewaysScroll, screenshotSkins } from '../support/screens';
import { proveIdentity } from '../support/step-up';
import { addVirtualAuthenticator } from '../support/virtual-authenticator';

test.use({ changesData: true });

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByLabel('Adresse e-mail professionnelle')).toBeVisible();
};

test('a staff member adds a passkey and signs in with password and passkey', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  consoleErrors.expect(failedRequest(/\/me\/passkeys\/options$/, 403));
  await addVirtualAuthenticator(page);

  await enrolAndSignIn(page, 'agent');
  await page.getByRole('banner').getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  const section = page.getByRole('region', { name: 'Clés d’accès' });
  await expect(section.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();
  await section.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  // A fresh proof first: the password again, in the step-up dialog (docs/decisions/0138).
  await expect(page.getByRole('dialog', { name: 'Confirmez votre identité' })).toBeVisible();
  await expectNoAxeViolations(page, 'console step-up dialog');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'console-step-up', CONSOLE_WIDTHS);
  await proveIdentity(page, DEMO_PASSWORD);
  await expect(section.getByTestId('feedback')).toContainText('Votre clé d’accès a été ajoutée.');
  const passkeys = section.getByRole('list', { name: 'Clés d’accès' });
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).toContainText('Jamais utilisée');
  await expectNoAxeViolations(page, 'Mon compte, one passkey');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'console-account-passkeys', CONSOLE_WIDTHS);

  // New recovery codes, within the same fresh proof (docs/decisions/0140), shown once.
  const codes = page.getByRole('region', { name: 'Codes de secours' });
  await codes.getByRole('button', { name: 'Créer de nouveaux codes de secours' }).click();
  await expect(codes.getByTestId('feedback')).toContainText('Vos nouveaux codes de secours');
  await expect(
    codes.getByRole('list', { name: 'Codes de secours' }).getByRole('listitem'),
  ).toHaveCount(10);
  await expectNoAxeViolations(page, 'Mon compte, new recovery codes');
  await expectNoSidewaysScroll(page);
  await codes.getByRole('button', { name: 'J’ai noté mes codes' }).click();
  await expect(codes.getByRole('listitem')).toHaveCount(0);

  // Signed out: the password, then the passkey instead of a code.
  await signOut(page);
  await givePassword(page, 'agent');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Double authentification', exact: true }),
  ).toBeVisible();
  const usePasskey = page.getByRole('button', { name: 'Utiliser ma clé d’accès' });
  await expect(usePasskey).toBeVisible();
  await expectNoAxeViolations(page, 'staff code page with a passkey');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'console-sign-in-passkey', CONSOLE_WIDTHS);
  await usePasskey.click();
  await expectInConsole(page, 'agent');

  // Used, then removed: the code page no longer offers it.
  await page.getByRole('banner').getByRole('link', { name: 'Mon compte' }).click();
  await expect(passkeys.getByRole('listitem')).toHaveCount(1);
  await expect(passkeys).not.toContainText('Jamais utilisée');
  await passkeys.getByRole('button', { name: /^Supprimer la clé d’accès/ }).click();
  await expect(section.getByTestId('feedback')).toContainText('La clé d’accès a été supprimée.');
  await expect(section.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();
  await signOut(page);
  await givePassword(page, 'agent');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Double authentification', exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Utiliser ma clé d’accès' })).toHaveCount(0);
  await expect(page.getByLabel('Code de vérification')).toBeVisible();
});
