// Feedback the customer sees (shared mechanisms, one spec): a success that navigates
// home opens the page at the top with its banner focused; every route has its own title and puts
// focus on its heading; 'Envoi…' while a request is in flight; one idempotency key per form
// submission, reused by the retry after a lost answer (the server answers it once); the server's
// field reasons under the fields; focus never left on <body>; no dead-end remove-driver form.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CHANGE_MESSAGES, CONTACT_MESSAGES, UPLOAD_MESSAGES } from '@espace/contract';
import type { Page } from '@playwright/test';
import { cookieBanner, refuseCookies } from '../support/cookies';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { french, openChange, today, yearsAgo } from './changes-helpers';
import { pdfFile, provideCard, UPLOAD_URL } from './documents-support';

const { banners: BANNERS } = CHANGE_MESSAGES;

// Sends change and contact requests for real: a server of its own (support/servers.ts).
test.use({ changesData: true });

async function fillNewDriver(page: Page, firstName: string) {
  await page.getByLabel('Civilité').selectOption('Mr');
  await page.getByLabel('Prénom').fill(firstName);
  await page.getByLabel('Nom', { exact: true }).fill('Martin');
  await page.getByLabel('Date de naissance').fill(french(yearsAgo(25)));
  await page.getByLabel('Bonus/malus (coefficient)').fill('1');
  await page.getByLabel('Lien avec l’assuré').selectOption('Enfant');
  await page.getByLabel('Numéro de permis de conduire').fill('123456789012');
  await page.getByLabel('Date d’obtention du permis').fill(french(yearsAgo(5)));
  await page.getByLabel('Date d’effet').fill(french(today()));
}

const isBodyFocused = (page: Page) => page.evaluate(() => document.activeElement === document.body);

