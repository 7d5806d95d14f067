import type { Cookie, Page } from '@playwright/test';
import { CONSENT_COOKIES, cookieBanner, dataLayer } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';

const CONSENT_DAYS = 360;

async function consentCookies(page: Page) {
  const cookies = await page.context().cookies();
  const find = (name: string) => cookies.find((c) => c.name === name);
  return {
    performance: find(CONSENT_COOKIES.performance),
    required: find(CONSENT_COOKIES.required),
  };
}

/** docs/product/legal-and-cookies.md: the consent cookies last 360 days; SameSite=Lax (Secure only under https). */
function expectConsentCookie(cookie: Cookie | undefined, value: string) {
  expect(cookie?.value).toBe(value);
  expect(cookie?.sameSite).toBe('Lax');
  const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(CONSENT_DAYS - 1);
  expect(days).toBeLessThanOrEqual(CONSENT_DAYS);
}

async function goTo(page: Page, link: string) {
  await page.getByRole('navigation').getByRole('link', { name: link }).first().click();
}

test.describe('cookie consent', () => {
  test('the first visit shows the banner and tracks nothing until a choice', async ({ page }) => {
    await signIn(page, DEMO.lea);
    const banner = cookieBanner(page);
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('Les cookies nécessaires');
    await expect(banner).toContainText('mesure d’audience');
    await expect(banner).toContainText('12 mois au plus');
    // Equal prominence: the three choices share one style.
    const classes = await Promise.all(
      ['Tout accepter', 'Tout refuser', 'Personnaliser'].map((name) =>
        banner
          .getByRole(name === 'Personnaliser' ? 'link' : 'button', { name })
          .getAttribute('class'),
      ),
    );
    expect(new Set(classes).size).toBe(1);
    await expectNoAxeViolations(page, 'home with the cookie banner');

    await goTo(page, 'FAQ');
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    expect(await dataLayer(page)).toEqual([]);
    expect(await consentCookies(page)).toEqual({ performance: undefined, required: undefined });
  });

  test('« Tout accepter » saves both cookies and page views are pushed from then on', async ({
    page,
  }) => {
    await signIn(page, DEMO.lea);
    await cookieBanner(page).getByRole('button', { name: 'Tout accepter' }).click();
    await expect(cookieBanner(page)).toBeHidden();
    const cookies = await consentCookies(page);
    expectConsentCookie(cookies.performance, 'true');
    expectConsentCookie(cookies.required, 'true');
    await goTo(page, 'Contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    const pages = (await dataLayer(page)).filter((e) => e.event === 'page_view').map((e) => e.page);
    expect(pages).toEqual(['/', '/contact']);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    await expect(cookieBanner(page)).toBeHidden();
  });

  test('« Tout refuser » saves the refusal and nothing is pushed', async ({ page }) => {
    await signIn(page, DEMO.lea);
    await cookieBanner(page).getByRole('button', { name: 'Tout refuser' }).click();
    await expect(cookieBanner(page)).toBeHidden();
    const cookies = await consentCookies(page);
    expectConsentCookie(cookies.performance, 'false');
    expectConsentCookie(cookies.required, 'true');
    await goTo(page, 'FAQ');
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    expect(await dataLayer(page)).toEqual([]);
  });

  test('« Personnaliser » opens /cookies; « Continuer » saves and goes back', async ({ page }) => {
    await signIn(page, DEMO.lea, '/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    await cookieBanner(page).getByRole('link', { name: 'Personnaliser' }).click();
    await expect(page).toHaveURL('/cookies');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Gestion des cookies' }),
    ).toBeVisible();
    await expect(cookieBanner(page)).toBeHidden();
    const required = page.getByRole('checkbox', { name: 'Cookies nécessaires (toujours actifs)' });
    await expect(required).toBeChecked();
    await expect(required).toBeDisabled();
    const performance = page.getByRole('checkbox', {
      name: 'Cookies de performance (mesure d’audience)',
    });
    await expect(performance).not.toBeChecked();
    await expect(page.getByRole('link', { name: /règles du site/i }).first()).toHaveAttribute(
      'href',
      '/rules',
    );
    await expectNoAxeViolations(page, '/cookies');

    await performance.check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL('/faq');
    expectConsentCookie((await consentCookies(page)).performance, 'true');
    await expect(cookieBanner(page)).toBeHidden();

    // The checkbox reflects the saved cookie; unchecking withdraws the consent.
    await page
      .getByRole('navigation', { name: 'Informations légales' })
      .getByRole('link', { name: 'Gestion des cookies' })
      .click();
    await expect(performance).toBeChecked();
    await performance.uncheck();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expect(page).toHaveURL('/faq');
    expectConsentCookie((await consentCookies(page)).performance, 'false');
    const before = (await dataLayer(page)).length;
    await goTo(page, 'Contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible();
    expect((await dataLayer(page)).length).toBe(before);
  });
});
