// The cookie banner shows on every first visit. Specs that are not about cookies
// answer it once with these helpers; cookies.spec.ts tests the banner itself.
import { expect, type Page } from '@playwright/test';

export const CONSENT_COOKIES = {
  performance: 'espace_consent_performance',
  required: 'espace_consent_required',
} as const;

export const cookieBanner = (page: Page) =>
  page.getByRole('region', { name: 'Vos choix en matière de cookies' });

async function answer(page: Page, button: 'Tout accepter' | 'Tout refuser') {
  const banner = cookieBanner(page);
  await banner.getByRole('button', { name: button }).click();
  await expect(banner).toBeHidden();
}

export const acceptCookies = (page: Page) => answer(page, 'Tout accepter');
export const refuseCookies = (page: Page) => answer(page, 'Tout refuser');

/** The analytics entries pushed so far (window.dataLayer), or [] when none was created. */
export const dataLayer = (page: Page) =>
  page.evaluate(() => (window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
