// Shared steps of the 'Mon compte' browser tests (account.spec.ts, changes-account-address.spec.ts).
import type { Page } from '@playwright/test';
import { CONSENT_COOKIES } from '../support/cookies';
import { expect, signIn } from '../support/fixtures';

/** Signs in with analytics consent given, so the docs/product/account.md events are pushed. */
export async function signInWithConsent(page: Page, who: string) {
  await page.context().addCookies(
    Object.values(CONSENT_COOKIES).map((name) => ({
      name,
      value: 'true',
      domain: 'localhost',
      path: '/',
    })),
  );
  await signIn(page, who);
  await expect(page.getByTestId('policy-card').first()).toBeVisible();
}

/** Signs in and opens 'Mon compte' from the header. */
export async function openAccount(page: Page, who: string) {
  await signInWithConsent(page, who);
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Mon compte' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon Compte' })).toBeVisible();
}

export const personalCard = (page: Page) => page.getByTestId('personal-address');
export const garageCard = (page: Page, street: string) =>
  page.getByTestId('garage-address').filter({ hasText: street });
/** A field of the address form (the search box is a combobox, not a text box). */
export const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
export const searchBox = (page: Page) =>
  page.getByRole('combobox', { name: 'Recherche par code postal ou commune' });

/** The analytics entries pushed so far (docs/product/account.md), as a tag manager would read them. */
export function dataLayer(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(() => (window as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []);
}

/**
 * Types in the place search with the keyboard and picks the first suggestion named `option`.
 * The first search of a test server reads and indexes the list of communes (about 1.5 CPU-s on
 * the 2-core machine, more beside the rest of the gate), hence the longer wait for the list. A
 * later answer (of the whole text, after one of its beginning) starts again with no active
 * suggestion: ArrowDown is pressed until the option is the active one, the list wrapping around.
 */
export async function pickPlace(page: Page, typed: string, option: string) {
  const box = searchBox(page);
  await box.focus();
  await page.keyboard.type(typed);
  const listbox = page.getByRole('listbox', { name: 'Adresses proposées' });
  const wanted = listbox.getByRole('option', { name: option });
  await expect(wanted).toBeVisible({ timeout: 30_000 });
  await expect(async () => {
    const id = await wanted.getAttribute('id', { timeout: 1_000 });
    if ((await box.getAttribute('aria-activedescendant')) !== id)
      await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(id);
  }).toPass({ intervals: [50], timeout: 15_000 });
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue(option);
  await expect(box).toHaveAttribute('aria-expanded', 'false');
}
