// A broken windscreen declared on a phone, 375 px wide, on a contract without glass cover
// (docs/product/claims.md « Bris de glace », « After sending »): « Circonstances » asks which glass
// and an impact or a crack, with French messages, and says the contract has no glass cover; the
// photos' chooser opens with Space and with Enter on the focused control, each photo shows as a
// thumbnail under its own name; « Reprendre » opens the step where the declaration was left, in
// the same tab and after a reload; the summary names the glass and says again there is no cover;
// once sent, the screen says « Déclaré le … » (never « À déclarer au plus tard le … ») and what
// happens next (the PDF's text: apps/server/test/routes/claims/glass-and-next-steps.test.ts; kept
// in SCREENS_DIR to look at). Axe, reflow at 320 px, screenshots at 375 and 1280 px in both skins
// at each step (SCREENS_DIR).
import { addDays, CLAIM_MESSAGES, formatDate, todayInParis } from '@espace/contract';
import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';
import { atStep, choose, expectReflow, next, screenshots, type } from './claims-helpers';

const TIERS = 'AU2024061108'; // camille, 'Actif', « Tiers »: no « Bris de glace » guarantee
/** A 4×4 PNG drawn by Chromium. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAYAAACp8Z5+AAAAIklEQVR4AYTIoQ0AAAwCwQbbjbpX5wdLMHzy5rD39DFRBwEAAP//DiDvdAAAAAZJREFUAwCVdwbt5aM9bgAAAABJRU5ErkJggg==',
  'base64',
);

test.use({ changesData: true, viewport: { width: 375, height: 800 } });
test.setTimeout(300_000);

/** Space or Enter on the focused photo control opens the chooser, which takes `name`. */
async function addPhotoWith(page: Page, key: 'Space' | 'Enter', name: string) {
  const control = page.getByLabel('Ajouter des photos des dégâts');
  await control.focus();
  await expect(control).toBeFocused();
  const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
  await page.keyboard.press(key);
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: PNG });
}

/** The thumbnail of the stored photo `name`, drawn (its bytes came back from the server). */
async function expectThumbnail(page: Page, name: string) {
  const image = page.getByRole('img', { name, exact: true });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(4);
  await expect(page.getByRole('button', { name: `Retirer ${name}` })).toBeVisible();
}

test('a broken windscreen without glass cover, its photos from the keyboard, resumed, then sent', async ({
  page,
}) => {
  const urls: string[] = [];
  await signIn(page, DEMO.camille, '/claims');
  await choose(page.getByRole('radio', { name: new RegExp(TIERS) }));
  await next(page, 'Commencer la déclaration');

  await expect(page.getByRole('heading', { level: 1, name: 'Type de sinistre' })).toBeVisible();
  await choose(page.getByRole('radio', { name: 'Bris de glace' }));
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Date et lieu' })).toBeVisible();
  await page.getByLabel('Date du sinistre').fill(addDays(todayInParis(), -1));
  await page.getByLabel('Heure (environ)').fill('07:45');
  await type(page, page.getByLabel('Lieu (adresse, route, ville)'), 'Aire de Saint-Rambert');
  await next(page);

  // « Circonstances »: the missing cover said first, then which glass and how it is broken.
  await atStep(page, 'Circonstances', urls, 'glass-');
  await expect(page.getByTestId('claim-no-glass-cover')).toHaveText(
    CLAIM_MESSAGES.noGlassCover(TIERS),
  );
  await type(page, page.getByLabel('Décrivez ce qui s’est passé'), 'Un caillou sur l’A7.');
  await next(page);
  await expect(page.getByText('Indiquez quel vitrage est endommagé')).toBeVisible();
  await expect(
    page.getByText('Indiquez s’il s’agit d’un impact, d’une fissure ou d’une vitre brisée'),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pare-brise' })).toBeFocused();
  await expectNoAxeViolations(page, 'glass questions refused');
  await screenshots(page, 'glass-circumstances-errors');
  await choose(page.getByRole('radio', { name: 'Pare-brise' }));
  await choose(page.getByRole('radio', { name: 'Fissure' }));
  await next(page);

  await expect(page.getByRole('heading', { level: 1, name: 'Tiers et témoins' })).toBeVisible();
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Blessés' })).toBeVisible();
  await choose(page.getByRole('radio', { name: 'Non' }));
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Conducteur' })).toBeVisible();
  await choose(page.getByRole('radio').first());
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Véhicule' })).toBeVisible();
  await choose(page.getByRole('radio', { name: 'Oui' }));
  await type(page, page.getByLabel('Où se trouve le véhicule\u00a0?'), 'Devant mon domicile');
  await next(page);

  // « Photos »: the chooser from the keyboard, each photo a thumbnail under its own name.
  await atStep(page, 'Photos', urls, 'glass-');
  await addPhotoWith(page, 'Space', 'IMG_2041.png');
  await expectThumbnail(page, 'IMG_2041.jpg');
  await addPhotoWith(page, 'Enter', 'Pare-brise côté passager.png');
  await expectThumbnail(page, 'Pare-brise côté passager.jpg');
  await expectNoAxeViolations(page, 'photos as thumbnails');
  await expectReflow(page, 'photos as thumbnails');
  await screenshots(page, 'glass-photos-thumbnails');

  // Left for the list of declarations and resumed there, in the same tab, then after a reload.
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: 'Menu' }).press('Enter');
  await banner.getByRole('menuitem', { name: 'Déclarer un sinistre' }).press('Enter');
  const resume = page.getByRole('link', { name: /^Reprendre\s: Bris de glace/ });
  await resume.first().press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
  await expectThumbnail(page, 'IMG_2041.jpg');
  await page.goto('/claims');
  await resume.first().press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Photos' })).toBeVisible();
  await page.getByRole('link', { name: 'Continuer' }).press('Enter');

  // The summary names the glass and says again that the contract does not cover it.
  await atStep(page, 'Récapitulatif', urls, 'glass-');
  const summary = page.locator('.claim-summary');
  await expect(summary).toContainText('VitragePare-brise, fissure');
  await expect(summary).toContainText('2 photos');
  await expect(page.getByTestId('claim-no-glass-cover')).toBeVisible();
  await next(page, 'Envoyer la déclaration');

  // Sent: « Déclaré le », never « À déclarer au plus tard », and what happens next.
  await expect(
    page.getByRole('heading', { name: 'Votre déclaration de sinistre a bien été envoyée.' }),
  ).toBeFocused();
  const today = formatDate(todayInParis());
  await expect(page.getByTestId('claim-declared')).toHaveText(
    new RegExp(`^Déclaré le ${today.replaceAll('.', '\\.')}, dans le délai \\(au plus tard le `),
  );
  await expect(page.getByText('À déclarer au plus tard')).toHaveCount(0);
  const after = page.getByRole('region', { name: 'Et maintenant\u00a0?' });
  await expect(after).toContainText(
    'votre courtier, étudie votre déclaration et vous contacte sous 48',
  );
  await expect(after).toContainText('ne comprend pas de garantie Bris de glace');
  await expectNoAxeViolations(page, 'claim sent');
  await expectReflow(page, 'claim sent');
  await screenshots(page, 'glass-sent');

  const download = page.waitForEvent('download');
  await page
    .getByRole('button', { name: 'Télécharger l’accusé de réception (PDF)' })
    .press('Enter');
  expect((await download).suggestedFilename()).toMatch(/^Accusé de réception sinistre SIN-/);
  if (process.env.SCREENS_DIR)
    await (await download).saveAs(`${process.env.SCREENS_DIR}/glass-receipt.pdf`);
});
