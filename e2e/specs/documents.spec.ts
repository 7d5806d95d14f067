// /documents (docs/product/documents.md): downloads, the documents to provide with their statuses and the
// eligibility rule (docs/product/documents.md), the upload modal's rules (docs/product/documents.md) and results (docs/product/documents.md).
import { readFile } from 'node:fs/promises';
import { FILE_CHECK_MESSAGES, SUSPENDED_DOCUMENTS_MESSAGE } from '@espace/contract';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { bigPdf, DOWNLOAD_URL, pdfFile, provideCard } from './documents-support';

const PEUGEOT = 'Peugeot 208 (GH-482-KL)';
const CLIO = 'Renault Clio V (FT-219-BN)';

test.describe('documents to download', () => {
  test('camille downloads the certificate of a policy under its file name', async ({ page }) => {
    await signIn(page, DEMO.camille, '/documents');
    await expect(page.getByRole('heading', { level: 1, name: 'Mes documents' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Téléchargement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const group = page.getByRole('region', { name: PEUGEOT });
    const certificate = group.getByRole('button', {
      name: /Attestation d’assurance AU2026104512\.pdf/,
    });
    await expect(certificate).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    // Terminated policies keep their documents.
    await expect(
      page.getByRole('region', { name: 'Peugeot 3008 (CV-547-HG)' }).getByRole('button'),
    ).toHaveCount(2);
    await expectNoAxeViolations(page, 'documents, download tab');

    const [download] = await Promise.all([page.waitForEvent('download'), certificate.click()]);
    expect(download.suggestedFilename()).toBe('Attestation d’assurance AU2026104512.pdf');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('a suspended contract says why it has no Mémo nor certificate', async ({ page }) => {
    // Decision 0048: only an « Actif » contract certifies that the vehicle is insured today.
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, DEMO.camille, '/documents/0');
    const group = page.getByRole('region', { name: 'Citroën C3 (DL-360-RS)' });
    await expect(group).toContainText(SUSPENDED_DOCUMENTS_MESSAGE);
    await expect(
      group.getByRole('button', { name: /Relevé d’informations AU2022031457\.pdf/ }),
    ).toBeVisible();
    await expect(group.getByRole('button', { name: /Mémo|Attestation/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'documents, suspended contract');
  });

  test('a failed download shows the docs/product/documents.md message', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(DOWNLOAD_URL, 500));
    await page.route(DOWNLOAD_URL, (route) => route.fulfill({ status: 500, body: '' }));
    await signIn(page, DEMO.camille, '/documents/0');
    await page
      .getByRole('region', { name: CLIO })
      .getByRole('button', { name: /Conditions générales\.pdf/ })
      .click();
    await expect(page.getByTestId('banner')).toContainText(
      'Une erreur s’est produite lors de la récupération de vos documents.',
    );
    await expectNoAxeViolations(page, 'documents, download error');
  });
});

test.describe('documents to provide', () => {
  test('the tabs follow the keyboard and the URL, with the alert dot', async ({ page }) => {
    await signIn(page, DEMO.camille, '/documents/1');
    const provide = page.getByRole('tab', { name: /Documents à fournir/ });
    await expect(provide).toHaveAttribute('aria-selected', 'true');
    await expect(provide.getByTestId('tab-dot')).toBeVisible();
    await provide.focus();
    await page.keyboard.press('ArrowLeft');
    const download = page.getByRole('tab', { name: 'Téléchargement' });
    await expect(download).toBeFocused();
    await expect(download).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/\/documents\/0$/);
    await page.keyboard.press('End');
    await expect(provide).toBeFocused();
    await expect(page).toHaveURL(/\/documents\/1$/);
  });

  test('every status label, and only eligible entries can be clicked (docs/product/documents.md)', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille, '/documents/1');
    const peugeot = provideCard(page, PEUGEOT);
    const entry = (card: typeof peugeot, name: string) =>
      card.getByRole('listitem').filter({ hasText: name });
    const expectations: [typeof peugeot, string, string | null, boolean][] = [
      [peugeot, 'Permis de conduire', 'En attente', true],
      [peugeot, 'Relevé d’informations', 'Non conforme', true],
      [peugeot, 'Carte grise', 'En cours de vérification', false],
      [peugeot, 'Justificatif de domicile', 'Validé', true],
      [peugeot, 'Mandat SEPA signé', 'Non conforme', true],
      [peugeot, 'Courrier complémentaire', null, false],
      [provideCard(page, CLIO), 'Permis de conduire', 'Validé', false],
      [provideCard(page, CLIO), 'Carte grise', 'Annulé', false],
      [provideCard(page, CLIO), 'Attestation de conduite accompagnée', 'Validé', true],
    ];
    for (const [card, name, label, clickable] of expectations) {
      const item = entry(card, name);
      if (label) await expect(item).toContainText(label);
      else
        await expect(item).not.toContainText(/Validé|Non conforme|En attente|Annulé|vérification/);
      await expect(item.getByRole('button')).toHaveCount(clickable ? 1 : 0);
    }
    await expect(peugeot.getByRole('button', { name: /Ajouter un autre document/ })).toBeVisible();
    // Terminated policies are not listed (docs/product/documents.md).
    await expect(provideCard(page, 'Peugeot 3008 (CV-547-HG)')).toHaveCount(0);
    await expectNoAxeViolations(page, 'documents, provide tab');
  });

  test('jean, whose policies are all terminated, cannot open the upload tab', async ({ page }) => {
    await signIn(page, DEMO.jean, '/documents/1');
    const provide = page.getByRole('tab', { name: /Documents à fournir/ });
    await expect(provide).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('tab', { name: 'Téléchargement' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // A disabled tab is skipped by the arrow keys.
    await page.getByRole('tab', { name: 'Téléchargement' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(provide).toHaveAttribute('aria-selected', 'false');
    await expect(page).toHaveURL(/\/documents\/0$/);
    await expectNoAxeViolations(page, 'documents, all terminated');
  });

  test('on a phone each policy is a card showing 4 documents until "Voir plus"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, DEMO.camille, '/documents/1');
    const peugeot = provideCard(page, PEUGEOT);
    // 4 documents and the « Ajouter un autre document » entry: what is owed first (the SEPA
    // mandate « Non conforme » among them), the validated proof of address behind « Voir plus ».
    await expect(peugeot.getByRole('listitem')).toHaveCount(5);
    await expect(peugeot.getByText('Mandat SEPA signé')).toBeVisible();
    await expect(peugeot.getByText('Justificatif de domicile')).toHaveCount(0);
    await expectNoAxeViolations(page, 'documents, mobile, collapsed');
    const more = peugeot.getByRole('button', { name: 'Voir plus' });
    await more.click();
    await expect(peugeot.getByRole('listitem')).toHaveCount(7);
    await expect(peugeot.getByText('Justificatif de domicile')).toBeVisible();
    await expect(peugeot.getByRole('button', { name: 'Afficher moins' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expectNoAxeViolations(page, 'documents, mobile, expanded');
    await peugeot.getByRole('button', { name: 'Afficher moins' }).click();
    await expect(peugeot.getByRole('listitem')).toHaveCount(5);
    // A card with 4 documents or fewer has no toggle.
    await expect(provideCard(page, CLIO).getByRole('button', { name: 'Voir plus' })).toHaveCount(0);
  });
});

test.describe('the upload modal', () => {
  test('applies the docs/product/documents.md rules with their messages, traps and restores focus', async ({
    page,
  }) => {
    await signIn(page, DEMO.camille, '/documents/1');
    const opener = provideCard(page, PEUGEOT).getByRole('button', {
      name: /Relevé d’informations/,
    });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Relevé d’informations' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Fermer' })).toBeFocused();
    const confirm = dialog.getByRole('button', { name: 'Confirmer' });
    await expect(confirm).toBeDisabled();
    const input = dialog.getByLabel('Choisir des fichiers');
    const alert = dialog.getByRole('alert');

    await input.setInputFiles([bigPdf('trop-gros.pdf', 10_000_001)]);
    // Each refused file is named with its reason (docs/decisions/0047).
    await expect(alert).toHaveText(`trop-gros.pdf\u00a0: ${FILE_CHECK_MESSAGES.tooLarge}`);
    await input.setInputFiles([
      { name: 'photo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') },
    ]);
    await expect(alert).toHaveText(
      'photo.gif : Format de fichier non valide. Formats acceptés : pdf, png, jpeg, jpg.',
    );
    await input.setInputFiles([pdfFile('releve.pdf', 10)]);
    await expect(dialog.getByTestId('attached-file')).toHaveCount(1);
    await expect(confirm).toBeEnabled();
    await input.setInputFiles([pdfFile('copie.pdf', 10)]);
    await expect(alert).toHaveText('copie.pdf : Le fichier est déjà joint.');
    await input.setInputFiles([1, 2, 3, 4].map((n) => pdfFile(`page-${n}.pdf`, 10 + n)));
    await expect(alert).toHaveText('page-4.pdf : Maximum 4 fichier(s) accepté(s) !');
    await expect(dialog.getByTestId('attached-file')).toHaveCount(4);
    await expectNoAxeViolations(page, 'upload modal with files and an error');

    await dialog.getByRole('button', { name: 'Retirer page-1.pdf' }).click();
    await expect(dialog.getByTestId('attached-file')).toHaveCount(3);
    // Dropping a file on the zone attaches it like picking it.
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['%PDF-1.4 dropped'], 'glisse.pdf', { type: 'application/pdf' }));
      return dt;
    });
    await dialog.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
    await expect(dialog.getByTestId('attached-file')).toHaveCount(4);

    // Focus stays in the modal: Tab from the last control wraps inside it (or to the browser).
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(
      true,
    );
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await expectNoAxeViolations(page, 'after closing the modal');
  });
});
