import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { refuseCookies } from '../support/cookies';

// Sends contact requests for real: a server of its own (support/servers.ts).
test.use({ changesData: true });

test.describe('contact', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, DEMO.camille, '/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await refuseCookies(page);
  });

  test('shows the customer-service number as a tel: link with the opening hours', async ({
    page,
  }) => {
    const card = page.getByRole('region', { name: 'Par téléphone' });
    await expect(card.getByRole('link', { name: '01 99 00 12 34' })).toHaveAttribute(
      'href',
      'tel:+33199001234',
    );
    await expect(card).toContainText(
      'Du lundi au vendredi de 9h00 à 13h00 et de 14h00 à 18h00, appel au prix d’un appel local',
    );
    await expectNoAxeViolations(page, 'contact page');
  });

  test('a call-back request shows the success banner with the typed number', async ({ page }) => {
    const card = page.getByRole('region', { name: 'Être rappelé(e)' });
    await card.getByLabel('Votre numéro de téléphone').fill('06 12 34 56 78');
    await card.getByRole('button', { name: 'Demander un rappel' }).click();
    await expect(page.getByTestId('banner')).toContainText(
      'Merci pour votre demande ! Nous vous recontacterons sous 48h au numéro 06 12 34 56 78.',
    );
    await expect(card.getByLabel('Votre numéro de téléphone')).toHaveValue('');
    await expectNoAxeViolations(page, 'contact call-back success');
  });

  test('a call-back request the server refuses shows the error banner', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/phone-contact/, 400));
    const card = page.getByRole('region', { name: 'Être rappelé(e)' });
    await card.getByLabel('Votre numéro de téléphone').fill('pas un numéro');
    await card.getByRole('button', { name: 'Demander un rappel' }).click();
    await expect(page.getByTestId('banner')).toContainText(
      'Malheureusement, une erreur s’est produite lors de votre demande de rappel.',
    );
  });

  test('writing is a new message of the « Messagerie », on the subject chosen', async ({
    page,
  }) => {
    const card = page.getByRole('region', { name: 'Par écrit' });
    await expect(card).toContainText('messagerie sécurisée');
    await card.getByRole('link', { name: 'Mes documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau message' })).toBeVisible();
    await expect(page.getByLabel('Sujet')).toHaveValue('documents');
    await expectNoAxeViolations(page, 'a new message from the contact page');
  });
});
