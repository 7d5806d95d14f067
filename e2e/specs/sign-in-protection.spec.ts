// The owner under attack keeps a way in, and logout cannot be forced by another site
// (docs/decisions/0014-sign-in-throttle.md, 0050-logout-asks-unless-hinted.md,
// 0052-forgotten-password-per-account.md): past 5 wrong passwords a new browser is refused with
// the reset link by e-mail offered in the alert; while strangers at other addresses flood her
// reset, the owner's own request still mails her the link, and the password she sets with it
// signs in at once from another new browser; the SPA's logout stays one click, while
// /oidc/session/end opened directly asks first.
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';
import { comingFrom } from '../support/mailing-portal';
import { mailingTest as mailing } from '../support/own-portal';

// Its own server: the locked account must not lock the other specs' sign-ins.
test.use({ changesData: true, viewport: { width: 375, height: 740 } });

test('a locked account offers the reset link by e-mail, on a phone', async ({
  page,
  consoleErrors,
}) => {
  consoleErrors.expect(failedRequest(/\/interaction\/[^/]+\/login/, 401));
  consoleErrors.expect(failedRequest(/\/interaction\/[^/]+\/login/, 429));
  await page.goto('/');
  const email = page.getByLabel('Adresse e-mail');
  const password = page.getByLabel('Mot de passe');
  const submit = page.getByRole('button', { name: 'Se connecter', exact: true });
  const alert = page.getByRole('alert');
  for (let i = 0; i < 5; i++) {
    await email.fill(DEMO.jean);
    await password.fill(`Faux-${i}-2026!`);
    await submit.click();
    await expect(alert).toContainText('Adresse e-mail ou mot de passe incorrect.');
    await expect(submit).toBeEnabled();
  }
  await password.fill(DEMO_PASSWORD);
  await submit.click();
  await expect(alert).toContainText(
    'Pour vous connecter dès maintenant, recevez un lien par e-mail',
  );
  const link = alert.getByRole('link', { name: 'Recevoir un lien par e-mail' });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, 'sign-in refused, reset link offered');
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/interaction\/password\/forgot/);
  await expect(page.getByLabel('Adresse e-mail')).toBeVisible();
});

test('logout is one click from the SPA, and asks when opened from elsewhere', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.lea);
  await page.getByRole('button', { name: /Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
  await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
  await expect(page.getByText('Voulez-vous vous déconnecter')).toHaveCount(0);

  // Signed in again, a link from another site to the end-session endpoint does not sign out.
  await signIn(page, DEMO.lea);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
  ).toBeVisible();
  await page.goto('/oidc/session/end');
  await expect(page.getByRole('heading', { name: 'Se déconnecter\u00a0?' })).toBeVisible();
  await expectNoAxeViolations(page, 'logout confirmation');
  await page.getByRole('button', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
});

// The specs below: a portal of their own that mails (`mailing`), and browsers at addresses of
// their own.
mailing.describe('the owner at home, her account attacked from elsewhere', () => {
  mailing.use({ extraHTTPHeaders: comingFrom('198.51.100.50') });

  mailing(
    'gets her link through a flood of reset requests and signs in at once from a new browser',
    async ({ page, portal, browser, playwright, consoleErrors }) => {
      consoleErrors.expect(failedRequest(/\/interaction\/[^/]+\/login/, 429));
      // The attacker's browser: 6 wrong passwords, the last one refused.
      const attacker = await browser.newContext({
        baseURL: portal.url,
        extraHTTPHeaders: comingFrom('203.0.113.70'),
      });
      const guesser = await attacker.newPage();
      await guesser.goto('/');
      for (let i = 0; i < 6; i++) {
        await guesser.getByLabel('Adresse e-mail').fill(DEMO.jean);
        await guesser.getByLabel('Mot de passe').fill(`Faux-${i}-2026!`);
        await guesser.getByRole('button', { name: 'Se connecter', exact: true }).click();
        await expect(guesser.getByRole('alert')).toContainText(
          i < 5 ? 'Adresse e-mail ou mot de passe incorrect.' : 'recevez un lien par e-mail',
        );
        await expect(
          guesser.getByRole('button', { name: 'Se connecter', exact: true }),
        ).toBeEnabled();
      }
      await attacker.close();
      // Strangers at three other addresses ask for her link again and again.
      for (const address of ['203.0.113.71', '203.0.113.72', '203.0.113.73']) {
        const stranger = await playwright.request.newContext({
          baseURL: portal.url,
          extraHTTPHeaders: comingFrom(address),
        });
        for (let i = 0; i < 4; i++) {
          const answer = await stranger.post('/interaction/password/forgot', {
            form: { email: DEMO.jean },
          });
          expect(answer.status()).toBe(200);
        }
        await stranger.dispose();
      }
      const toJean = () => portal.mails.filter((m) => m.to.includes(DEMO.jean));
      await expect.poll(() => toJean().length, { timeout: 10_000 }).toBe(9);

      // The owner, in a new browser at home: refused, she follows the offered link and asks.
      await page.goto('/');
      await page.getByLabel('Adresse e-mail').fill(DEMO.jean);
      await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await page
        .getByRole('alert')
        .getByRole('link', { name: 'Recevoir un lien par e-mail' })
        .click();
      await page.getByLabel('Adresse e-mail').fill(DEMO.jean);
      await page.getByRole('button', { name: 'Recevoir le lien' }).click();
      await expect(page.getByRole('heading', { name: 'Vérifiez votre messagerie' })).toBeVisible();
      // Her mail arrives all the same; its link sets her new password.
      await expect.poll(() => toJean().length, { timeout: 10_000 }).toBe(10);
      const link = /https?:\/\/[^\s"<>]+\/interaction\/password\/reset\?token=[\w-]+/.exec(
        toJean().at(-1)!.data,
      )?.[0];
      expect(link, 'a link in her mail').toBeTruthy();
      await page.goto(link!);
      const chosen = 'Retour-Chez-Moi-2026';
      await page.getByLabel('Nouveau mot de passe', { exact: true }).fill(chosen);
      await page.getByLabel('Confirmer le nouveau mot de passe').fill(chosen);
      await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
      await expect(page.getByRole('heading', { name: 'Mot de passe modifié' })).toBeVisible();

      // Another new browser, elsewhere: the new password signs in at once.
      const phone = await browser.newContext({
        baseURL: portal.url,
        extraHTTPHeaders: comingFrom('198.51.100.51'),
        viewport: { width: 375, height: 740 },
      });
      const other = await phone.newPage();
      await other.goto('/');
      await other.getByLabel('Adresse e-mail').fill(DEMO.jean);
      await other.getByLabel('Mot de passe').fill(chosen);
      await other.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await expect(
        other.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
      ).toBeVisible();
      await phone.close();
    },
  );
});
