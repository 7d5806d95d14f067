// Reflow (WCAG 1.4.10): at 320 px every route of apps/web/src/lib/paths.ts and the provider's
// customer pages, in both brand skins, with every disclosure open (details, « Coordonnées
// bancaires », the IBAN shown), is read without scrolling sideways, and axe finds nothing.
import type { Page } from '@playwright/test';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';

const WIDTH = 320;
const POLICY = 'AU2026104512';

/** The signed-in routes, with the policy the change and coverage screens act on. */
const SIGNED_IN = [
  '/',
  '/policies',
  '/coverages',
  '/documents',
  '/documents/0',
  '/documents/1',
  '/account',
  '/account/address',
  '/account/password',
  '/account/communication',
  '/account/accountDelete',
  '/account/requests',
  '/faq',
  '/contact',
  '/changePaymentDetails',
  '/addDriver',
  '/removeDriver',
  '/changeVehicle',
  `/contractTermination/${POLICY}`,
  '/rules',
  '/generalConditions',
  '/personalInformation',
  '/cookies',
  '/accessibility',
  '/not-found',
];
/**
 * The public pages, seen signed out: the portal's, and the provider's sign-in (what `/` answers
 * without a session), forgotten-password and « Première connexion » pages.
 */
const PUBLIC = [
  '/loggedOut',
  '/accountDeleted',
  '/',
  '/interaction/password/forgot',
  '/interaction/password/first-access',
];

/** Opens every disclosure of the page: details, expandable buttons (not menus), IBAN toggles. */
async function openDisclosures(page: Page) {
  await page.evaluate(() => {
    document.querySelectorAll('details').forEach((details) => (details.open = true));
  });
  const closed = page.locator('main button[aria-expanded="false"]:not([aria-haspopup])');
  for (let i = await closed.count(); i > 0; i--) {
    const button = closed.first();
    if (!(await button.isVisible())) break;
    await button.click();
  }
  const reveal = page.getByRole('button', { name: 'Afficher l’IBAN' });
  for (let i = await reveal.count(); i > 0; i--) await reveal.first().click();
  // The calendar of the first date field (one is open at a time).
  const calendar = page.locator('main button[aria-haspopup="dialog"][aria-expanded="false"]');
  if (await calendar.count()) {
    await calendar.first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
  }
}

async function expectReflow(page: Page, path: string, brand: string) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText('Chargement…')).toHaveCount(0);
  await openDisclosures(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect
    .soft(width, `${path} (${brand}) is ${width}px wide at ${WIDTH}px`)
    .toBeLessThanOrEqual(WIDTH);
  // No button's label is cut (the cookie banner's « Personnaliser »).
  const clipped = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('button, a.button'))
      .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
      .map((b) => b.textContent),
  );
  expect.soft(clipped, `${path} (${brand}): buttons cut at ${WIDTH}px`).toEqual([]);
  await expectNoAxeViolations(page, `${path} (${brand}) at ${WIDTH}px`);
}

for (const brand of ['lumen', 'vireo']) {
  test.describe(`reflow at ${WIDTH} px, ${brand}`, () => {
    test.use({ viewport: { width: WIDTH, height: 640 } });

    test(`every signed-in route, every disclosure open (${brand})`, async ({ page }) => {
      test.setTimeout(240_000);
      await signIn(page, DEMO.camille, `/?brand=${brand}`);
      await expect(page.getByTestId('policy-card').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-brand', brand);
      for (const path of SIGNED_IN) {
        await page.evaluate(
          (policy) => sessionStorage.setItem('selectedPolicyNumber', policy),
          POLICY,
        );
        await page.goto(path);
        await expect(
          page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
        ).toHaveCount(0);
        await expectReflow(page, path, brand);
      }
    });

    test(`the public pages (${brand})`, async ({ page }) => {
      for (const path of PUBLIC) {
        await page.goto(`${path}?brand=${brand}`);
        await expectReflow(page, path, brand);
      }
    });
  });
}

test('every input type has the form style: « Téléphone » and « E-mail » look like « Nom »', async ({
  page,
}) => {
  await signIn(page, DEMO.camille, `/contractTermination/${POLICY}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const style = (name: string) =>
    page.getByLabel(name, { exact: true }).evaluate((input) => {
      const css = getComputedStyle(input);
      return [css.fontFamily, css.fontSize, css.padding, css.borderTop, css.borderRadius];
    });
  const text = await style('Nom');
  expect(await page.getByLabel('Téléphone', { exact: true }).getAttribute('type')).toBe('tel');
  expect(await style('Téléphone')).toEqual(text);
  expect(await style('E-mail')).toEqual(text);
});
