// What each role sees in the staff console, and the staff's own passwords, end to end
// (docs/console.md « Comptes », « Connexion », « Mon compte »):
// - an agent is offered neither Journal nor Équipe; reached by their address, each says in
//   French that it is the supervisors', with no filters, no export, no account form and no call
//   to their API; a supervisor gets them all;
// - a member a supervisor creates on « Équipe » signs in with the temporary password, enrols the
//   second factor and must choose a password of their own (French refusals for a weak one and
//   two that differ) before reaching the inbox; the temporary password is refused afterwards;
// - on « Mon compte » (from the header), a staff member changes their password: French errors
//   for a wrong current password, a weak one, the same as before; on success their other
//   session ends and the old password is refused.
// Every page axe-clean, no sideways scroll at 320 px; screenshots at 375, 768 and 1280 px in both
// skins go to SCREENS_DIR when it is set (e2e/support/screens.ts).
import type { Page } from '@playwright/test';
import {
  enrolAndSignIn,
  firstSignIn,
  givePassword,
  signInStaff,
  type StaffMember,
} from '../support/console-staff';
import { expect, expectNoAxeViolations, failedRequest, test } from '../support/fixtures';
import { expectNoSidewaysScroll, screenshotSkins, CONSOLE_WIDTHS } from '../support/screens';

test.use({ changesData: true });

const MEMBER: StaffMember = {
  name: 'Inès Nouvelle',
  email: 'ines.nouvelle@courtage-horizon.test',
  password: '',
};
const CHOSEN = 'Horizon-Bleu-2027!';
const CHANGED = 'Marée-Haute-Saint-Malo-35';
const SUPERVISORS_ONLY = /^Cette page est réservée aux superviseurs\./;

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByLabel('Adresse e-mail professionnelle')).toBeVisible();
};

