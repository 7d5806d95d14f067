// No staff member acts as another (docs/console.md « Comptes », « Journal »), in the browser:
// the supervisor resets the agent's second factor from « Équipe » after a confirmation that
// says a link goes to the agent's own address and that the supervisor sees neither link nor
// password; the password the supervisor knew no longer opens the console; the agent follows the
// link the portal mailed (a local SMTP server), chooses a password, enrols a new authenticator
// and reaches the console; the journal lists the reset under the supervisor and the enrolment
// under the agent, in French. The journal's alert when its chain is broken is shown by answering
// the integrity call in the test (the server's own detection is the API tests': with PGlite the
// database is inside the server's process, out of the test's reach). Axe on each screen; the
// dialog, the link's page and the alert in both skins at 375, 768 and 1280 px; no sideways scroll at
// 320 px.
import type { AuditIntegrity } from '@espace/contract';
import { enrolAndSignIn, givePassword, signInStaff, DEMO_STAFF } from '../support/console-staff';
import { DEMO_PASSWORD, expect, expectNoAxeViolations } from '../support/fixtures';
import { integrationTest as test } from '../support/own-portal';
import { expectNoSidewaysScroll, screenshotSkins, CONSOLE_WIDTHS } from '../support/screens';

test.use({ changesData: true });

const AGENT = DEMO_STAFF.agent;
const CHOSEN = 'Nouveau-Départ-2027!';

test('the supervisor resets the agent’s second factor; only the agent gets back in, by the mailed link', async ({
  page,
  browser,
  portal,
}) => {
  // Three sign-ins with their enrolments, a mail read, two browsers.
  test.setTimeout(150_000);
  const agentContext = await browser.newContext({ baseURL: portal.url });
  const agentPage = await agentContext.newPage();
  await enrolAndSignIn(agentPage, 'agent');
  await enrolAndSignIn(page, 'supervisor');

  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Équipe' })
    .click();
  await page
    .getByRole('button', { name: `Réinitialiser la double authentification de ${AGENT.name}` })
    .click();
  const dialog = page.getByRole('dialog', {
    name: `Réinitialiser la double authentification de ${AGENT.name}\u00a0?`,
  });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`lui sera envoyé à ${AGENT.email}`);
  await expect(dialog).toContainText('Vous ne verrez ni le lien ni le mot de passe.');
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expectNoAxeViolations(page, 'the confirmation to reset');
  await screenshotSkins(page, 'team-reset-confirm', CONSOLE_WIDTHS);
  await dialog.getByRole('button', { name: 'Réinitialiser et envoyer le lien' }).click();
  await expect(page.getByRole('status')).toContainText(
    `Accès de ${AGENT.name} réinitialisé et sessions fermées. Un lien pour choisir un nouveau mot de passe, puis activer la double authentification, a été envoyé à ${AGENT.email}.`,
  );
  await expectNoAxeViolations(page, 'the team after a reset');
  await screenshotSkins(page, 'team-reset-done', CONSOLE_WIDTHS);
  await expectNoSidewaysScroll(page);

  // The password the supervisor knew opens nothing, in a browser of the supervisor's.
  const tryAgent = await browser.newContext({ baseURL: portal.url });
  const tryPage = await tryAgent.newPage();
  await tryPage.goto('/backoffice/');
  await givePassword(tryPage, 'agent', DEMO_PASSWORD);
  await expect(tryPage.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect.');
  await tryAgent.close();

  // The agent's session ended: the console asks for the sign-in again.
  await agentPage.goto('/backoffice/');
  await expect(
    agentPage.getByRole('heading', { level: 1, name: /Console du courtier/ }),
  ).toBeVisible();

  // The link, from the agent's own mailbox.
  await expect.poll(() => portal.mails.filter((m) => m.to.includes(AGENT.email)).length).toBe(1);
  const text = portal.mails.find((m) => m.to.includes(AGENT.email))!.data;
  const link = /(http:\/\/localhost:\d+\/interaction\/staff-link\?token=[A-Za-z0-9_-]+)/.exec(
    text,
  )![1]!;
  await agentPage.goto(link);
  await expect(
    agentPage.getByRole('heading', { level: 1, name: 'Choisissez votre nouveau mot de passe' }),
  ).toBeVisible();
  await expectNoAxeViolations(agentPage, 'the link’s page');
  await screenshotSkins(agentPage, 'staff-link', CONSOLE_WIDTHS);
  await expectNoSidewaysScroll(agentPage);
  await agentPage.getByLabel('Nouveau mot de passe', { exact: true }).fill(CHOSEN);
  await agentPage.getByLabel('Confirmer le nouveau mot de passe').fill(CHOSEN);
  await agentPage.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click();
  await expect(
    agentPage.getByRole('heading', { level: 1, name: 'Mot de passe enregistré' }),
  ).toBeVisible();
  await expectNoAxeViolations(agentPage, 'the password saved');
  await agentPage.getByRole('link', { name: 'Se connecter à la console' }).click();
  // The password just chosen, then a new authenticator's enrolment, then the console.
  await signInStaff(agentPage, { ...AGENT, password: CHOSEN }, '/backoffice/', { fresh: true });
  await agentContext.close();

  // The journal: the reset under the supervisor, the enrolment under the agent.
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Journal' })
    .click();
  const rows = page.getByRole('table').getByRole('row');
  // Staff named, their e-mail on hover (the cell's title).
  await expect(
    rows
      .filter({ hasText: 'Réinitialisation de la double authentification d’un membre' })
      .getByTitle(DEMO_STAFF.supervisor.email),
  ).toHaveText(DEMO_STAFF.supervisor.name);
  await expect(
    rows
      .filter({ hasText: 'Activation de la double authentification' })
      .first()
      .getByTitle(AGENT.email),
  ).toHaveText(AGENT.name);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the journal says in French when its chain is broken', async ({ page }) => {
  await signInStaff(page, 'supervisor');
  const broken: AuditIntegrity = {
    intact: false,
    checkedAt: new Date().toISOString(),
    broken: { seq: '42', at: '2026-11-20T09:15:00.000Z', reason: 'altered' },
  };
  await page.route('**/backoffice/api/audit/integrity', (route) => route.fulfill({ json: broken }));
  await page.goto('/backoffice/journal');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Le journal a été modifié en dehors de la console');
  await expect(alert).toContainText(
    'Le contenu de l’entrée n°\u00a042 du 20.11.2026 à 10:15 a été changé directement dans la base de données',
  );
  await expectNoAxeViolations(page, 'the journal with a broken chain');
  await screenshotSkins(page, 'journal-broken', CONSOLE_WIDTHS);
  await expectNoSidewaysScroll(page);
});
