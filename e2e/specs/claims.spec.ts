// Declaring a claim (docs/product/claims.md) on a phone, 375 px wide: an accident with a third
// party from the policy card to the receipt, keyboard only for choices and buttons, with a photo
// resized in the browser, axe and reflow at 320 px on every step and the sent page (a draft
// resumed elsewhere: claims-drafts.spec.ts). Screenshots of every step at 375 and 1280 px in
// both skins go to the test's output folder.
import { addDays, formatDate, PHONE_NUMBERS, todayInParis } from '@espace/contract';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';
import { atStep, choose, expectReflow, next, POLICY, screenshots, type } from './claims-helpers';

/** A 4×4 PNG drawn by Chromium. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAIklEQVR4AYTIoQ0AAAwCwQbbjbpX5wdLMHzy5rD39DFRBwEAAP//DiDvdAAAAAZJREFUAwCVdwbt5aM9bgAAAABJRU5ErkJggg==',
  'base64',
);

test.use({ changesData: true, viewport: { width: 375, height: 800 } });
// Ten screens, each checked by axe and photographed four times.
test.setTimeout(240_000);

test('an accident with a third party, from the policy card to the receipt', async ({ page }) => {
  const urls: string[] = [];
  await signIn(page, DEMO.camille);
  const card = page.getByTestId('policy-card').filter({ hasText: POLICY });
  await card
    .getByRole('link', { name: `Déclarer un sinistre sur le contrat n° ${POLICY}` })
    .press('Enter');
  await atStep(page, 'Déclarer un sinistre', urls);
  await expect(page.getByRole('radio', { name: new RegExp(POLICY) })).toBeChecked();
  await next(page, 'Commencer la déclaration');

  await atStep(page, 'Type de sinistre', urls);
  await next(page);
  await expect(page.getByText('Choisissez le type de sinistre')).toBeVisible();
  await choose(page.getByRole('radio', { name: 'Accident avec un tiers' }));
  await next(page);

  await atStep(page, 'Date et lieu', urls);
  await page.getByLabel('Date du sinistre').fill(addDays(todayInParis(), -1));
  await page.getByLabel('Heure (environ)').fill('08:30');
  await type(page, page.getByLabel('Lieu (adresse, route, ville)'), 'Rue de Rivoli, Paris');
  await next(page);

  await atStep(page, 'Circonstances', urls);
  await expect(page.getByTestId('claim-deadline')).toContainText('À déclarer au plus tard le');
  await choose(
    page.getByRole('checkbox', {
      name: '8. heurtait à l’arrière, en roulant dans le même sens et sur une même file',
    }),
  );
  await type(
    page,
    page.getByLabel('Décrivez ce qui s’est passé'),
    'Le véhicule B m’a heurté à l’arrière au feu.',
  );
  await next(page);

  await atStep(page, 'Tiers et témoins', urls);
  await next(page);
  await expect(page.getByText('Le nom du tiers est obligatoire')).toBeVisible();
  await type(page, page.getByLabel('Nom et prénom', { exact: true }), 'Paul Durand');
  await type(page, page.getByLabel('Immatriculation'), 'AB-123-CD');
  await next(page);

  await atStep(page, 'Blessés', urls);
  await choose(page.getByRole('radio', { name: 'Oui' }));
  await expect(
    page.getByRole('heading', { name: 'Quelqu’un est blessé\u00a0: appelez les secours' }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: `Appeler l’assistance (${PHONE_NUMBERS.assistance})` }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'injuries advice');
  await choose(page.getByRole('radio', { name: 'Non' }));
  await next(page);

  await atStep(page, 'Conducteur', urls);
  await choose(page.getByRole('radio').first());
  await next(page);

  await atStep(page, 'Véhicule', urls);
  await choose(page.getByRole('radio', { name: 'Oui' }));
  await type(page, page.getByLabel('Où se trouve le véhicule\u00a0?'), 'Devant mon domicile');
  await next(page);

  await atStep(page, 'Photos', urls);
  await page
    .getByLabel('Ajouter des photos des dégâts')
    .setInputFiles({ name: 'IMG_0001.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('button', { name: 'Retirer IMG_0001.jpg' })).toBeVisible();
  await page.getByRole('link', { name: 'Continuer' }).press('Enter');

  await atStep(page, 'Constat', urls);
  await type(page, page.getByLabel(/Référence de l’e-constat/), 'EC-2026-123456');
  await next(page);

  await atStep(page, 'Récapitulatif', urls);
  await expect(page.locator('.claim-summary')).toContainText('Paul Durand');
  await expect(page.locator('.claim-summary')).toContainText(
    formatDate(addDays(todayInParis(), -1)),
  );
  await next(page, 'Envoyer la déclaration');

  await expect(
    page.getByRole('heading', { name: 'Votre déclaration de sinistre a bien été envoyée.' }),
  ).toBeFocused();
  await expect(page.getByTestId('claim-reference')).toHaveText(/^SIN-\d{8}-[A-Z2-9]{6}$/);
  await expectNoAxeViolations(page, 'claim sent');
  await expectReflow(page, 'claim sent');
  await screenshots(page, 'sent');
  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: 'Télécharger l’accusé de réception (PDF)' })
    .press('Enter');
  expect((await download).suggestedFilename()).toMatch(
    /^Accusé de réception sinistre SIN-\d{8}-[A-Z2-9]{6}\.pdf$/,
  );
  const reference = (await page.getByTestId('claim-reference').textContent())!;
  await page.getByRole('link', { name: 'Suivre dans Mes demandes' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText('Déclaration de sinistre');
  await expect(row).toContainText('Déclaré');
});