test('an agent is offered only what an agent may do; a supervisor gets the supervisors’ pages', async ({
  page,
}) => {
  // Two sign-ins with their enrolments, and three pages drawn in both skins at two widths.
  test.setTimeout(150_000);
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/backoffice/api/')) calls.push(pathname + search);
  });
  await enrolAndSignIn(page, 'agent');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText([
    'Demandes',
    'Messages',
    'Réclamations',
    'Clients',
  ]);
  for (const [path, title] of [
    ['/backoffice/tableau-de-bord', 'Tableau de bord'],
    ['/backoffice/journal', 'Journal'],
    ['/backoffice/equipe', 'Équipe'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('supervisors-only')).toHaveText(SUPERVISORS_ONLY);
    await expect(page.getByRole('link', { name: 'Revenir aux demandes' })).toBeVisible();
    for (const control of ['Filtrer', 'Créer le compte'])
      await expect(page.getByRole('button', { name: control })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Exporter en CSV' })).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expectNoAxeViolations(page, `${title} for an agent`);
    await expectNoSidewaysScroll(page);
    await screenshotSkins(page, `agent-${path.slice(12)}`, CONSOLE_WIDTHS);
  }
  // The agent's pages ask nothing of the supervisors' API.
  expect(calls.filter((c) => /\/audit|\/dashboard|include=disabled/.test(c))).toEqual([]);
  await page.getByRole('banner').getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await expect(page.getByRole('definition')).toHaveText([
    'Léa Martin',
    'conseiller@courtage-horizon.test',
    'Conseiller',
  ]);
  await expectNoAxeViolations(page, 'Mon compte for an agent');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'agent-compte', CONSOLE_WIDTHS);
  await signOut(page);

  await enrolAndSignIn(page, 'supervisor');
  await expect(nav.getByRole('link')).toHaveText([
    'Demandes',
    'Messages',
    'Réclamations',
    'Clients',
    'Tableau de bord',
    'Journal',
    'Équipe',
  ]);
  await nav.getByRole('link', { name: 'Journal' }).click();
  await expect(page.getByRole('form', { name: 'Filtrer le journal' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exporter en CSV' })).toBeVisible();
  await expect(page.getByTestId('supervisors-only')).toHaveCount(0);
  await screenshotSkins(page, 'supervisor-journal', CONSOLE_WIDTHS);
  await nav.getByRole('link', { name: 'Équipe' }).click();
  await expect(page.getByRole('button', { name: 'Créer le compte' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('Léa Martin');
  await screenshotSkins(page, 'supervisor-equipe', CONSOLE_WIDTHS);
  await page.getByRole('banner').getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByRole('definition').last()).toHaveText('Superviseur');
  await expectNoAxeViolations(page, 'Mon compte for a supervisor');
  await screenshotSkins(page, 'supervisor-compte', CONSOLE_WIDTHS);
});

test('a member created by a supervisor chooses their own password at the first sign-in', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  // The refusals the test provokes: the new password's (400), the temporary password's (401).
  consoleErrors.expect(failedRequest(/\/staff\/new-password/, 400));
  consoleErrors.expect(failedRequest(/\/interaction\/[^/]+\/staff/, 401));
  await signInStaff(page, 'supervisor', '/backoffice/equipe');
  await page.getByLabel('Adresse e-mail').fill(MEMBER.email);
  await page.getByLabel('Nom affiché').fill(MEMBER.name);
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText(`Compte créé pour ${MEMBER.name}`);
  await expect(status).toContainText('à remplacer à la première connexion');
  MEMBER.password = /:\s*(\S+)\s*$/.exec(await status.innerText())![1]!;
  await signOut(page);

  await firstSignIn(page, MEMBER, CHOSEN, async () => {
    await expect(page.getByText(/^Votre mot de passe actuel est provisoire/)).toBeVisible();
    await expectNoAxeViolations(page, 'the new password page');
    await screenshotSkins(page, 'new-password', CONSOLE_WIDTHS);
    const fresh = page.getByLabel('Nouveau mot de passe', { exact: true });
    const again = page.getByLabel('Confirmer le nouveau mot de passe');
    const save = page.getByRole('button', { name: 'Enregistrer et ouvrir la console' });
    await fresh.fill('court');
    await again.fill('court');
    await save.click();
    await expect(page.getByRole('alert')).toContainText('Ce mot de passe est trop faible');
    await expect(fresh).toHaveAttribute('aria-invalid', 'true');
    await fresh.fill(CHOSEN);
    await again.fill(`${CHOSEN}x`);
    await save.click();
    await expect(page.getByRole('alert').first()).toHaveText(
      'Les mots de passe ne sont pas identiques',
    );
    await expectNoAxeViolations(page, 'the new password page with its errors');
    await expectNoSidewaysScroll(page);
    await screenshotSkins(page, 'new-password-errors', CONSOLE_WIDTHS);
  });
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible();
  await signOut(page);
  // The temporary password opens nothing any more; the chosen one does.
  await givePassword(page, MEMBER);
  await expect(page.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  MEMBER.password = CHOSEN;
  await signInStaff(page, MEMBER, '/backoffice/', { fresh: true });
});

test('a staff member changes their password on « Mon compte »; their other session ends', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  // The wrong current password, refused by the server (the other refusals are the form's own).
  consoleErrors.expect(failedRequest(/\/backoffice\/api\/me\/password/, 400));
  const elsewhere = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
  });
  const other = await elsewhere.newPage();
  // Two sessions of their own, each through the pages.
  await signInStaff(other, MEMBER, '/backoffice/', { fresh: true });
  await signInStaff(page, MEMBER, '/backoffice/', { fresh: true });
  await page.getByRole('banner').getByRole('link', { name: 'Mon compte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  const current = page.getByLabel('Mot de passe actuel');
  const fresh = page.getByLabel('Nouveau mot de passe', { exact: true });
  const again = page.getByLabel('Confirmer le nouveau mot de passe');
  const send = page.getByRole('button', { name: 'Changer mon mot de passe' });
  const attempt = async (values: [string, string, string], field: typeof current, text: string) => {
    await current.fill(values[0]);
    await fresh.fill(values[1]);
    await again.fill(values[2]);
    await send.click();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(text));
  };
  await attempt([`${CHOSEN}x`, CHANGED, CHANGED], current, 'Le mot de passe saisi est incorrect.');
  await expect(page.getByRole('alert')).toContainText('Votre mot de passe n’a pas été changé');
  await expectNoAxeViolations(page, 'Mon compte with a refusal');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'compte-errors', CONSOLE_WIDTHS);
  await attempt([CHOSEN, 'court', 'court'], fresh, 'Ce mot de passe est trop faible');
  await attempt([CHOSEN, CHOSEN, CHOSEN], fresh, 'Le nouveau mot de passe doit être différent');
  await attempt(
    [CHOSEN, CHANGED, `${CHANGED}x`],
    again,
    'Les mots de passe ne sont pas identiques',
  );

  await current.fill(CHOSEN);
  await fresh.fill(CHANGED);
  await again.fill(CHANGED);
  await send.click();
  await expect(page.getByRole('status')).toContainText(
    'Votre mot de passe est changé. Vos autres sessions de la console sont fermées',
  );
  await expect(current).toHaveValue('');
  await screenshotSkins(page, 'compte-changed', CONSOLE_WIDTHS);
  // This session goes on; the other one is over: its next call signs in again.
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  expect((await other.request.get('/backoffice/api/me')).status()).toBe(401);
  await other.reload();
  await expect(other.getByLabel('Adresse e-mail professionnelle')).toBeVisible();
  await givePassword(other, MEMBER, CHOSEN);
  await expect(other.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await elsewhere.close();
});
