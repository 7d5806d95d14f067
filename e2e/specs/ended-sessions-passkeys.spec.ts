// The passkeys the ended sessions had added (docs/decisions/0141-every-sign-in-mails-its-new-
// device.md), with Chromium's virtual authenticator on the compiled server. A second browser
// (an iPhone's, a thief's say) adds a passkey; the first closes the other sessions in « Sécurité »
// with the keyboard: the banner says a passkey is left, the list under the sessions names it,
// and « Supprimer » removes it. In the console, a staff member's password change ends their
// other session: « Mon compte » lists the passkey it added and removes it. Every screen
// axe-clean, no sideways scroll at 320 px, screenshots in both skins (375 and 1280 px for the
// portal, the console's widths for the console).
import type { Locator, Page } from '@playwright/test';
import { signInStaff } from '../support/console-staff';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  signIn,
  test,
} from '../support/fixtures';
import {
  CONSOLE_WIDTHS,
  expectNoSidewaysScroll,
  PORTAL_WIDTHS,
  screenshotSkins,
} from '../support/screens';
import { proveIdentity } from '../support/step-up';
import { addVirtualAuthenticator } from '../support/virtual-authenticator';

test.use({ changesData: true });

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
const IPHONE_LABEL = 'Mobile Safari 17 sur Apple iPhone (iOS 17.1)';
const REGION = 'Clés d’accès ajoutées depuis les sessions fermées';

/** Tabs forward until `target` has the focus, then presses Enter. */
async function pressWithKeyboard(page: Page, target: Locator) {
  for (let i = 0; i < 60 && !(await target.evaluate((b) => b === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
}

test('« Sécurité » lists the passkey another session added when it is closed, and removes it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.lea, '/account/security', { fresh: true });
  await expect(page.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();

  // Léa on an iPhone adds a passkey there (her password first).
  const iphone = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    userAgent: IPHONE,
  });
  try {
    const other = await iphone.newPage();
    await addVirtualAuthenticator(other);
    await signIn(other, DEMO.lea, '/account/security', { fresh: true });
    await other.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
    await proveIdentity(other, DEMO_PASSWORD);
    await expect(other.getByTestId('banner')).toContainText('Votre clé d’accès a été ajoutée.');
  } finally {
    await iphone.close();
  }

  // From the first browser, every other session closed with the keyboard.
  await page.reload();
  const sessions = page.getByRole('list', { name: 'Appareils connectés' });
  await expect(sessions).toContainText(IPHONE_LABEL);
  await page.getByRole('heading', { level: 2, name: 'Sécurité' }).click();
  await pressWithKeyboard(
    page,
    page.getByRole('button', { name: 'Fermer toutes les autres sessions' }),
  );
  const banner = page.getByTestId('banner');
  await expect(banner).toContainText(
    'Toutes vos autres sessions ont été fermées. 1 clé d’accès ajoutée depuis une session fermée permet toujours de se connecter\u00a0: vérifiez-la ci-dessous.',
  );
  const region = page.getByRole('region', { name: REGION });
  await expect(region).toBeVisible();
  const added = region.getByRole('list', { name: REGION });
  await expect(added.getByRole('listitem')).toHaveCount(1);
  await expect(added).toContainText(IPHONE_LABEL);
  await expect(region.getByRole('button', { name: 'Conserver cette clé d’accès' })).toBeVisible();
  await expectNoAxeViolations(page, 'Sécurité, the passkeys of the closed sessions');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'account-security-ended-passkeys', PORTAL_WIDTHS);

  // Removed with the keyboard: announced, gone from both lists.
  await pressWithKeyboard(
    page,
    added.getByRole('button', { name: `Supprimer la clé d’accès\u00a0: ${IPHONE_LABEL}` }),
  );
  await expect(banner).toContainText('La clé d’accès a été supprimée.');
  await expect(region).toHaveCount(0);
  await expect(page.getByText('Vous n’avez pas encore de clé d’accès.')).toBeVisible();
  await expectNoAxeViolations(page, 'Sécurité, the passkey removed');
  await screenshotSkins(page, 'account-security-ended-passkeys-removed', PORTAL_WIDTHS);
});

test('the console’s password change lists the passkey the other session added, and removes it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const iphone = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    userAgent: IPHONE,
  });
  try {
    // The agent's other session adds a passkey in « Mon compte ».
    const other = await iphone.newPage();
    await addVirtualAuthenticator(other);
    await signInStaff(other, 'agent', '/backoffice/compte', { fresh: true });
    const mine = other.getByRole('region', { name: 'Clés d’accès' });
    await mine.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
    await proveIdentity(other, DEMO_PASSWORD);
    await expect(mine.getByTestId('feedback')).toContainText('Votre clé d’accès a été ajoutée.');
  } finally {
    await iphone.close();
  }

  // This session changes the password: the other one ends, its passkey is listed.
  await signInStaff(page, 'agent', '/backoffice/compte', { fresh: true });
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  const changed = 'Nouveau-Mot2passe-Console';
  await page.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(changed);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(changed);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').first()).toContainText(
    'Vos autres sessions de la console sont fermées\u00a0: elles demanderont le nouveau. 1 clé d’accès ajoutée depuis une session fermée permet toujours de se connecter',
  );
  const region = page.getByRole('region', { name: REGION });
  const added = region.getByRole('list', { name: REGION });
  await expect(added.getByRole('listitem')).toHaveCount(1);
  await expect(added).toContainText(IPHONE_LABEL);
  await expectNoAxeViolations(page, 'Mon compte, the passkeys of the ended sessions');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'console-account-ended-passkeys', CONSOLE_WIDTHS);

  await pressWithKeyboard(
    page,
    added.getByRole('button', { name: `Supprimer la clé d’accès\u00a0: ${IPHONE_LABEL}` }),
  );
  await expect(region.getByTestId('feedback')).toContainText('La clé d’accès a été supprimée.');
  await expect(added).toHaveCount(0);
  await expect(
    page
      .getByRole('region', { name: 'Clés d’accès', exact: true })
      .getByText('Vous n’avez pas encore de clé d’accès.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'Mon compte, the passkey removed');
});
