// Declaring a theft (docs/product/claims.md) on a phone, 375 px wide, keyboard only: the place
// picked in the address search plus the phone's position (granted), the complaint (date,
// station, procès-verbal) and the keys, the 2-working-day deadline shown, then sent: the
// reference, the receipt, the claim in « Mes demandes ». Axe and reflow at 320 px on every step
// and the sent page; screenshots at 375 and 1280 px in both skins. The position refused: a
// French message, and the place is still typed.
import { addDays, formatDate, todayInParis } from '@espace/contract';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';
import { atStep, choose, expectReflow, next, screenshots, type } from './claims-helpers';

test.use({ changesData: true, viewport: { width: 375, height: 800 } });
test.setTimeout(240_000);

const yesterday = addDays(todayInParis(), -1);

test.describe('with the position shared', () => {
  test.use({ geolocation: { latitude: 48.856613, longitude: 2.352222 } });

  test('a theft, from the claims entry to « Mes demandes »', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    const urls: string[] = [];
    await signIn(page, DEMO.camille, '/claims');
    await next(page, 'Commencer la déclaration');

    await atStep(page, 'Type de sinistre', urls);
    await choose(page.getByRole('radio', { name: 'Vol ou tentative de vol' }));
    await next(page);

    await atStep(page, 'Date et lieu', urls);
    await page.getByLabel('Date du sinistre').fill(yesterday);
    await page.getByLabel('Heure (environ)').fill('02:00');
    const search = page.getByRole('combobox', { name: 'Recherche par code postal ou commune' });
    await type(page, search, '69100');
    const option = page.getByRole('option', { name: 'Villeurbanne (69100)' });
    await expect(option).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Lieu (adresse, route, ville)')).toHaveValue(
      'Villeurbanne (69100)',
    );
    await expect(page.getByText(/Elle n’est demandée que si vous appuyez/)).toBeVisible();
    await page.getByRole('button', { name: 'Utiliser ma position' }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Position ajoutée' })).toBeVisible();
    await expect(page.getByText('Position enregistrée\u00a0: 48,8566\u00a0; 2,3522')).toBeVisible();
    await expectNoAxeViolations(page, 'place with a position');
    await expectReflow(page, 'place with a position');
    await screenshots(page, `${urls.length}-position`);
    await next(page);

    await atStep(page, 'Circonstances', urls);
    const deadline = page.getByTestId('claim-deadline');
    await expect(deadline).toContainText('À déclarer au plus tard le');
    await expect(deadline).toContainText('2\u00a0jours ouvrés');
    await type(
      page,
      page.getByLabel('Décrivez ce qui s’est passé'),
      'Le véhicule a disparu de la rue pendant la nuit.',
    );
    await next(page);

    await atStep(page, 'Tiers et témoins', urls);
    await next(page);

    await atStep(page, 'Blessés', urls);
    await choose(page.getByRole('radio', { name: 'Non' }));
    await next(page);

    await atStep(page, 'Plainte et clés', urls);
    await next(page);
    await expect(page.getByText('Le commissariat ou la gendarmerie est obligatoire')).toBeVisible();
    await page.getByLabel('Date du dépôt de plainte').fill(todayInParis());
    await type(
      page,
      page.getByLabel('Commissariat ou gendarmerie'),
      'Commissariat de Villeurbanne',
    );
    await type(page, page.getByLabel('N° du procès-verbal'), 'PV-2026-004512');
    await choose(page.getByRole('radio', { name: 'Les clés ont été volées aussi' }));
    await next(page);

    await atStep(page, 'Véhicule', urls);
    await choose(page.getByRole('radio', { name: 'Non' }));
    await type(page, page.getByLabel('Où se trouve le véhicule\u00a0?'), 'Inconnu (volé)');
    await next(page);

    await atStep(page, 'Photos', urls);
    await page.getByRole('link', { name: 'Continuer' }).press('Enter');

    await atStep(page, 'Récapitulatif', urls);
    const summary = page.locator('.claim-summary');
    await expect(summary).toContainText('Vol ou tentative de vol');
    await expect(summary).toContainText(formatDate(yesterday));
    await expect(summary).toContainText('Villeurbanne (69100)');
    await expect(summary).toContainText('48,8566\u00a0; 2,3522');
    await expect(summary).toContainText('Commissariat de Villeurbanne');
    await expect(summary).toContainText('Les clés ont été volées aussi');
    await expect(page.getByTestId('claim-deadline')).toContainText('2\u00a0jours ouvrés');
    await next(page, 'Envoyer la déclaration');

    await expect(
      page.getByRole('heading', { name: 'Votre déclaration de sinistre a bien été envoyée.' }),
    ).toBeFocused();
    const reference = page.getByTestId('claim-reference');
    await expect(reference).toHaveText(/^SIN-\d{8}-[A-Z2-9]{6}$/);
    await expect(page.getByText(/2\u00a0jours ouvrés/)).toBeVisible();
    await expectNoAxeViolations(page, 'theft sent');
    await expectReflow(page, 'theft sent');
    await screenshots(page, 'sent');
    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: 'Télécharger l’accusé de réception (PDF)' })
      .press('Enter');
    expect((await download).suggestedFilename()).toBe(
      `Accusé de réception sinistre ${await reference.textContent()}.pdf`,
    );
    const sent = (await reference.textContent())!;
    await page.getByRole('link', { name: 'Suivre dans Mes demandes' }).press('Enter');
    const row = page.getByRole('row').filter({ hasText: sent });
    await expect(row).toContainText('Déclaration de sinistre');
    await expect(row).toContainText('Déclaré');
    await expectNoAxeViolations(page, 'Mes demandes');
  });
});

test('the position refused: a French message, and the place typed instead', async ({ page }) => {
  await signIn(page, DEMO.camille, '/claims');
  await next(page, 'Commencer la déclaration');
  await choose(page.getByRole('radio', { name: 'Vol ou tentative de vol' }));
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Date et lieu' })).toBeVisible();
  await page.getByRole('button', { name: 'Utiliser ma position' }).press('Enter');
  await expect(
    page.getByText(
      'Vous n’avez pas autorisé l’accès à votre position\u00a0: cherchez l’adresse ou saisissez le lieu.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/Position enregistrée/)).toHaveCount(0);
  await expectNoAxeViolations(page, 'position refused');
  await page.getByLabel('Date du sinistre').fill(yesterday);
  await page.getByLabel('Heure (environ)').fill('23:15');
  await type(page, page.getByLabel('Lieu (adresse, route, ville)'), 'Parking du centre, Lyon');
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Circonstances' })).toBeVisible();
});
