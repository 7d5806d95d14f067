// The 24/7 assistance number (docs/product/claims.md) where someone who has just had an accident
// lands. Signed out: the sign-in page (which is also what /faq, /contact and /rules answer
// without a session), « Mot de passe oublié », « Première connexion » and the page after a
// sign-out. Signed in: the header's first line, in view without scrolling on a phone (375 px,
// cookie banner shown or not; 320 px in both skins, nothing wider than the window). Always a
// `tel:` link in international format whose name says what it does; axe on every page.
import { PHONE_NUMBERS } from '@espace/contract';
import type { Locator, Page } from '@playwright/test';
import { cookieBanner, refuseCookies } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';

const NAME = `Appeler l’Assistance 24h/24\u00a0: ${PHONE_NUMBERS.assistance}`;
const HREF = 'tel:+33199002424';
const PHONE = { width: 375, height: 667 };

const assistance = (scope: Page | Locator) => scope.getByRole('link', { name: NAME, exact: true });

/** The link, whole within the first screen of the page: reached without scrolling. */
async function expectInFirstScreen(page: Page, link: Locator, context: string) {
  await expect(link, context).toHaveAttribute('href', HREF);
  await expect(link, context).toBeVisible();
  expect(await page.evaluate(() => window.scrollY), `${context}: not scrolled`).toBe(0);
  const box = (await link.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x, context).toBeGreaterThanOrEqual(0);
  expect(box.y, context).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${context}: within ${width} px`).toBeLessThanOrEqual(width);
  expect(box.y + box.height, `${context}: above ${height} px`).toBeLessThanOrEqual(height);
}

const signInPage = (page: Page) =>
  page.getByRole('heading', { level: 1, name: 'Connexion à votre Espace Assuré' });

test.describe('signed out, on a phone', () => {
  test.use({ viewport: PHONE });

  for (const path of ['/', '/faq', '/contact', '/rules']) {
    test(`${path} answers the sign-in page, the number in view`, async ({ page }) => {
      await page.goto(path);
      await expect(signInPage(page)).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
      await expectInFirstScreen(page, assistance(page), `${path} signed out`);
      await expectNoAxeViolations(page, `${path} signed out`);
    });
  }

  test('« Mot de passe oublié » and « Première connexion » carry it too', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Mot de passe oublié\u00a0?' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' }),
    ).toBeVisible();
    await expectInFirstScreen(page, assistance(page), 'forgotten password');
    await expectNoAxeViolations(page, 'forgotten password');
    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await expect(signInPage(page)).toBeVisible();
    await page.getByRole('link', { name: 'Première connexion' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Première connexion' })).toBeVisible();
    await expectInFirstScreen(page, assistance(page), 'first access');
    await expectNoAxeViolations(page, 'first access');
  });

  test('the page after a sign-out carries it', async ({ page }) => {
    await signIn(page, DEMO.lea);
    await expect(page.getByTestId('policy-card').first()).toBeVisible();
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page.getByRole('heading', { name: 'Vous êtes déconnecté(e)' })).toBeVisible();
    await expectInFirstScreen(page, assistance(page), 'signed out');
    await expectNoAxeViolations(page, 'signed out');
  });
});

test.describe('signed in', () => {
  const policies = (page: Page) =>
    page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' });

  test('on a phone, in the header and in view without scrolling on the policies page', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, DEMO.camille);
    await expect(policies(page)).toBeVisible();
    const link = assistance(page.getByRole('banner'));
    // The first visit: the cookie banner comes first in the page, and the number still shows.
    await expect(cookieBanner(page)).toBeVisible();
    await expectInFirstScreen(page, link, 'policies, 375 px, cookie banner shown');
    await expectNoAxeViolations(page, 'policies at 375 px with the cookie banner');
    await refuseCookies(page);
    for (const brand of ['lumen', 'vireo']) {
      for (const width of [375, 320]) {
        await page.setViewportSize({ width, height: 640 });
        await page.goto(`/?brand=${brand}`);
        await expect(policies(page)).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-brand', brand);
        const context = `policies, ${brand}, ${width} px`;
        await expectInFirstScreen(page, link, context);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${context}: no sideways scroll`).toBeLessThanOrEqual(width);
      }
      await expectNoAxeViolations(page, `policies at 320 px (${brand})`);
    }
  });

  test('on a wide screen, the header says what the number is for', async ({ page }) => {
    await signIn(page, DEMO.lea);
    await expect(policies(page)).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByText('Un accident, une panne\u00a0?')).toBeVisible();
    await expectInFirstScreen(page, assistance(banner), 'policies, 1280 px');
  });
});
