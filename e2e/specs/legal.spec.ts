import { refuseCookies } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';
import { expectNoSidewaysScroll, screenshotSkins, PORTAL_WIDTHS } from '../support/screens';

const PAGES = [
  { link: 'Règles du site', path: '/rules', title: 'Règles du site', sections: 7 },
  {
    link: 'Protection des données personnelles',
    path: '/personalInformation',
    title: 'Politique de protection des données personnelles',
    sections: 8,
    articles: true,
  },
  {
    link: 'Conditions générales d’utilisation',
    path: '/generalConditions',
    title: 'Conditions générales d’utilisation',
    sections: 6,
    articles: true,
  },
  {
    link: 'Accessibilité : partiellement conforme',
    path: '/accessibility',
    title: 'Déclaration d’accessibilité',
    sections: 5,
  },
];

test('the footer opens each legal page with its sections', async ({ page }) => {
  await signIn(page, DEMO.lea);
  await refuseCookies(page);
  for (const legal of PAGES) {
    await page
      .getByRole('navigation', { name: 'Informations légales' })
      .getByRole('link', { name: legal.link })
      .click();
    await expect(page).toHaveURL(legal.path);
    await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
    const sections = page.locator('article').getByRole('heading', { level: 2 });
    await expect(sections).toHaveCount(legal.sections);
    if (legal.articles) {
      for (let i = 0; i < legal.sections; i++)
        await expect(sections.nth(i)).toHaveText(new RegExp(`^Article ${i + 1} – `));
    }
    await expectNoAxeViolations(page, legal.path);
  }
  await expect(page.getByText('partiellement conforme', { exact: false }).first()).toBeVisible();
  await expect(page.locator('article')).toContainText('WCAG 2.1');
});

test('the rules list the sections of docs/product/legal-and-cookies.md in order, and an internal link stays in the app', async ({
  page,
}) => {
  await signIn(page, DEMO.lea, '/rules');
  await refuseCookies(page);
  await expect(page.locator('article').getByRole('heading', { level: 2 })).toHaveText([
    'Mentions légales',
    'Propriété intellectuelle',
    'Cookies',
    'Éditeur du site',
    'Autorité de contrôle',
    'Réclamations',
    'Immatriculation de l’intermédiaire',
  ]);
  // A link inside the Markdown goes through the router: the app is not reloaded.
  await page.evaluate(() => ((window as { marker?: number }).marker = 1));
  await page
    .locator('article')
    .getByRole('link', { name: 'conditions générales d’utilisation' })
    .click();
  await expect(page).toHaveURL('/generalConditions');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' }),
  ).toBeVisible();
  expect(await page.evaluate(() => (window as { marker?: number }).marker)).toBe(1);
});

test('the terms of use and the privacy policy say what the portal does, read on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, DEMO.lea, '/generalConditions');
  await refuseCookies(page);
  const article = page.locator('article');
  await expect(article.getByRole('link', { name: 'Déclarer un sinistre' })).toBeVisible();
  await expect(article.getByRole('link', { name: 'Messagerie' })).toBeVisible();
  await expect(article.getByRole('link', { name: 'Faire une réclamation' })).toBeVisible();
  await expect(article).not.toContainText('ne permet pas de déclarer un sinistre');
  await expectNoAxeViolations(page, 'terms of use on a phone');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'legal-terms', PORTAL_WIDTHS);

  await article.getByRole('link', { name: 'Mes données' }).first().click();
  await expect(page).toHaveURL('/account/data');
  await page.goto('/personalInformation');
  await expect(article).toContainText('«\u00a0Utiliser ma position\u00a0»');
  await expect(article).toContainText('clés d’accès');
  await expect(article).toContainText('«\u00a0Messagerie\u00a0»');
  await expectNoAxeViolations(page, 'privacy policy on a phone');
  await expectNoSidewaysScroll(page);
  await screenshotSkins(page, 'legal-privacy', PORTAL_WIDTHS);
});
