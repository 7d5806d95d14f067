// The broker's deadline on a document the customer owes (docs/integration.md « Documents to
// provide », docs/product/policies.md « Remaining days »): the broker asks Léa, whose contract
// started long ago, for a document due in 40 days through the integration API (a
// client-credentials token); the home banner says « 40 jours », not the 30-day rule's 0, and
// « Documents à fournir » shows the date; once it has passed, both say so. Axe clean, no
// horizontal scroll at 320 px; screenshots of both screens at 375 and 1280 px in both skins go
// to the test's output folder.
import { addDays, formatDate, todayInParis } from '@espace/contract';
import { refuseCookies } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations, signIn } from '../support/fixtures';
import type { IntegrationPortal } from '../support/integration-portal';
import { integrationTest as test } from '../support/own-portal';
import { expectNoSidewaysScroll, screenshotSkins, PORTAL_WIDTHS } from '../support/screens';

const LEA_CONTRACT = 'AU2025110264'; // Léa's Fiat 500, in force, started 200 days ago

/** The broker asks for a document, as its back office would. */
async function askForDocument(portal: IntegrationPortal, record: object) {
  const response = await fetch(
    `${portal.url}/backoffice/v1/contracts/${LEA_CONTRACT}/owed-documents/ATT-EMP`,
    {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${await portal.brokerToken()}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(record),
    },
  );
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

test.use({ viewport: { width: 375, height: 800 } });

test('a document the broker wants in 40 days: « 40 jours » on the banner, the date on the document', async ({
  page,
  portal,
}) => {
  const due = addDays(todayInParis(), 40);
  await askForDocument(portal, {
    type: 'attestation-employeur',
    name: 'Attestation employeur',
    description: 'Attestation de votre employeur pour le tarif salarié',
    status: 'pending',
    deadline: due,
  });

  await signIn(page, DEMO.lea);
  await refuseCookies(page);
  const banner = page.getByRole('region', { name: 'Documents à transmettre' });
  await expect(banner).toContainText(
    'Merci de nous transmettre en ligne les documents demandés dans un délai de 40\u00a0jours.',
  );
  await expect(banner.locator('strong')).toHaveText('40\u00a0jours');
  await expect(banner).toContainText(`Contrat concerné\u00a0: n°\u00a0${LEA_CONTRACT}`);
  await expectNoAxeViolations(page, 'policies page, a broker’s deadline');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'banner', PORTAL_WIDTHS);

  await banner.getByRole('link', { name: 'Transmettre les documents' }).click();
  await expect(page).toHaveURL(/\/documents\/1$/);
  const item = page
    .getByRole('region', { name: 'Fiat 500 Hybride (GK-350-VR)' })
    .getByRole('listitem')
    .filter({ hasText: 'Attestation employeur' });
  await expect(item).toContainText(`À envoyer avant le ${formatDate(due)}`);
  await expect(item).toContainText('En attente');
  await expectNoAxeViolations(page, 'documents to provide, a broker’s deadline');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'document', PORTAL_WIDTHS);
});

test('a deadline that has passed: the banner and the document say so, never « 0 jour »', async ({
  page,
  portal,
}) => {
  const due = addDays(todayInParis(), -3);
  await askForDocument(portal, {
    type: 'attestation-employeur',
    name: 'Attestation employeur',
    description: 'Attestation de votre employeur pour le tarif salarié',
    status: 'rejected',
    canResend: true,
    deadline: due,
  });

  await signIn(page, DEMO.lea);
  await refuseCookies(page);
  const banner = page.getByRole('region', { name: 'Documents à transmettre' });
  await expect(banner).toContainText(
    'Le délai pour nous transmettre les documents demandés est dépassé\u00a0: merci de nous les transmettre en ligne au plus vite.',
  );
  await expect(banner).not.toContainText(/\d\s*jour/);
  await expectNoAxeViolations(page, 'policies page, a deadline passed');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'banner-passed', PORTAL_WIDTHS);

  await banner.getByRole('link', { name: 'Transmettre les documents' }).click();
  const item = page
    .getByRole('region', { name: 'Fiat 500 Hybride (GK-350-VR)' })
    .getByRole('listitem')
    .filter({ hasText: 'Attestation employeur' });
  await expect(item).toContainText(
    `Délai dépassé depuis le ${formatDate(due)}\u00a0: à envoyer au plus vite`,
  );
  await expect(item).toContainText('Non conforme');
  await expectNoAxeViolations(page, 'documents to provide, a deadline passed');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'document-passed', PORTAL_WIDTHS);
});
