// « Ce n’était pas moi » (docs/decisions/0140-a-mail-and-an-undo-for-each-change-of-a-way-in.md),
// on a compiled server of its own that mails: Camille turns her second factor on and asks for new
// recovery codes in 'Mon compte' › « Sécurité »; each change is mailed with one link. Opened on a
// phone, the link's page lists both changes and says what confirming does; confirmed with the
// keyboard, it secures her account, her session here is over, and « Choisir un nouveau mot de
// passe » leads to the page that sets it. The link then works no more. Each page is checked with
// axe and at 320 px, and kept in both skins.
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
} from '../support/fixtures';
import { mailingTest as test, signInThroughForm } from '../support/own-portal';
import { expectNoSidewaysScroll, PORTAL_WIDTHS, screenshotSkins } from '../support/screens';
import { proveIdentity } from '../support/step-up';
import { Authenticator } from '../support/totp';

test.use({ changesData: true });

const NOT_ME_LINK = /https?:\/\/[^\s"<>]+\/interaction\/not-me\?token=[\w-]+/;

test('a change she did not make is undone from the link of its mail', async ({
  page,
  portal,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.expect(failedRequest(/\/second-factor\/enrolment/, 403));
  await signInThroughForm(page, '/account/security');
  await page.getByRole('button', { name: 'Activer la double authentification' }).click();
  await proveIdentity(page, DEMO_PASSWORD);
  const secret = (await page.locator('code[data-totp-secret]').getAttribute('data-totp-secret'))!;
  await page.getByLabel('Code à 6 chiffres').fill(await new Authenticator(secret).freshCode());
  await page.getByRole('button', { name: 'Activer', exact: true }).click();
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).click();
  await page.getByRole('button', { name: 'Créer de nouveaux codes de secours' }).click();
  await expect(page.getByTestId('banner')).toContainText(
    'Vos nouveaux codes de secours sont prêts',
  );
  await expect(
    page.getByRole('list', { name: 'Vos codes de secours' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).click();

  const links = () =>
    portal.mails
      .filter((m) => m.to.includes(DEMO.camille))
      .flatMap((m) => NOT_ME_LINK.exec(m.data)?.[0] ?? []);
  await expect.poll(() => links().length, { timeout: 15_000 }).toBe(2);

  // On her phone, from the mail of the new codes.
  const phone = await browser.newContext({
    baseURL: portal.url,
    viewport: { width: 320, height: 740 },
  });
  const mailbox = await phone.newPage();
  await mailbox.goto(links()[1]!);
  await expect(
    mailbox.getByRole('heading', { level: 1, name: 'Ce n’était pas moi' }),
  ).toBeVisible();
  await expect(mailbox.getByText(/^Double authentification activée, le /)).toBeVisible();
  await expect(mailbox.getByText(/^Nouveaux codes de secours, le /)).toBeVisible();
  await expectNoAxeViolations(mailbox, 'not-me, confirmation');
  await expectNoSidewaysScroll(mailbox);
  await screenshotSkins(mailbox, 'not-me-confirm', PORTAL_WIDTHS);
  const secure = mailbox.getByRole('button', { name: 'Sécuriser mon compte' });
  for (let i = 0; i < 10 && !(await secure.evaluate((b) => b === document.activeElement)); i++)
    await mailbox.keyboard.press('Tab');
  await expect(secure).toBeFocused();
  await mailbox.keyboard.press('Enter');
  await expect(
    mailbox.getByRole('heading', { level: 1, name: 'Votre compte est sécurisé' }),
  ).toBeVisible();
  await expect(mailbox.getByRole('status')).toContainText('Toutes les sessions sont fermées');
  await expectNoAxeViolations(mailbox, 'not-me, secured');
  await expectNoSidewaysScroll(mailbox);
  await screenshotSkins(mailbox, 'not-me-secured', PORTAL_WIDTHS);
  const choose = mailbox.getByRole('link', { name: 'Choisir un nouveau mot de passe' });
  await choose.focus();
  await mailbox.keyboard.press('Enter');
  await expect(
    mailbox.getByRole('heading', { name: 'Choisir un nouveau mot de passe' }),
  ).toBeVisible();

  // Her session on the computer is over; the link works no more.
  await page.reload();
  await expect(
    page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
  ).toBeVisible();
  await mailbox.goto(links()[0]!);
  await expect(
    mailbox.getByRole('heading', { level: 1, name: 'Ce lien ne fonctionne plus' }),
  ).toBeVisible();
  await expect(mailbox.getByRole('alert')).toContainText('rien n’a été modifié');
  await expectNoAxeViolations(mailbox, 'not-me, spent link');
  await expectNoSidewaysScroll(mailbox);
  await phone.close();
});
