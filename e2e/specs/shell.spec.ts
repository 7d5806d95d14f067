import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';
import { expectNoSidewaysScroll, screenshotSkins } from '../support/screens';

test.describe('portal shell', () => {
  test('sign-in is required: a deep link comes back to its page after signing in', async ({
    page,
  }) => {
    await signIn(page, DEMO.lea, '/coverages');
    // /coverages without a selected policy goes home.
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('unknown paths go to /not-found', async ({ page }) => {
    await signIn(page, DEMO.lea);
    await expect(page.getByTestId('policy-card')).toHaveCount(1);
    await page.goto('/nimporte/quoi');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expectNoAxeViolations(page, 'not found');
  });

  test('the footer links and the copyright line from 2020', async ({ page }) => {
    await signIn(page, DEMO.lea);
    const footer = page.getByRole('contentinfo');
    for (const name of [
      'Règles du site',
      'Conditions générales d’utilisation',
      'Protection des données personnelles',
      'Gestion des cookies',
    ]) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
    await expect(footer).toContainText(`© 2020–${new Date().getFullYear()}`);
  });

  test('at 375 px a menu button opens the same links plus logout', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signIn(page, DEMO.camille);
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect(page.getByRole('menuitem')).toHaveText([
      'Mes polices d’assurance',
      'Mes documents (documents à transmettre)',
      'Mon compte',
      'Mes demandes',
      'Messagerie',
      'Déclarer un sinistre',
      'FAQ',
      'Contact',
      'Déconnexion',
    ]);
    await expectNoAxeViolations(page, 'mobile menu');
    await screenshotSkins(page, 'shell-phone-menu', [375]);
    await page.getByRole('menuitem', { name: 'Mes polices d’assurance' }).click();
    await expect(page.getByRole('menu')).toBeHidden();
    // « Mes demandes » is one tap away, not behind « Mon compte ».
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Mes demandes' }).click();
    await expect(page).toHaveURL(/\/account\/requests$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Mes demandes' })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  test('the second brand skin is chosen with ?brand=vireo and kept in localStorage only', async ({
    page,
  }) => {
    await signIn(page, DEMO.lea);
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'lumen');
    await expect(page.getByRole('contentinfo')).toContainText('Lumen Assurance');
    await page.goto('/?brand=vireo');
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'vireo');
    await expect(page.getByRole('contentinfo')).toContainText('Vireo Assurance');
    await expectNoAxeViolations(page, 'vireo brand');
    const storage = await page.evaluate(() => ({ ...localStorage }));
    expect(storage).toEqual({ 'espace-assure.brand': 'vireo' });
    await page.goto('/?brand=lumen');
    await expect(page.locator('html')).toHaveAttribute('data-brand', 'lumen');
  });

  test('logout is one click: the session ends and a public page offers to sign in again', async ({
    page,
    request,
  }) => {
    await signIn(page, DEMO.lea);
    await expect(page.getByTestId('policy-card').first()).toBeVisible();
    const session = (await page.context().cookies()).find((c) => c.name === 'espace-session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // The policies read of this account (the page names it), to try the old cookie again.
    const accountId = await page.locator('meta[name="portal-account"]').getAttribute('content');
    const policiesUrl = `/api/v1/policy/accounts/${accountId}`;
    expect(
      (
        await request.get(policiesUrl, { headers: { cookie: `espace-session=${session!.value}` } })
      ).status(),
    ).toBe(200);
    // The server ends the session (a same-origin POST) before the public page shows.
    const signOut = page.waitForResponse(
      (response) =>
        response.url().endsWith('/auth/sign-out') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: /Menu utilisateur/ }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    expect((await signOut).status()).toBe(204);
    // The old cookie opens nothing any more.
    const old = await request.get(policiesUrl, {
      headers: { cookie: `espace-session=${session!.value}` },
    });
    expect(old.status()).toBe(401);
    await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
    await expect(page.getByText('Voulez-vous vous déconnecter')).toHaveCount(0);
    await expectNoAxeViolations(page, 'logged out');
    await page.getByRole('button', { name: 'Se reconnecter' }).click();
    await expect(
      page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
    ).toBeVisible();
  });

  test('no tokens or personal data in browser storage', async ({ page }) => {
    await signIn(page, DEMO.camille);
    await expect(page.getByTestId('policy-card').first()).toBeVisible();
    const stored = await page.evaluate(() =>
      JSON.stringify({ ...localStorage, ...sessionStorage, cookie: document.cookie }),
    );
    expect(stored).not.toMatch(/eyJ|Camille|FR76|access_token|refresh_token|espace-session/);
  });
});
