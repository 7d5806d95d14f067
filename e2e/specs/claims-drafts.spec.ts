// A claim draft is saved as the customer types (docs/product/claims.md,
// docs/decisions/0162-claim-drafts-saved-as-the-customer-types.md), on a phone 375 px wide: text
// typed on a step without « Continuer » is saved a moment later (« Brouillon enregistré à … », axe,
// reflow at 320 px, screenshots at 375 and 1280 px in both skins), and another device (another
// browser context) resumes the draft at that step with the text there and the earlier steps'
// answers; text typed on a step left at once with « Précédent » is kept, and the draft resumes at
// the step opened. Changed on another device since the step was opened, the draft is not written
// over: the customer chooses, and the focus then goes to the status that says the draft is saved.
import { addDays, todayInParis } from '@espace/contract';
import type { Page } from '@playwright/test';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { choose, expectReflow, next, screenshots, type } from './claims-helpers';

test.use({ changesData: true, viewport: { width: 375, height: 800 } });
test.setTimeout(120_000);

const description = (page: Page) => page.getByLabel('Décrivez ce qui s’est passé');
const saved = (page: Page) =>
  page.getByRole('status').filter({ hasText: /^Brouillon enregistré à \d{2}:\d{2}$/ });

/** The answer to the page's next PUT …/progress, of typed values or of the step opened. */
const progressWrite = (page: Page, typed: boolean) =>
  page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() !== 'PUT' || !request.url().endsWith('/progress')) return false;
    return 'typed' in (request.postDataJSON() as object) === typed;
  });

/** A broken windscreen declared up to « Circonstances », its date and place confirmed. */
async function glassClaimUpToCircumstances(page: Page) {
  await signIn(page, DEMO.camille, '/claims');
  await next(page, 'Commencer la déclaration');
  await choose(page.getByRole('radio', { name: 'Bris de glace' }));
  await next(page);
  await page.getByLabel('Date du sinistre').fill(addDays(todayInParis(), -1));
  await page.getByLabel('Heure (environ)').fill('07:45');
  await type(page, page.getByLabel('Lieu (adresse, route, ville)'), 'Aire de Saint-Rambert');
  await next(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Circonstances' })).toBeVisible();
}

/** Signs in on another device (a browser context of its own) and resumes the latest draft. */
async function resumeElsewhere(page: Page) {
  await signIn(page, DEMO.camille, '/claims');
  await resume(page);
}

/** « Reprendre » the latest draft on the list of /claims. */
async function resume(page: Page) {
  await expect(page.getByRole('heading', { name: 'Déclarations en cours' })).toBeVisible();
  await expectNoAxeViolations(page, 'drafts to resume');
  await page
    .getByRole('link', { name: /^Reprendre\s: Bris de glace/ })
    .first()
    .press('Enter');
}

test('text typed without « Continuer » is saved, and another device resumes there with it', async ({
  page,
  browser,
}) => {
  const typed = 'Un caillou a fendu le pare-brise sur l’autoroute A7.';
  await glassClaimUpToCircumstances(page);
  await type(page, description(page), typed);
  await expect(saved(page)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNoAxeViolations(page, 'draft saved');
  await expectReflow(page, 'draft saved');
  await screenshots(page, 'draft-saved');

  const other = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const phone = await other.newPage();
  await signIn(phone, DEMO.camille, '/claims');
  // « Déclarer un sinistre » and the drafts to resume, drawn in both skins.
  await expect(phone.getByRole('heading', { name: 'Déclarations en cours' })).toBeVisible();
  await expectReflow(phone, 'drafts to resume');
  await screenshots(phone, 'drafts-to-resume');
  await resume(phone);
  await expect(phone.getByRole('heading', { level: 1, name: 'Circonstances' })).toBeVisible();
  await expect(description(phone)).toHaveValue(typed);
  await expectNoAxeViolations(phone, 'draft resumed');
  // The steps before it hold their answers.
  await phone.getByRole('link', { name: '← Précédent' }).press('Enter');
  await expect(phone.getByRole('heading', { level: 1, name: 'Date et lieu' })).toBeVisible();
  await expect(phone.getByLabel('Lieu (adresse, route, ville)')).toHaveValue(
    'Aire de Saint-Rambert',
  );
  await expect(phone.getByLabel('Heure (environ)')).toHaveValue('07:45');

  // Back on the first device: more text, then « Précédent » at once. What was typed goes with
  // the customer, and the draft stays on the step opened, whichever write arrives last.
  const written = Promise.all([progressWrite(page, true), progressWrite(page, false)]);
  await type(page, description(page), ' Vitre changée.');
  await page.getByRole('link', { name: '← Précédent' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Date et lieu' })).toBeVisible();
  await written;
  await phone.goto('/claims');
  await resume(phone);
  await expect(phone.getByRole('heading', { level: 1, name: 'Date et lieu' })).toBeVisible();
  await next(phone);
  await expect(phone.getByRole('heading', { level: 1, name: 'Circonstances' })).toBeVisible();
  await expect(description(phone)).toHaveValue(`${typed} Vitre changée.`);
  await other.close();
});

test('changed on another device since the step was opened: nothing is written over it', async ({
  page,
  browser,
  consoleErrors,
}) => {
  // The phone's save over the laptop's is refused: Chromium logs the 412.
  consoleErrors.expect(failedRequest(/\/progress/, 412));
  await glassClaimUpToCircumstances(page);
  await type(page, description(page), 'Sur le téléphone.');
  await expect(saved(page)).toBeVisible();

  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const laptop = await other.newPage();
  await resumeElsewhere(laptop);
  await expect(description(laptop)).toHaveValue('Sur le téléphone.');
  await description(laptop).fill('Sur l’ordinateur.');
  await expect(saved(laptop)).toBeVisible();

  await type(page, description(page), ' Encore.');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('modifiée sur un autre appareil ou dans un autre onglet');
  await expectNoAxeViolations(page, 'draft changed elsewhere');
  await expectReflow(page, 'draft changed elsewhere');
  await screenshots(page, 'draft-changed-elsewhere');
  // The laptop's text was kept; the phone takes it.
  await laptop.reload();
  await expect(description(laptop)).toHaveValue('Sur l’ordinateur.');
  await alert.getByRole('button', { name: 'Afficher la version enregistrée' }).press('Enter');
  await expect(description(page)).toHaveValue('Sur l’ordinateur.');
  await expect(alert).toHaveCount(0);
  // The button pressed went with the alert: the focus is on the status, which says it is saved.
  await expect(saved(page)).toBeFocused();
  await expectNoAxeViolations(page, 'draft settled');
  await screenshots(page, 'draft-settled');
  await other.close();
});
