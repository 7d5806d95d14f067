// A piece the broker asks for while handling a request, found on a phone (docs/product/documents.md
// « A document the broker asks for »): Camille asks to remove a driver from her Peugeot, whose
// card already lists six documents; the broker moves the request to « en attente de pièces »
// through the integration API (a client-credentials token); the customer's e-mail (a local SMTP
// server) carries « Déposer la pièce », whose link opens « Documents à fournir » on the piece: at
// 375 px it is the card's first entry, not behind « Voir plus », marked current, focused and in
// view. Axe clean, no horizontal scroll at 320 px; screenshots at 375 and 1280 px in both skins.
import { STATUS_MAIL_TEXTS } from '@espace/contract';
import { expect, expectNoAxeViolations } from '../support/fixtures';
import { integrationTest as test } from '../support/own-portal';
import { expectNoSidewaysScroll, screenshotSkins, PORTAL_WIDTHS } from '../support/screens';
import { askDriverRemoval, daysFrom, today } from './changes-helpers';

const PEUGEOT = 'AU2026104512'; // Camille's Peugeot 208: six documents to provide already
const PIECE = 'Attestation de fin de prêt du véhicule';

test.use({ changesData: true, viewport: { width: 375, height: 800 } });

test('the mail’s « Déposer la pièce » opens « Documents à fournir » on the piece, first on a phone', async ({
  page,
  portal,
}) => {
  const reference = await askDriverRemoval(page, PEUGEOT, 'M. Thomas Martin (né(e) le 02.09.1984)');
  await portal.moveRequest(reference, {
    status: 'awaiting_documents',
    document: { name: PIECE, dueOn: daysFrom(today(), 15) },
  });

  // The customer's e-mail, through the one relay to the SMTP server.
  await expect
    .poll(
      () =>
        portal.mails.some(
          (m) => m.data.includes(reference) && m.data.includes(STATUS_MAIL_TEXTS.provideAction),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  const mail = portal.mails.find((m) => m.data.includes(reference))!.data;
  const href = new RegExp(`<a href="([^"]+)"[^>]*>${STATUS_MAIL_TEXTS.provideAction}<`).exec(
    mail,
  )![1]!;
  const link = new URL(href.replaceAll('&amp;', '&'));
  expect(link.pathname).toBe('/documents/1');

  // Opened from the mail on the phone: the page the link names, on this portal.
  await page.goto(`${link.pathname}${link.search}`);
  const card = page.getByRole('region', { name: 'Peugeot 208 (GH-482-KL)' });
  const entries = card.getByRole('listitem');
  await expect(entries.first()).toContainText(PIECE);
  await expect(entries.first()).toContainText(`Demandée pour votre demande ${reference}.`);
  await expect(card.getByRole('button', { name: 'Voir plus' })).toBeVisible();
  const piece = card.getByRole('button', { name: new RegExp(`^${PIECE}`) });
  await expect(piece).toHaveAttribute('aria-current', 'true');
  await expect(piece).toBeFocused();
  await expect(piece).toBeInViewport();
  await expectNoAxeViolations(page, 'documents to provide, opened on the piece asked for');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'documents-asked', PORTAL_WIDTHS);

  // The piece opens its upload, as any document to send.
  await piece.click();
  await expect(page.getByRole('dialog')).toContainText(PIECE);
});