test('a change that succeeds opens home at the top, its banner focused, at 375 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openChange(page, 'AU2026104512', 'Ajouter un conducteur');
  // The change screen: its own title, focus on its heading after the client-side navigation.
  await expect(page).toHaveTitle('Ajouter un conducteur – Espace Assuré');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await fillNewDriver(page, 'Hugo');

  // The request is held to see the button while it is in flight.
  const keys: (string | undefined)[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/policy/accounts/*/AU2026104512/driver', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    await held;
    await route.fallback();
  });
  await page.getByRole('button', { name: 'Ajouter un conducteur' }).click();
  const sending = page.getByRole('button', { name: 'Envoi…' });
  await expect(sending).toBeDisabled();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  release();

  await expect(page).toHaveURL(/\/$/);
  const banner = page.getByTestId('banner');
  await expect(banner).toContainText(BANNERS.addDriver.success);
  await expect(banner).toBeFocused();
  await expect(banner).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveTitle('Mes polices d’assurance – Espace Assuré');
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page, 'home after a change, 375 px');
});

test('a retry after a lost answer reuses its key and is recorded once; a double click sends once', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(failedRequest(/\/AU2025087731\/driver/));
  await openChange(page, 'AU2025087731', 'Ajouter un conducteur');
  await fillNewDriver(page, 'Jules');
  const keys: (string | undefined)[] = [];
  const replayed: (string | undefined)[] = [];
  await page.route('**/api/v1/policy/accounts/*/AU2025087731/driver', async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    const response = await route.fetch();
    replayed.push(response.headers()['idempotent-replayed']);
    // The first answer is lost on the way back (the server has recorded the request).
    if (keys.length === 1) return route.abort('connectionreset');
    return route.fulfill({ response });
  });
  const submit = page.getByRole('button', { name: 'Ajouter un conducteur' });
  await submit.click();
  await expect(page.getByTestId('banner')).toContainText(BANNERS.addDriver.error);
  // The customer tries again, impatiently.
  await submit.dblclick();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('banner')).toContainText(BANNERS.addDriver.success);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  // The server answered the retry with the first answer: one request recorded.
  expect(replayed).toEqual([undefined, 'true']);
});

test('the server’s reasons show under their fields, beside the banner', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(failedRequest(/\/AU2025087731\/driver/, 404));
  consoleErrors.expect(failedRequest(/\/phone-contact/, 400));
  await openChange(page, 'AU2025087731', 'Retirer un conducteur');
  // A driver who is not on the contract: only the server knows.
  await page.getByLabel('Civilité').selectOption('Mme');
  await page.getByLabel('Prénom').fill('Zoé');
  await page.getByLabel('Nom', { exact: true }).fill('Inconnue');
  await page.getByLabel('Date de naissance').fill(french(yearsAgo(30)));
  await page.getByLabel('Quand voudriez-vous que cela prenne effet ?').fill(french(today()));
  await page.getByRole('button', { name: 'Retirer un conducteur' }).click();
  await expect(page.getByTestId('banner')).toContainText(BANNERS.removeDriver.error);
  const lastName = page.getByLabel('Nom', { exact: true });
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toHaveAccessibleDescription(CHANGE_MESSAGES.api.driverNotOnPolicy);
  await expect(lastName).toBeFocused();
  await expectNoAxeViolations(page, 'remove driver refused by the server');

  // The call-back card at 375 px: an empty number is refused by the server, under the field.
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Contact' })
    .click();
  await expect(page).toHaveTitle('Contact – Espace Assuré');
  await page.setViewportSize({ width: 375, height: 740 });
  const card = page.getByRole('region', { name: 'Être rappelé(e)' });
  const phone = card.getByLabel('Votre numéro de téléphone');
  await card.getByRole('button', { name: 'Demander un rappel' }).click();
  await expect(phone).toHaveAccessibleDescription(CONTACT_MESSAGES.phoneInvalid);
  await expect(phone).toBeFocused();
  await phone.fill('06 12 34 56 78');
  await card.getByRole('button', { name: 'Demander un rappel' }).click();
  const banner = page.getByTestId('banner');
  await expect(banner).toContainText(CONTACT_MESSAGES.callbackSuccess('06 12 34 56 78'));
  await expect(banner).toBeFocused();
  await expect(banner).toBeInViewport();
  await expect(phone).not.toHaveAttribute('aria-invalid');
  await expectNoAxeViolations(page, 'contact success at 375 px');
});

test('every route has its title, focus goes to its heading, never to <body>', async ({ page }) => {
  await signIn(page, DEMO.camille);
  // At 375 px the cookie banner takes at most a third of the screen.
  await page.setViewportSize({ width: 375, height: 667 });
  const bannerBox = await cookieBanner(page).boundingBox();
  expect(bannerBox?.height).toBeLessThanOrEqual(667 / 3);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Mes polices d’assurance – Espace Assuré');
  // A cookie choice removes the banner and its focused button: focus goes to the heading.
  await cookieBanner(page).getByRole('button', { name: 'Tout refuser' }).focus();
  await refuseCookies(page);
  expect(await isBodyFocused(page)).toBe(false);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  const nav = page.getByRole('navigation', { name: 'Navigation principale' });
  for (const [link, title] of [
    ['FAQ', 'Questions fréquentes – Espace Assuré'],
    ['Mes documents', 'Mes documents – Espace Assuré'],
  ] as const) {
    await nav.getByRole('link', { name: link }).click();
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  }
  await page.goto('/accessibility');
  await expect(page).toHaveTitle('Déclaration d’accessibilité – Espace Assuré');

  // 768 px: every navigation label on one line (all as tall as 'FAQ', which cannot wrap).
  await page.setViewportSize({ width: 768, height: 1000 });
  const heights = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().height)));
  expect(Math.max(...heights)).toBe(Math.min(...heights));
  // /coverages at 375 px: no sideways scroll area, every column labelled.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page
    .getByTestId('policy-card')
    .first()
    .getByRole('link', { name: /Couverture d’assurance du contrat/ })
    .click();
  await expect(page).toHaveTitle('Couverture d’assurance – Espace Assuré');
  const scrollsSideways = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrollsSideways).toBe(false);
  await expectNoAxeViolations(page, 'coverages at 375 px');
});

test('removing a driver from a contract with only its principal driver explains why not', async ({
  page,
}) => {
  await openChange(page, 'AU2024061108', 'Retirer un conducteur');
  await expect(page.getByTestId('no-secondary-driver')).toContainText(
    CHANGE_MESSAGES.notes.noSecondaryDriver,
  );
  await expect(page.getByRole('button', { name: 'Retirer un conducteur' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'remove driver without a secondary driver');
});

test('every internal link of the FAQ and legal content leads to a screen, never to “Page introuvable”', async ({
  page,
}) => {
  const contentDir = path.resolve(import.meta.dirname, '../../content');
  const files = ['faq', 'legal'].flatMap((dir) =>
    readdirSync(path.join(contentDir, dir)).map((name) => path.join(contentDir, dir, name)),
  );
  const links = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\]\((\/[^)\s]*)\)/g))
      links.add(match[1]!);
  }
  expect(links.size).toBeGreaterThan(5);
  // A page load and an axe pass per link (13 today): some 35 s alone, past the 60 s default
  // beside another spec on a busy 2-core machine.
  test.setTimeout(240_000);
  await signIn(page, DEMO.camille);
  await refuseCookies(page);
  for (const link of links) {
    await page.goto(link);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading, link).toBeVisible();
    await expect(heading, link).not.toHaveText('Page introuvable');
    await expect(page, link).not.toHaveURL(/\/not-found$/);
    await expectNoAxeViolations(page, `content link ${link}`);
  }
});

test('the birth-date calendar has month and year lists; the licence date follows the 17th birthday', async ({
  page,
}) => {
  await openChange(page, 'AU2026104512', 'Ajouter un conducteur');
  await fillNewDriver(page, 'Léon');
  await page.getByLabel('Date de naissance').fill('');
  await page.getByRole('button', { name: 'Choisir une date : Date de naissance' }).click();
  const calendar = page.getByRole('dialog', { name: 'Choisir une date : Date de naissance' });
  await calendar.getByRole('combobox', { name: 'Année' }).selectOption('1990');
  await calendar.getByRole('combobox', { name: 'Mois' }).selectOption({ label: 'mars' });
  await expectNoAxeViolations(page, 'calendar with month and year lists');
  await calendar.getByRole('button', { name: /15 mars 1990/ }).click();
  await expect(page.getByLabel('Date de naissance')).toHaveValue('15.03.1990');
  // 'M.' is shown for the 'Mr' value.
  await expect(page.getByLabel('Civilité').locator('option[value="Mr"]')).toHaveText('M.');
  // A licence obtained at 16 is refused under its field; both French licence formats are taken.
  await page.getByLabel('Date d’obtention du permis').fill('14.03.2007');
  await page.getByLabel('Numéro de permis de conduire').fill('13AB12345');
  await page.getByRole('button', { name: 'Ajouter un conducteur' }).click();
  const licenceDate = page.getByLabel('Date d’obtention du permis');
  await expect(licenceDate).toHaveAccessibleDescription(
    new RegExp(CHANGE_MESSAGES.invalid.licenceBefore17),
  );
  await expect(page.getByLabel('Numéro de permis de conduire')).not.toHaveAttribute(
    'aria-invalid',
    'true',
  );
});

test('‘Annuler l’envoi’ stops a slow upload: the dialog is usable again and nothing is recorded', async ({
  page,
}) => {
  // The upload is held on its way to the server, as a slow connection would; it never arrives.
  const keys: (string | undefined)[] = [];
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let handled: Promise<void> = Promise.resolve();
  let arrived: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(UPLOAD_URL, (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    handled = held.then(() => route.abort().catch(() => undefined));
    arrived();
    return handled;
  });
  await signIn(page, DEMO.camille, '/documents/1');
  await refuseCookies(page);
  const card = provideCard(page, 'Peugeot 208 (GH-482-KL)');
  const mandate = card.getByRole('listitem').filter({ hasText: 'Mandat SEPA signé' });
  await expect(mandate).toContainText('Non conforme');
  await mandate.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Mandat SEPA signé' });
  await dialog.getByLabel('Choisir des fichiers').setInputFiles([pdfFile('mandat.pdf', 61)]);
  const confirm = dialog.getByRole('button', { name: 'Confirmer' });
  await confirm.click();

  const cancel = dialog.getByRole('button', { name: 'Annuler l’envoi' });
  await expect(cancel).toBeEnabled();
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await reached;
  await cancel.click();

  // Usable again: the file still attached, no progress, Confirm enabled, the cancellation said
  // in the dialog, focus on its button (never on <body>).
  await expect(dialog.getByRole('status')).toHaveText(UPLOAD_MESSAGES.cancelled);
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await expect(dialog.getByTestId('attached-file')).toHaveCount(1);
  await expect(confirm).toBeEnabled();
  await expect(dialog.getByLabel('Choisir des fichiers')).toBeEnabled();
  const close = dialog.getByRole('button', { name: 'Annuler', exact: true });
  await expect(close).toBeFocused();
  await expectNoAxeViolations(page, 'upload dialog after a cancelled upload');
  release();
  await handled;
  expect(keys).toHaveLength(1);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);

  await close.click();
  await expect(dialog).toBeHidden();
  expect(await isBodyFocused(page)).toBe(false);
  // Nothing recorded: after a reload the mandate is still owed.
  await page.reload();
  await expect(mandate).toContainText('Non conforme');
  await expect(mandate.getByRole('button')).toHaveCount(1);
});
