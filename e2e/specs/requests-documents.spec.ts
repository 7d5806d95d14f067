// 'Mes demandes' and the documents generated from the contract: a change followed
// from its success banner to /account/requests with its status, the broker's statuses and a
// refusal's reason in Jean's history, the filter by contract, and each generated document
// downloaded from the 'Téléchargement' tab for an active and a terminated contract.
import { readFile } from 'node:fs/promises';
import { addMonths, CHANGE_MESSAGES } from '@espace/contract';
import type { Locator, Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';
import { french, openChange, today } from './changes-helpers';

// Sends a vehicle change for real: a server of its own (support/servers.ts).
test.use({ changesData: true });

const rows = (page: Page) => page.getByRole('table').getByRole('row');

test.describe('Mes demandes', () => {
  test('a vehicle change is followed from its success banner to Mes demandes', async ({ page }) => {
    await openChange(page, 'AU2026104512', 'Changer de véhicule');
    await page.getByLabel('Marque').fill('Renault');
    await page.getByLabel('Modèle').fill('Mégane E-Tech');
    await page.getByLabel('Énergie').selectOption('Électrique');
    await page.getByLabel('Finition').fill('Techno');
    await page.getByLabel('Immatriculation').fill('gk123ab');
    await page
      .getByRole('textbox', { name: 'Date de première mise en circulation' })
      .fill('02/05/2024');
    await page.getByRole('textbox', { name: 'Date d’effet' }).fill(french(addMonths(today(), 6)));
    await page.getByRole('button', { name: 'Changer de véhicule' }).click();
    const banner = page.getByTestId('banner');
    await expect(banner).toContainText(CHANGE_MESSAGES.banners.changeVehicle.success);
    await banner.getByRole('link', { name: 'Suivre ma demande dans « Mes demandes »' }).click();

    await expect(page).toHaveURL(/\/account\/requests$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Mes demandes' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Rubriques de Mon compte' }).getByRole('link', {
        name: 'Mes demandes',
      }),
    ).toHaveAttribute('aria-current', 'page');
    await expect(rows(page)).toHaveCount(2); // the header row and the request
    const request = rows(page).nth(1);
    await expect(request.getByRole('rowheader')).toContainText('Changement de véhicule');
    await expect(request.getByRole('rowheader')).toContainText(
      'Remplacer le véhicule par Renault Mégane E-Tech (GK-123-AB)',
    );
    await expect(request).toContainText('Peugeot 208');
    await expect(request).toContainText('GH-482-KL');
    await expect(request).toContainText(/DEM-[0-9A-F]{8}/);
    await expect(request).toContainText('Reçue');
    await expectNoAxeViolations(page, 'Mes demandes');

    // Another contract has no request.
    await page.getByLabel('Contrat', { exact: true }).selectOption('AU2025087731'); // Renault Clio V;
    await expect(page.getByText('Aucune demande pour ce contrat.')).toBeVisible();
  });

  test('the broker’s statuses and a refusal’s reason, filtered by contract', async ({ page }) => {
    await signIn(page, DEMO.jean, '/account/requests');
    await expect(rows(page)).toHaveCount(6);
    const cells = page.getByRole('table');
    for (const label of ['Reçue', 'En cours de traitement', 'Traitée', 'Refusée']) {
      await expect(cells.getByText(label, { exact: true }).first()).toBeVisible();
    }
    const refused = rows(page).filter({ hasText: 'Refusée' });
    await expect(refused).toContainText('Motif : Un conducteur novice');
    await expect(refused).toContainText('Volkswagen Golf VII');
    // The bank details are never shown whole.
    await expect(page.getByText('FR7630004000031234567890143')).toHaveCount(0);
    await expect(page.getByText('FR•• •••• •••• •••• •••• •••0 143')).toBeVisible();
    await expectNoAxeViolations(page, 'Mes demandes, every status');

    await page.getByLabel('Contrat', { exact: true }).selectOption('AU2021012290'); // Ford Puma;
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(1)).toContainText('Coordonnées bancaires');
  });
});

async function downloadFrom(page: Page, group: Locator, fileName: string) {
  const button = group.getByRole('button', { name: new RegExp(`^${fileName}`) });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(fileName);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
}

test('each generated document downloads from the Téléchargement tab', async ({ page }) => {
  await signIn(page, DEMO.camille, '/documents/0');
  const active = page.getByRole('region', { name: 'Peugeot 208 (GH-482-KL)' });
  await expect(active.getByRole('button')).toHaveCount(4);
  await expectNoAxeViolations(page, 'documents, generated documents');
  for (const name of ['Mémo Véhicule Assuré', 'Attestation d’assurance', 'Relevé d’informations']) {
    await downloadFrom(page, active, `${name} AU2026104512.pdf`);
  }
  const terminated = page.getByRole('region', { name: 'Peugeot 3008 (CV-547-HG)' });
  await expect(terminated.getByRole('button')).toHaveCount(2);
  await downloadFrom(page, terminated, 'Relevé d’informations AU2019004215.pdf');
});

test('a generated document comes in the skin on screen', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('espace-assure.brand', 'vireo'));
  await signIn(page, DEMO.camille, '/documents/0');
  const active = page.getByRole('region', { name: 'Peugeot 208 (GH-482-KL)' });
  const [request] = await Promise.all([
    page.waitForRequest(/\/document\/memo-vehicule-assure\?/),
    downloadFrom(page, active, 'Mémo Véhicule Assuré AU2026104512.pdf'),
  ]);
  expect(new URL(request.url()).searchParams.get('brand')).toBe('vireo');
});
