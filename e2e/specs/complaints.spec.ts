// « Réclamation » from end to end (docs/product/complaints.md, docs/console.md « Réclamations »):
// Camille files a complaint from the contact page (no subject refused in French first) with a
// photo, reads its reference, both deadlines and the process at once (« 10 jours ouvrables »
// on the contact card, the form and the receipt), and the acknowledgement mail arrives; an agent
// sees both deadlines in the console's queue and page (the receipt's day), opens it, and a refusal
// without the insurance mediator is refused by the server; the answer goes with the mediator's
// paragraph; Camille reads it, with its PDF, on the complaint's page in 'Mes demandes'. Every
// screen axe-clean, no sideways scroll at 320 px; screenshots when SCREENS_DIR is set.
import { signInStaff } from '../support/console-staff';
import { refuseCookies } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations, failedRequest, signIn } from '../support/fixtures';
import { startIntegrationPortal } from '../support/integration-portal';
import { onPortalOfTheFile } from '../support/own-portal';
import {
  CONSOLE_WIDTHS,
  expectNoSidewaysScroll,
  PORTAL_WIDTHS,
  screenshotSkins,
} from '../support/screens';

/** A 1×1 PNG the server's sniffing accepts. */
const PHOTO = {
  name: 'courrier-assureur.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
};
const COMPLAINT = 'Mon sinistre du 3 octobre n’est toujours pas indemnisé malgré mes relances.';
const EXPECTATION = 'Le versement de l’indemnité sous quinze jours.';

const test = onPortalOfTheFile(startIntegrationPortal);
test.use({ changesData: true });
test.describe.configure({ mode: 'serial' });

const state: { reference?: string; acknowledgeBy?: string } = {};

test('Camille files a complaint from the contact page and reads its reference at once', async ({
  page,
  portal,
}) => {
  await signIn(page, DEMO.camille, '/contact');
  await refuseCookies(page);
  const card = page.getByRole('region', { name: 'Réclamation' });
  // ACPR 2022-R-01: « dix jours ouvrables » (docs/product/complaints.md « The rule »).
  await expect(card).toContainText('un accusé de réception sous 10 jours ouvrables au plus');
  await expectNoAxeViolations(page, 'the contact page');
  await screenshotSkins(page, 'contact', PORTAL_WIDTHS);
  await card.getByRole('link', { name: 'Faire une réclamation' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Faire une réclamation' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText('(10 jours ouvrables au plus)');

  await page.getByRole('button', { name: 'Envoyer ma réclamation' }).click();
  await expect(
    page.getByText('Choisissez l’objet de votre réclamation dans la liste.'),
  ).toBeVisible();
  await expect(page.getByLabel('Objet de la réclamation')).toHaveAttribute('aria-invalid', 'true');

  await page
    .getByLabel('Objet de la réclamation')
    .selectOption({ label: 'Sinistre et indemnisation' });
  await page.getByLabel('Votre réclamation').fill(COMPLAINT);
  await page.getByLabel('Ce que vous attendez de nous').fill(EXPECTATION);
  await page.getByLabel('Choisir des fichiers').setInputFiles(PHOTO);
  await expect(page.getByText(PHOTO.name)).toBeVisible();
  await expectNoAxeViolations(page, 'the complaint form');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'complaint-form', PORTAL_WIDTHS);
  await page.getByRole('button', { name: 'Envoyer ma réclamation' }).click();

  const receipt = page.getByTestId('complaint-receipt');
  await expect(
    receipt.getByRole('heading', { name: 'Votre réclamation est enregistrée' }),
  ).toBeFocused();
  const reference = (await receipt.getByTestId('complaint-reference').textContent())!.trim();
  expect(reference).toMatch(/^REC-\d{8}-[A-Z0-9]{6}$/);
  state.reference = reference;
  await expect(receipt).toContainText('Réponse au plus tard le');
  // The day shown is the one the process names, and the console shows it too (next test).
  const acknowledgeBy = (await receipt
    .locator('dt', { hasText: 'Accusé de réception au plus tard le' })
    .locator('+ dd')
    .textContent())!.trim();
  expect(acknowledgeBy).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  state.acknowledgeBy = acknowledgeBy;
  await expect(receipt).toContainText(
    `dans un délai de 10 jours ouvrables, au plus tard le ${acknowledgeBy}`,
  );
  await expect(receipt).not.toContainText('ouvrés');
  await expectNoAxeViolations(page, 'the complaint receipt');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'complaint-receipt', PORTAL_WIDTHS);

  const ack = () =>
    portal.mails.find((m) => m.to.includes(DEMO.camille) && m.data.includes(reference));
  await expect.poll(ack, { timeout: 30_000 }).toBeTruthy();

  // It is followed in 'Mes demandes', with its file.
  await receipt.getByRole('link', { name: 'Suivre ma réclamation' }).click();
  await expect(page.getByRole('heading', { name: 'Réclamation', exact: true })).toBeVisible();
  await expect(page.getByText(PHOTO.name)).toBeVisible();
});

