import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { refuseCookies } from '../support/cookies';
import { expectNoSidewaysScroll, PORTAL_WIDTHS, screenshotSkins } from '../support/screens';

const MESSAGE = 'Bonjour, je souhaite recevoir mon attestation d’assurance.';

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

  test('a message starts a conversation in the « Messagerie », and says so', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/conversations$/, 400));
    const card = page.getByRole('region', { name: 'Par écrit' });
    await expect(card).toContainText('sa réponse vous attend sous 48h');
    await expectNoSidewaysScroll(page);
    await screenshotSkins(page, 'contact', PORTAL_WIDTHS);

    // Nothing typed: the server's reason under the field, the error banner.
    await card.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByTestId('banner')).toContainText(
      'Malheureusement, une erreur s’est produite lors de votre demande pour un courriel',
    );
    await expect(card.getByLabel('Votre message')).toHaveAccessibleDescription(
      'Veuillez saisir votre message.',
    );

    await card.getByLabel('Votre message').fill(MESSAGE);
    await card.getByRole('button', { name: 'Envoyer le message' }).click();
    const banner = page.getByTestId('banner');
    await expect(banner).toContainText(
      'Merci de votre demande par courriel ! Nous vous recontacterons sous 48h. Votre message ouvre une conversation dans votre « Messagerie » : notre réponse vous y attendra.',
    );
    await expect(card.getByLabel('Votre message')).toHaveValue('');
    await expectNoAxeViolations(page, 'contact message sent');
    await screenshotSkins(page, 'contact-message-sent', PORTAL_WIDTHS);

    // The banner's link opens the conversation, on « Autre question », with the message.
    await banner.getByRole('link', { name: 'Ouvrir la conversation' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Autre question' })).toBeVisible();
    const messages = page.getByRole('list', { name: 'Les messages' }).getByRole('listitem');
    await expect(messages).toHaveCount(1);
    await expect(messages.first()).toContainText(MESSAGE);
    await expect(messages.first()).toContainText('Pas encore lu');

    // « Messagerie » lists it.
    await page.goto('/messages');
    await expect(
      page
        .getByRole('list', { name: 'Vos conversations' })
        .getByRole('link', { name: 'Autre question' }),
    ).toBeVisible();
  });

  test('a subject of the list or a file: the « Messagerie »’s new message', async ({ page }) => {
    await page
      .getByRole('region', { name: 'Par écrit' })
      .getByRole('link', { name: 'Choisir un sujet ou joindre un fichier' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Nouveau message' })).toBeVisible();
    await expect(page.getByLabel('Sujet')).toBeVisible();
    await expect(page.getByLabel('Joindre un fichier')).toBeAttached();
  });
});
