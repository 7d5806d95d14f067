// Where the customer learns what an upload or a download did, on a phone (375 px):
// docs/decisions/0047-upload-outcome-on-the-item.md. The outcome of an upload is said and
// focused on the document's own entry, in view; refused files are named with their reasons;
// focus never falls to <body>; a running download shows that it runs.
import { UPLOAD_REFUSALS, FILE_CHECK_MESSAGES, type RefusedFile } from '@espace/contract';
import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { refuseCookies } from '../support/cookies';
import { bigPdf, DOWNLOAD_URL, pdfFile, provideCard, UPLOAD_URL } from './documents-support';

const PEUGEOT = 'Peugeot 208 (GH-482-KL)';

test.use({ changesData: true, viewport: { width: 375, height: 740 } });

const isBodyFocused = (page: Page) =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

async function expectWithinViewport(page: Page, box: { y: number; height: number } | null) {
  const height = page.viewportSize()?.height ?? 0;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(height);
}

const refusedLine = ({ name, message }: RefusedFile) => `${name}\u00a0: ${message}`;

test('the success of « Ajouter un autre document » is said and focused on its entry, in view', async ({
  page,
}) => {
  await signIn(page, DEMO.camille, '/documents/1');
  await refuseCookies(page);
  const card = provideCard(page, PEUGEOT);
  const entry = card.getByRole('listitem').filter({ hasText: 'Ajouter un autre document' });
  await entry.getByRole('button', { name: /Ajouter un autre document/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un autre document' });
  await dialog.getByLabel('Choisir des fichiers').setInputFiles([pdfFile('courrier.pdf', 71)]);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog).toBeHidden();

  const outcome = entry.getByTestId('upload-outcome');
  // Said in the entry's live region, and focused there.
  await expect(entry.getByRole('status')).toContainText(
    'Votre document a été transmis avec succès',
  );
  await expect(outcome).toBeFocused();
  await expectWithinViewport(page, await outcome.boundingBox());
  await expect(outcome.getByRole('link', { name: /Mes demandes/ })).toBeVisible();
  // Only there: not on the card's own 'autre' entry (« Courrier complémentaire »).
  await expect(card.getByTestId('upload-outcome')).toHaveCount(1);
  // Not in a banner far above the entry.
  await expect(page.getByTestId('banner')).toHaveCount(0);
  await expectNoAxeViolations(page, 'upload outcome on its entry, 375 px');
});

test('a document sent keeps focus on its entry when its button gives way to its status', async ({
  page,
}) => {
  await signIn(page, DEMO.camille, '/documents/1');
  await refuseCookies(page);
  const card = provideCard(page, PEUGEOT);
  const mandate = card.getByRole('listitem').filter({ hasText: 'Mandat SEPA signé' });
  await mandate.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Mandat SEPA signé' });
  await dialog.getByLabel('Choisir des fichiers').setInputFiles([pdfFile('mandat.pdf', 72)]);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(mandate).toContainText('En cours de vérification');
  await expect(mandate.getByRole('button')).toHaveCount(0);
  const outcome = mandate.getByTestId('upload-outcome');
  await expect(outcome).toContainText('Votre document a été transmis avec succès');
  await expect(outcome).toBeFocused();
  await expectWithinViewport(page, await outcome.boundingBox());
  expect(await isBodyFocused(page)).toBe(false);
});

test('a text file renamed .pdf is named with the server’s reason; focus stays off <body>', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(failedRequest(UPLOAD_URL, 400));
  // The answer is held a moment, so focus can be checked while the file is being sent.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(UPLOAD_URL, async (route) => {
    await held;
    await route.fallback();
  });
  await signIn(page, DEMO.camille, '/documents/1');
  await refuseCookies(page);
  await provideCard(page, PEUGEOT)
    .getByRole('button', { name: /Ajouter un autre document/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un autre document' });
  await dialog.getByLabel('Choisir des fichiers').setInputFiles([
    {
      name: 'attestation.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('Ceci est un texte, pas un PDF.\n'),
    },
  ]);
  const confirm = dialog.getByRole('button', { name: 'Confirmer' });
  await confirm.click();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await expect(confirm).toBeDisabled();
  await expect(confirm).toBeFocused();
  release();

  const file = dialog.getByTestId('attached-file').filter({ hasText: 'attestation.pdf' });
  const result = file.getByRole('alert');
  await expect(result).toHaveText(`Erreur de chargement\u00a0: ${UPLOAD_REFUSALS.contentMismatch}`);
  await expect(result).toContainText('Le contenu du fichier ne correspond pas à son extension');
  await expect(result).toBeFocused();
  expect(await isBodyFocused(page)).toBe(false);
  await expectNoAxeViolations(page, 'upload dialog with a disguised file, 375 px');
});

test('an 11 MB file is refused before any request, named with the rule; the dialog stays usable', async ({
  page,
}) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (UPLOAD_URL.test(request.url())) uploads.push(request.url());
  });
  await signIn(page, DEMO.camille, '/documents/1');
  await refuseCookies(page);
  const card = provideCard(page, PEUGEOT);
  const entry = card.getByRole('listitem').filter({ hasText: 'Ajouter un autre document' });
  await entry.getByRole('button', { name: /Ajouter un autre document/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un autre document' });
  const input = dialog.getByLabel('Choisir des fichiers');
  await input.setInputFiles([
    bigPdf('scan-11-mo.pdf', 11_000_000),
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
  ]);
  const refused = dialog.getByTestId('refused-file');
  await expect(refused).toHaveText([
    refusedLine({ name: 'scan-11-mo.pdf', message: FILE_CHECK_MESSAGES.tooLarge }),
    refusedLine({ name: 'notes.txt', message: FILE_CHECK_MESSAGES.invalidFormat }),
  ]);
  await expect(dialog.getByTestId('attached-file')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Confirmer' })).toBeDisabled();
  await expectNoAxeViolations(page, 'upload dialog with refused files, 375 px');
  expect(uploads).toHaveLength(0);

  // Still usable: a good file is attached and sent.
  await input.setInputFiles([pdfFile('justificatif.pdf', 73)]);
  await expect(dialog.getByTestId('attached-file')).toHaveCount(1);
  await dialog.getByRole('button', { name: 'Confirmer' }).click();
  await expect(dialog).toBeHidden();
  await expect(entry.getByTestId('upload-outcome')).toBeFocused();
  expect(uploads).toHaveLength(1);
});

test('a slow download shows a spinner and « Téléchargement… » and ignores a second tap', async ({
  page,
}) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  await page.route(DOWNLOAD_URL, async (route) => {
    requests += 1;
    await held;
    await route.fallback();
  });
  await signIn(page, DEMO.camille, '/documents');
  await refuseCookies(page);
  const group = page.getByRole('region', { name: PEUGEOT });
  const item = group.getByRole('button', { name: /Attestation d’assurance AU2026104512\.pdf/ });
  const downloaded = page.waitForEvent('download');
  await item.click();
  await expect(item.getByTestId('download-busy')).toHaveText('Téléchargement…');
  await expect(item).toBeDisabled();
  await expect(item).toBeFocused();
  await expect(group.getByRole('status').filter({ hasText: 'Téléchargement…' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'download running, 375 px');
  await item.click({ force: true });
  release();
  await downloaded;
  await expect(item.getByTestId('download-busy')).toHaveCount(0);
  await expect(item).toBeEnabled();
  expect(requests).toBe(1);
});