test('an agent sees both deadlines; a refusal without the mediator is refused', async ({
  page,
  consoleErrors,
}) => {
  // The server's refusal of an answer without the mediator, which Chromium logs.
  consoleErrors.expect(failedRequest(/\/answer$/, 422));
  const reference = state.reference!;
  await signInStaff(page, 'agent');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Réclamations' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Réclamations' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Camille Martin');
  await expect(row.getByText(/au plus tard le/)).toHaveCount(2);
  await expect(row).toContainText(`au plus tard le ${state.acknowledgeBy!}`);
  await expect(row.getByText('En retard')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Exporter le registre (CSV)' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the complaints queue');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'console-complaints', CONSOLE_WIDTHS);

  await row.getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference);
  await expect(page.getByText(COMPLAINT)).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`au plus tard le ${state.acknowledgeBy!}`);
  await page.getByLabel('Réclamation refusée').check();
  const text = page.getByLabel('Réponse au client');
  await expect(text).toHaveValue(/médiateur de l’assurance/);
  // Without the mediator's paragraph, the server refuses it.
  await text.fill('Nous avons examiné votre dossier et maintenons notre position.');
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(page.getByTestId('feedback')).toContainText(
    'doit nommer le médiateur de l’assurance',
  );
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'a complaint answer refused');
  await screenshotSkins(page, 'console-complaint', CONSOLE_WIDTHS);

  // « En partie » adds the paragraph back: the answer goes.
  await page.getByLabel('Réclamation acceptée en partie').check();
  await expect(text).toHaveValue(/TSA 50110/);
  await page.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(page.getByTestId('feedback')).toContainText('La réponse est envoyée au client.');
  await expect(page.getByTestId('complaint-answer')).toContainText('TSA 50110');
  await expectNoAxeViolations(page, 'a complaint answered');
  await expectNoSidewaysScroll(page);
});

test('Camille reads the answer with the mediator, as a PDF and by e-mail', async ({
  page,
  portal,
}) => {
  const reference = state.reference!;
  await signIn(page, DEMO.camille, `/account/requests/${reference}`);
  await refuseCookies(page);
  await expect(page.getByTestId('complaint-outcome')).toHaveText('Réclamation acceptée en partie');
  // Every place the page names the acknowledgement's last day gives the receipt's.
  const shown = page
    .locator('dt', { hasText: 'Accusé de réception au plus tard le' })
    .locator('+ dd');
  await expect(shown.first()).toHaveText(state.acknowledgeBy!);
  expect(new Set(await shown.allTextContents())).toEqual(new Set([state.acknowledgeBy]));
  await expect(page.getByTestId('complaint-answer')).toContainText('médiateur de l’assurance');
  const pdf = page.getByRole('link', { name: 'Télécharger la réponse (PDF)' });
  const download = page.waitForEvent('download');
  await pdf.click();
  expect((await download).suggestedFilename()).toBe(`Réponse à la réclamation ${reference}.pdf`);
  await expectNoAxeViolations(page, 'a complaint answered, in Mes demandes');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'complaint-answered', PORTAL_WIDTHS);
  const answer = () =>
    portal.mails.find(
      (m) =>
        m.to.includes(DEMO.camille) &&
        m.data.includes(reference) &&
        m.data.includes('application/pdf'),
    );
  await expect.poll(answer, { timeout: 30_000 }).toBeTruthy();

  // The site rules say how the days are counted.
  await page.goto('/rules');
  const rules = page.locator('article');
  await expect(rules).toContainText(
    'dans un délai de 10 jours ouvrables à compter de sa réception',
  );
  await expect(rules).toContainText('tous les jours sauf les dimanches et les jours fériés');
  await expectNoAxeViolations(page, 'the site rules');
  await screenshotSkins(page, 'rules', PORTAL_WIDTHS);
});
