// Sending files from the upload modal (docs/product/documents.md one request per file per-file results).
// These tests change camille's documents for real, on a server of their own
// (support/servers.ts).
import type { Route } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { pdfFile, POLICIES_URL, provideCard, UPLOAD_URL } from './documents-support';

const PEUGEOT = 'Peugeot 208 (GH-482-KL)';

test.use({ changesData: true });

test.describe('sending documents', () => {
  // One story on one set of data: the last test sends what the first one left owed.
  test.describe.configure({ mode: 'serial' });

  test('two files for the driving licence: progress, success banner, statuses reloaded', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille, '/documents/1');
    const card = provideCard(page, PEUGEOT);
    const licence = card.getByRole('listitem').filter({ hasText: 'Permis de conduire' });
    await expect(licence).toContainText('En attente');
    await licence.getByRole('button').click();
    const dialog = page.getByRole('dialog', { name: 'Permis de conduire' });
    // docs/product/documents.md: Confirm needs exactly the configured number of files (2 here).
    await expect(dialog).toContainText('Joignez exactement 2 fichier(s).');
    const confirm = dialog.getByRole('button', { name: 'Confirmer' });
    const input = dialog.getByLabel('Choisir des fichiers');
    await input.setInputFiles([pdfFile('permis-recto.pdf', 3)]);
    await expect(confirm).toBeDisabled();
    await input.setInputFiles([pdfFile('permis-verso.pdf', 4)]);
    await expect(confirm).toBeEnabled();
    let uploads = 0;
    const keys: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (!UPLOAD_URL.test(r.url())) return;
      uploads += 1;
      keys.push(r.headers()['idempotency-key']);
    });
    const reload = page.waitForRequest((r) => POLICIES_URL.test(r.url()) && r.method() === 'GET');
    await confirm.click();

    // The outcome on the document's own entry (docs/decisions/0047).
    await expect(licence.getByTestId('upload-outcome')).toContainText(
      'Votre document a été transmis avec succès',
    );
    await expect(dialog).toBeHidden();
    await reload;
    // One request per file (docs/product/documents.md); the server accepted both, so fileType came first.
    expect(uploads).toBe(2);
    // The submission's idempotency key, '…-2' for its second file.
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(`${keys[0]}-2`);
    // Received: 'En cours de vérification', and no longer clickable (docs/product/documents.md).
    await expect(licence).toContainText('En cours de vérification');
    await expect(licence.getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page, 'after a successful upload');
  });

  test('a failed file stays listed with its message; the others are sent', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(UPLOAD_URL, 404));
    consoleErrors.expect(failedRequest(UPLOAD_URL, 500));
    let calls = 0;
    await page.route(UPLOAD_URL, (route: Route) => {
      calls += 1;
      if (calls === 2) {
        return route.fulfill({
          status: 404,
          contentType: 'application/json',
          body: JSON.stringify({ error: { code: 'not_found', message: 'Policy not found' } }),
        });
      }
      if (calls === 3) return route.fulfill({ status: 500, body: '' });
      return route.continue();
    });
    await signIn(page, DEMO.camille, '/documents/1');
    await provideCard(page, PEUGEOT)
      .getByRole('button', { name: /Ajouter un autre document/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un autre document' });
    await dialog
      .getByLabel('Choisir des fichiers')
      .setInputFiles([pdfFile('a.pdf', 21), pdfFile('b.pdf', 22), pdfFile('c.pdf', 23)]);
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    const files = dialog.getByTestId('attached-file');
    await expect(files).toHaveCount(2);
    await expect(files.filter({ hasText: 'b.pdf' })).toContainText('Le contrat introuvable');
    await expect(files.filter({ hasText: 'c.pdf' })).toContainText('Erreur de chargement');
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'upload modal with failed files');
  });

  test('an unexpected exception shows "Erreur de fichier interne" and closes the modal', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(UPLOAD_URL));
    await page.route(UPLOAD_URL, (route) => route.abort('connectionreset'));
    await signIn(page, DEMO.camille, '/documents/1');
    await provideCard(page, PEUGEOT)
      .getByRole('button', { name: /Ajouter un autre document/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un autre document' });
    await dialog.getByLabel('Choisir des fichiers').setInputFiles([pdfFile('x.pdf', 31)]);
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(page.getByTestId('banner')).toHaveText(/Erreur de fichier interne/);
    await expect(dialog).toBeHidden();
  });

  test('the dot and the policies banner follow the statuses without a reload', async ({ page }) => {
    await signIn(page, DEMO.camille, '/documents/1');
    const card = provideCard(page, PEUGEOT);
    // A real upload: the SEPA mandate ('Non conforme') becomes received.
    await card.getByRole('button', { name: /Mandat SEPA signé/ }).click();
    let dialog = page.getByRole('dialog', { name: 'Mandat SEPA signé' });
    await dialog.getByLabel('Choisir des fichiers').setInputFiles([pdfFile('mandat.pdf', 41)]);
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('listitem').filter({ hasText: 'Mandat SEPA signé' })).toContainText(
      'En cours de vérification',
    );
    // The statement of information is still owed: the dots stay.
    await expect(page.getByTestId('documents-dot')).toBeVisible();
    await expect(page.getByTestId('tab-dot')).toBeVisible();

    // The last owed document, sent for real: the screen follows the reloaded policies query.
    await card.getByRole('button', { name: /Relevé d’informations/ }).click();
    dialog = page.getByRole('dialog', { name: 'Relevé d’informations' });
    await dialog.getByLabel('Choisir des fichiers').setInputFiles([pdfFile('releve.pdf', 42)]);
    await dialog.getByRole('button', { name: 'Confirmer' }).click();
    await expect(
      card.getByRole('listitem').filter({ hasText: 'Relevé d’informations' }),
    ).toContainText('Votre document a été transmis avec succès');
    await expect(page.getByTestId('documents-dot')).toHaveCount(0);
    await expect(page.getByTestId('tab-dot')).toHaveCount(0);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Mes polices d’assurance' })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes Polices d’assurance');
    await expect(page.getByRole('region', { name: 'Documents à transmettre' })).toHaveCount(0);
  });
});
