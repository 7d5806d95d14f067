// The owner under attack keeps a way in, and logout cannot be forced by another site
// (docs/decisions/0014-sign-in-throttle.md, 0050-logout-asks-unless-hinted.md): past 5 wrong
// passwords a new browser is refused with the reset link by e-mail offered in the alert; the
// SPA's logout stays one click, while /oidc/session/end opened directly asks first.
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';

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
  const submit = page.getByRole('button', { name: 'Se connecter' });
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
