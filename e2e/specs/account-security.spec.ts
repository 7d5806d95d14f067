// The customer's control of their own account: the password, preferences and deletion
// screens with their docs/product/account.md messages banners, a password change then a sign-in with the
// new password, a deletion then a refused sign-in and the sign-out after 3 s, the one-click
// logout, and a forgotten-password reset in demo mode. These change passwords and delete an
// account, so they run on a portal of their own (support/private-server.ts).
import { ACCOUNT_DELETION_LOGOUT_DELAY_MS } from '@espace/contract';
import type { Page } from '@playwright/test';
import { refuseCookies } from '../support/cookies';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
} from '../support/fixtures';
import { privateTest as test } from '../support/own-portal';

const NBSP = '\u00a0';
const NEW_PASSWORD = 'Nouveau-Mot2passe';

// Its writes go to its private server, not the shared one.
test.use({ changesData: true });

async function signInWith(page: Page, email: string, password: string, path = '/') {
  await page.goto(path);
  await expect(
    page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
  ).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

async function openSection(page: Page, email: string, path: string, heading: string) {
  await signInWith(page, email, DEMO_PASSWORD, path);
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await refuseCookies(page);
}

const banner = (page: Page) => page.getByTestId('banner');

test.describe('account security', () => {
  test('the password screen states the rule, checks the fields, and changes the password', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/password/, 400));
    await openSection(page, DEMO.lea, '/account/password', 'Changer de mot de passe');
    await expect(
      page.getByLabel('Nouveau mot de passe', { exact: true }),
    ).toHaveAccessibleDescription(
      /Au moins 12 caractères avec une majuscule, une minuscule, un chiffre et un caractère spécial/,
    );
    await expectNoAxeViolations(page, 'password screen');

    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/password')) sent.push(r.method());
    });
    const submit = page.getByRole('button', { name: 'Changer le mot de passe' });
    await submit.click();
    await expect(page.getByText('Mot de passe est nécessaire')).toHaveCount(3);
    await expect(page.getByLabel('Ancien mot de passe')).toBeFocused();

    await page.getByLabel('Ancien mot de passe').fill(DEMO_PASSWORD);
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirmer le nouveau mot de passe').fill(`${NEW_PASSWORD}x`);
    await submit.click();
    await expect(page.getByText('Les mots de passe ne sont pas identiques')).toHaveCount(2);
    await expectNoAxeViolations(page, 'password screen with errors');
    expect(sent).toEqual([]);

    // Show/hide: the toggle is a pressed button and the field shows its text.
    const toggle = page.getByRole('button', {
      name: 'Afficher le mot de passe : Nouveau mot de passe',
    });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Nouveau mot de passe', { exact: true })).toHaveAttribute(
      'type',
      'text',
    );

    // A wrong current password: the docs/product/account.md banner and the server's reason under the field.
    await page.getByLabel('Ancien mot de passe').fill('Pas-le-bon-2026');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill(NEW_PASSWORD);
    await submit.click();
    await expect(banner(page)).toContainText(
      'Malheureusement, nous n’avons pas pu mettre votre mot de passe à jour.',
    );
    await expect(page.getByText('Le mot de passe saisi est incorrect.')).toBeVisible();

    await page.getByLabel('Ancien mot de passe').fill(DEMO_PASSWORD);
    await submit.click();
    await expect(banner(page)).toContainText(`Votre mot de passe a été mis à jour${NBSP}!`);
    await expect(page.getByLabel('Ancien mot de passe')).toHaveValue('');
    await expectNoAxeViolations(page, 'password changed');

    // Sign out, then in again with the new password.
    await page.getByRole('button', { name: /Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
    await signInWith(page, DEMO.lea, NEW_PASSWORD, '/account/password');
    await expect(
      page.getByRole('heading', { level: 2, name: 'Changer de mot de passe' }),
    ).toBeVisible();
  });

  test('the preferences screen saves the consent at once, keeps focus on the box and says so', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/consent\/accounts\/[^/]+\/false$/, 500));
    await openSection(page, DEMO.camille, '/account/communication', 'Gestion des préférences');
    const consent = page.getByLabel(
      'J’accepte d’être contacté(e) à des fins de prospection commerciale',
    );
    const status = page.getByRole('status').filter({ hasText: /./ });
    await expect(consent).toBeChecked();
    // A target of at least 24 px (WCAG 2.5.8).
    const box = (await consent.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    await expectNoAxeViolations(page, 'preferences screen');

    // With the keyboard: saving keeps the focus on the box (WCAG 3.2.2) and is read out.
    await consent.focus();
    await page.keyboard.press('Space');
    await expect(status).toHaveText(
      'Choix enregistré. Nous avons bien pris en compte votre demande de ne plus être recontacté(e) à des fins de prospections commerciales.',
    );
    await expect(consent).not.toBeChecked();
    await expect(consent).toBeFocused();
    await expect(banner(page)).toHaveCount(0);
    await page.reload();
    await expect(consent).not.toBeChecked();

    await consent.focus();
    await page.keyboard.press('Space');
    await expect(status).toHaveText('Choix enregistré. Votre choix a bien été enregistré.');
    await expect(consent).toBeChecked();
    await expect(consent).toBeFocused();
    await expectNoAxeViolations(page, 'preferences saved');

    await page.route('**/api/v1/consent/**', (route) => route.fulfill({ status: 500 }));
    await consent.uncheck();
    await expect(banner(page)).toContainText('Erreur de fichier interne');
    await expect(consent).toBeChecked();
    await expect(status).toHaveCount(0);
    await expectNoAxeViolations(page, 'preferences error');
  });

  test('the deletion screen explains, deletes, signs out after 3 s, and the email no longer signs in', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/account\/accounts\/[^/]+$/, 400));
    consoleErrors.expect(failedRequest(/\/interaction\/[^/]+\/login/, 401));
    await openSection(page, DEMO.jean, '/account/accountDelete', 'Supprimer le compte');
    await page.getByRole('button', { name: 'Continuer vers la suppression' }).click();
    await expect(page.getByText('Vos contrats d’assurance ne sont pas résiliés.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'vos polices d’assurance' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.getByRole('link', { name: 'contactez-nous' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await expectNoAxeViolations(page, 'deletion screen');

    const submit = page.getByRole('button', { name: 'Supprimer mon compte' });
    await submit.click();
    await expect(page.getByText('Mot de passe est nécessaire')).toBeVisible();

    await page.getByLabel('Mot de passe', { exact: true }).fill('Pas-le-bon-2026');
    await submit.click();
    await expect(banner(page)).toContainText(
      'Malheureusement, une erreur s’est produite lors de la suppression de votre compte.',
    );
    await expectNoAxeViolations(page, 'deletion refused');

    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
    await submit.click();
    await expect(banner(page)).toContainText(`Votre compte a été supprimé${NBSP}!`);
    const shownAt = Date.now();
    await expect(page.getByRole('heading', { name: 'Votre compte a été supprimé' })).toBeVisible({
      timeout: ACCOUNT_DELETION_LOGOUT_DELAY_MS + 7_000,
    });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(ACCOUNT_DELETION_LOGOUT_DELAY_MS - 500);

    await expect(page.getByText('Se reconnecter')).toHaveCount(0);

    await signInWith(page, DEMO.jean, DEMO_PASSWORD);
    await expect(page.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeVisible();
  });

  test('logout is one click from the user menu and from the mobile menu', async ({ page }) => {
    await signInWith(page, DEMO.camille, DEMO_PASSWORD);
    await refuseCookies(page);
    await page.getByRole('button', { name: /Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
    await expect(page).toHaveURL(/\/loggedOut$/);
    await expectNoAxeViolations(page, 'logged out');

    await page.getByRole('button', { name: 'Se reconnecter' }).click();
    await expect(
      page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
    ).toBeVisible();
    await page.getByLabel('Adresse e-mail').fill(DEMO.camille);
    await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: /Mes Polices d/ })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
  });

  test('a forgotten password is reset with the link demo mode writes to the log', async ({
    page,
    portal: privateServer,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/interaction\/password\/reset/, 400));
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'login page with the forgotten-password link');
    await page.getByRole('link', { name: /Mot de passe oublié/ }).click();
    await expect(page.getByRole('heading', { name: 'Mot de passe oublié' })).toBeVisible();
    await expectNoAxeViolations(page, 'forgotten-password page');
    await page.getByLabel('Adresse e-mail').fill(DEMO.camille);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(page.getByText(/Si un compte existe pour cette adresse/)).toBeVisible();
    await expectNoAxeViolations(page, 'forgotten-password answer');

    let link: string | undefined;
    await expect
      .poll(() => {
        link = /"passwordResetLink":"([^"]+)"/.exec(privateServer.log())?.[1];
        return link;
      })
      .toBeTruthy();
    await page.goto(link!);
    await expect(
      page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' }),
    ).toBeVisible();
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('trop-court');
    await page.getByLabel('Confirmer le nouveau mot de passe').fill('trop-court');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByText(/Ce mot de passe est trop faible/)).toBeVisible();
    await expectNoAxeViolations(page, 'reset page with an error');
    await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirmer le nouveau mot de passe').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect(page.getByRole('heading', { name: 'Mot de passe modifié' })).toBeVisible();
    await expectNoAxeViolations(page, 'reset done');

    await page.getByRole('link', { name: 'Se connecter', exact: true }).click();
    await page.getByLabel('Adresse e-mail').fill(DEMO.camille);
    await page.getByLabel('Mot de passe', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Mes Polices d/ })).toBeVisible();
  });
});
