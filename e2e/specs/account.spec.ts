// docs/product/account.md /account, /account/address and the sub-navigation of 'Mon compte', as seeded (reads
// only; the address changes are in changes-account-address.spec.ts, on a server of its own).
import { ADDRESS_MESSAGES } from '@espace/contract';
import { DEMO, expect, expectNoAxeViolations, test } from '../support/fixtures';
import {
  field,
  garageCard,
  openAccount,
  personalCard,
  pickPlace,
  signInWithConsent,
} from './account-helpers';

const SECTIONS = [
  { link: 'Mot de Passe', path: '/account/password', title: 'Changer de mot de passe' },
  { link: 'Sécurité', path: '/account/security', title: 'Sécurité' },
  { link: 'Mes données', path: '/account/data', title: 'Mes données' },
  {
    link: 'Gestion des préférences',
    path: '/account/communication',
    title: 'Gestion des préférences',
  },
  { link: 'Supprimer le Compte', path: '/account/accountDelete', title: 'Supprimer le compte' },
] as const;

test.describe('Mon compte', () => {
  test('the header link opens the address section, with what the portal knows of the customer', async ({
    page,
  }) => {
    await openAccount(page, DEMO.camille);
    await expect(page).toHaveURL(/\/account$/);
    const nav = page.getByRole('navigation', { name: 'Rubriques de Mon compte' });
    await expect(nav.getByRole('link')).toHaveText([
      'Adresse',
      'Mes demandes',
      'Mot de Passe',
      'Sécurité',
      'Mes données',
      'Gestion des préférences',
      'Supprimer le Compte',
    ]);
    await expect(nav.getByRole('link', { name: 'Adresse' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const customer = page.getByRole('region', { name: 'Mes informations' });
    await expect(customer).toContainText('Camille Martin');
    await expect(customer).toContainText('camille.martin@example.fr');
    await expect(personalCard(page)).toContainText('18 rue des Lilas');
    await expect(personalCard(page)).toContainText('69003 Lyon');
    await expectNoAxeViolations(page, '/account');
    await nav.getByRole('link', { name: 'Adresse' }).click();
    await expect(page).toHaveURL(/\/account\/address$/);
    await expect(personalCard(page)).toBeVisible();
  });

  test('the sub-navigation marks the section shown as the current page', async ({ page }) => {
    await openAccount(page, DEMO.camille);
    const nav = page.getByRole('navigation', { name: 'Rubriques de Mon compte' });
    for (const section of SECTIONS) {
      await nav.getByRole('link', { name: section.link }).click();
      await expect(page).toHaveURL(new RegExp(`${section.path}$`));
      await expect(page.getByRole('heading', { level: 2, name: section.title })).toBeVisible();
      await expect(nav.getByRole('link', { name: section.link })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(nav.locator('[aria-current]')).toHaveCount(1);
    }
    await nav.getByRole('link', { name: 'Adresse' }).click();
    await expect(page).toHaveURL(/\/account\/address$/);
    await expect(nav.getByRole('link', { name: 'Adresse' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('garage addresses are grouped by address, with their attached policies', async ({
    page,
  }) => {
    await openAccount(page, DEMO.camille);
    await expect(page.getByTestId('garage-address')).toHaveCount(2);
    const craponne = garageCard(page, '4 chemin des Vignes');
    await expect(
      craponne.getByRole('heading', { name: 'Adresse du lieu de garage' }),
    ).toBeVisible();
    const toggle = craponne.getByRole('button', { name: /Polices attachées/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(craponne.getByTestId('attached-policy')).toHaveCount(2);
    await expect(craponne.getByTestId('attached-policy').first()).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const policies = craponne.getByTestId('attached-policy');
    await expect(policies).toHaveCount(2);
    await expect(policies.first()).toContainText('AU2024061108');
    await expect(policies.first()).toContainText('EZ-731-QD');
    await expect(policies.first()).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    await expect(craponne.getByRole('button', { name: /^Faire un changement/ })).toBeVisible();
    await expectNoAxeViolations(page, 'garage addresses expanded');
  });

  test('the personal address asks first when a policy is garaged there, and Non changes nothing', async ({
    page,
  }) => {
    await openAccount(page, DEMO.camille);
    await personalCard(page)
      .getByRole('button', { name: /^Faire un changement/ })
      .click();
    const dialog = page.getByRole('dialog', { name: ADDRESS_MESSAGES.linkedPolicies.question });
    await expect(dialog).toContainText(ADDRESS_MESSAGES.linkedPolicies.text);
    await expectNoAxeViolations(page, 'linked policies modal');
    await dialog.getByRole('button', { name: 'Non' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/account$/);
    expect(await page.evaluate(() => sessionStorage.getItem('addressData'))).toBeNull();
  });

  test('with every policy terminated nothing can be changed', async ({ page }) => {
    await openAccount(page, DEMO.jean);
    await expect(personalCard(page)).toContainText('5 avenue Jean Jaurès');
    await expect(page.getByTestId('garage-address')).toHaveCount(1);
    await expect(page.getByRole('button', { name: /Faire un changement/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'jean account');
  });

  test('at 375 px the account fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInWithConsent(page, DEMO.camille);
    // At this width the header links sit in the menu.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Mon compte' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mon Compte' })).toBeVisible();
    await expect(page.getByTestId('garage-address')).toHaveCount(2);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoAxeViolations(page, 'account at 375 px');

    await garageCard(page, '4 chemin des Vignes')
      .getByRole('button', { name: /^Faire un changement/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Modifier l’adresse du lieu de garage' }),
    ).toBeVisible();
    await pickPlace(page, '69290', 'Craponne (69290)');
    await expect(field(page, 'Ville')).toHaveValue('Craponne');
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0);
    await expectNoAxeViolations(page, 'change address at 375 px');
  });

  test('/changeAddress without a chosen address leads back to the address section', async ({
    page,
  }) => {
    await openAccount(page, DEMO.lea);
    await page.goto('/changeAddress');
    await expect(page).toHaveURL(/\/account\/address$/);
    await expect(personalCard(page)).toBeVisible();
  });
});
