// The console's team page (docs/console.md « Comptes ») end to end: a supervisor creates a
// member's account on the page, resets its second factor (after a confirmation; this server
// sends no mail, so the link goes to its log: console-reset.spec.ts follows a mailed one),
// then disables it, by keyboard, after a confirmation that Échap cancels; each outcome is
// announced in a status banner and the
// disabled member stays listed as such. No sideways scroll at 320 px. The page axe-clean,
// dialog open and closed; screenshots in both skins (support/screens.ts).
import { enrolAndSignIn } from '../support/console-staff';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { expectNoSidewaysScroll, screenshotSkins, CONSOLE_WIDTHS } from '../support/screens';

test.use({ changesData: true });

const MEMBER = { name: 'Noé Nouveau', email: 'noe.nouveau@courtage-horizon.test' };

test('a supervisor resets a new member’s second factor, then disables the account', async ({
  page,
}) => {
  await enrolAndSignIn(page, 'supervisor');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Équipe' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Équipe' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Paul Girard/ })).toContainText('Votre compte');

  await page.getByLabel('Adresse e-mail').fill(MEMBER.email);
  await page.getByLabel('Nom affiché').fill(MEMBER.name);
  await page.getByRole('button', { name: 'Créer le compte' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText(`Compte créé pour ${MEMBER.name}`);
  const row = page.getByRole('row', { name: new RegExp(MEMBER.name) });
  await expect(row.getByRole('rowheader')).toContainText(MEMBER.email);
  await expect(row.getByRole('cell')).toContainText(['Conseiller', 'À activer']);

  await page
    .getByRole('button', { name: `Réinitialiser la double authentification de ${MEMBER.name}` })
    .click();
  await page
    .getByRole('dialog', {
      name: `Réinitialiser la double authentification de ${MEMBER.name}\u00a0?`,
    })
    .getByRole('button', { name: 'Réinitialiser et envoyer le lien' })
    .click();
  await expect(status).toContainText(
    `Accès de ${MEMBER.name} réinitialisé et sessions fermées. Le serveur n’envoie pas d’e-mails (démonstration)\u00a0: le lien est écrit dans son journal.`,
  );
  // The table scrolls in its own region at 320 px: the page never scrolls sideways (WCAG
  // 1.4.10), not even through the buttons' hidden texts (absolute, held by the region).
  await expectNoSidewaysScroll(page);

  // By keyboard: the confirmation opens on Entrée, Échap cancels it and nothing changes.
  const disable = page.getByRole('button', { name: `Désactiver ${MEMBER.name}`, exact: true });
  await disable.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', {
    name: `Désactiver le compte de ${MEMBER.name}\u00a0?`,
  });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeFocused();
  await expectNoAxeViolations(page, 'the confirmation to disable');
  await screenshotSkins(page, 'team-confirm', CONSOLE_WIDTHS);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Actif');

  await disable.focus();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Désactiver le compte' }).click();
  await expect(status).toContainText(
    `Le compte de ${MEMBER.name} est désactivé\u00a0: ses sessions sont fermées.`,
  );
  await expect(row).toContainText('Désactivé');
  await expect(disable).toHaveCount(0);
  const listed = await page.request.get('/backoffice/api/staff?include=disabled');
  expect(await listed.json()).toContainEqual(
    expect.objectContaining({ email: MEMBER.email, enabled: false, enrolled: false }),
  );
  await expectNoAxeViolations(page, 'the team');
  await screenshotSkins(page, 'team', CONSOLE_WIDTHS);
});
