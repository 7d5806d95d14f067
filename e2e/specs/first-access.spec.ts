// First access of the broker's real customers (docs/decisions/0075-first-access-invitation.md):
// customers loaded by `npm run import -- … --invite` from the repository's example file have
// no password; Sophie follows her invitation mail, chooses a password under the rule and sees
// exactly her two contracts; Marc gets the same link through « Première connexion », where a
// wrong birth date is answered the same and sends nothing. Screenshots of the new pages at
// 375 and 1280 px in both skins go to the test's output folder.
import type { Page } from '@playwright/test';
import { refuseCookies } from '../support/cookies';
import { expect, expectNoAxeViolations, failedRequest } from '../support/fixtures';
import { startImportedPortal, type ImportedPortal } from '../support/imported-portal';
import { onPortalOfTheFile } from '../support/own-portal';
import { keepScreenshot } from '../support/screens';

const EXAMPLE = 'docs/examples/import/portefeuille.ndjson';
const SOPHIE = { email: 'sophie.laurent@example.fr', contracts: ['AU2026200001', 'AU2026200002'] };
const MARC = {
  email: 'marc.petit@example.fr',
  contract: 'AU2026200003',
  birthDate: '02/11/1979',
};
const PASSWORD = 'Premier-Acces-2026';

const test = onPortalOfTheFile(() => startImportedPortal([EXAMPLE], { invite: true }));
test.use({ changesData: true });

/** The set-password link of the latest mail to `email`, once `count` mails have arrived. */
async function linkMailedTo(portal: ImportedPortal, email: string, count: number) {
  const mine = () => portal.mails.filter((m) => m.to.includes(email));
  await expect.poll(() => mine().length, { timeout: 10_000 }).toBe(count);
  const link = /https?:\/\/[^\s"<>]+\/interaction\/password\/reset\?token=[\w-]+&brand=\w+/.exec(
    mine().at(-1)!.data,
  )?.[0];
  expect(link, `a link in the mail to ${email}`).toBeTruthy();
  return link!;
}

/** Opens the page again in a skin (`?brand=` chooses it, docs/decisions/0039-brand-skins.md). */
type Reopen = (brand: string) => Promise<void>;
const reload =
  (page: Page): Reopen =>
  async (brand) => {
    const url = new URL(page.url());
    url.searchParams.set('brand', brand);
    await page.goto(url.toString());
  };

/** Both widths, both skins: what the customer sees, kept beside the test's results. */
async function screenshots(page: Page, name: string, reopen = reload(page)) {
  for (const brand of ['lumen', 'vireo']) {
    await reopen(brand);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scroll, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(width);
      await keepScreenshot(page, `${name}-${brand}-${width}`);
    }
  }
}

async function choosePassword(page: Page) {
  await expect(
    page.getByRole('heading', { level: 1, name: 'Choisir votre mot de passe' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'choose the first password');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill('motdepasse');
  await page.getByLabel('Confirmer le nouveau mot de passe').fill('motdepasse');
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(page.getByRole('alert')).toContainText('mot de passe');
  await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmer le nouveau mot de passe').fill(PASSWORD);
  await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Mot de passe enregistré' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'first password saved');
}

async function signInAndSeeContracts(page: Page, email: string, contracts: string[]) {
  await page.getByRole('link', { name: 'Se connecter', exact: true }).click();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
  ).toBeVisible();
  await refuseCookies(page);
  const cards = page.getByTestId('policy-card');
  await expect(cards).toHaveCount(contracts.length);
  for (const contract of contracts)
    await expect(cards.filter({ hasText: contract })).toHaveCount(1);
}

test('an imported customer follows the invitation mail, chooses a password and sees exactly her contracts', async ({
  page,
  portal,
  consoleErrors,
}) => {
  // The weak password and the used link are answered 400, which Chromium logs.
  consoleErrors.expect(failedRequest(/\/interaction\/password\/reset(\?\S*)?/, 400));
  const link = await linkMailedTo(portal, SOPHIE.email, 1);
  const mail = portal.mails.find((m) => m.to.includes(SOPHIE.email))!;
  expect(mail.data).toContain('Bonjour Sophie,');
  expect(mail.data).toContain('Content-Type: text/html');
  await page.goto(link);
  await screenshots(page, 'choisir-mot-de-passe');
  await page.goto(link);
  await choosePassword(page);
  await signInAndSeeContracts(page, SOPHIE.email, SOPHIE.contracts);
  // The link served once.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Lien expiré' })).toBeVisible();
});

test('« Première connexion » answers the same to wrong data and mails the link to the right data', async ({
  page,
  portal,
  consoleErrors,
}) => {
  // Five forms sent, two mails read, each answer drawn in both skins.
  test.setTimeout(150_000);
  // The empty form and the weak password are answered 400, which Chromium logs.
  consoleErrors.expect(failedRequest(/\/interaction\/password\/first-access\?\S*/, 400));
  consoleErrors.expect(failedRequest(/\/interaction\/password\/reset/, 400));
  await linkMailedTo(portal, MARC.email, 1); // the import's invitation, not used
  await page.goto('/');
  await expect(
    page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
  ).toBeVisible();
  await screenshots(page, 'connexion');
  await page.getByRole('link', { name: 'Première connexion' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Première connexion' })).toBeVisible();
  await expectNoAxeViolations(page, 'first access form');
  await screenshots(page, 'premiere-connexion');

  await page.getByRole('button', { name: 'Recevoir le lien' }).click();
  await expect(page.getByLabel('Numéro de contrat')).toHaveAccessibleDescription(
    /Veuillez saisir votre numéro de contrat/,
  );
  await expect(page.getByLabel('Numéro de contrat')).toBeFocused();
  await expectNoAxeViolations(page, 'first access form with errors');

  const ask = async (birthDate: string, email = MARC.email) => {
    await page.getByLabel('Numéro de contrat').fill(MARC.contract);
    await page.getByLabel('Date de naissance').fill(birthDate);
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Vérifiez votre messagerie' }),
    ).toBeVisible();
    return page.getByRole('status').textContent();
  };
  const form = page.url();
  const wrong = await ask('03/11/1979');
  await expectNoAxeViolations(page, 'first access answer');
  await screenshots(page, 'premiere-connexion-reponse', async (brand) => {
    await page.goto(`${form}&brand=${brand}`);
    // Another e-mail: requests for Marc's are counted (3 mails per e-mail per 30 minutes).
    await ask('03/11/1979', 'personne@example.fr');
  });
  await page.goto(form);
  const right = await ask(MARC.birthDate);
  expect(right).toBe(wrong);

  const link = await linkMailedTo(portal, MARC.email, 2);
  await page.goto(link);
  await choosePassword(page);
  await signInAndSeeContracts(page, MARC.email, [MARC.contract]);
});
