// Shared by the claim specs (docs/product/claims.md): keyboard-only typing, choosing and
// continuing; at each step the heading, the header's assistance `tel:` link, axe, reflow at
// 320 px in both skins (no sideways scroll, no button cut: WCAG 1.4.10) and screenshots at 375
// and 1280 px in both skins, written to the test's output folder.
import { ASSISTANCE_CALL } from '@espace/contract';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations } from '../support/fixtures';
import { keepScreenshot } from '../support/screens';

export const POLICY = 'AU2026104512'; // camille, 'Actif'
const BRANDS = ['lumen', 'vireo'] as const;
const PHONE = { width: 375, height: 800 };

export async function type(page: Page, field: Locator, text: string) {
  await field.focus();
  await page.keyboard.type(text);
}
export async function choose(option: Locator) {
  await option.focus();
  await option.press('Space');
}
export async function next(page: Page, name = 'Continuer') {
  await page.getByRole('button', { name, exact: true }).press('Enter');
}

/** The step's heading, the header's assistance link, axe, reflow, screenshots. */
export async function atStep(page: Page, title: string, urls: string[], prefix = '') {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const assistance = page
    .getByRole('banner')
    .getByRole('link', { name: ASSISTANCE_CALL.label, exact: true });
  await expect(assistance).toHaveAttribute('href', 'tel:+33199002424');
  await expectNoAxeViolations(page, title);
  urls.push(page.url());
  await expectReflow(page, title);
  await screenshots(page, `${prefix}${urls.length}`);
}

/** At 320 px in both skins: nothing wider than the window, no button's label cut. */
export async function expectReflow(page: Page, name: string) {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const brand of BRANDS) {
    await page.evaluate((b) => (document.documentElement.dataset.brand = b), brand);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(width, `${name} (${brand}) is ${width}px wide at 320px`).toBeLessThanOrEqual(320);
    const clipped = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('button, a.button'))
        .filter((b) => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
        .map((b) => b.textContent),
    );
    expect.soft(clipped, `${name} (${brand}): buttons cut at 320px`).toEqual([]);
  }
  await page.evaluate(() => (document.documentElement.dataset.brand = 'lumen'));
  await page.setViewportSize(PHONE);
}

/** Every skin and width of the screen as it is (brand.js sets `data-brand` the same way). */
export async function screenshots(page: Page, name: string) {
  for (const brand of BRANDS) {
    await page.evaluate((b) => (document.documentElement.dataset.brand = b), brand);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await keepScreenshot(page, `${name}-${brand}-${width}`);
    }
  }
  await page.evaluate(() => (document.documentElement.dataset.brand = 'lumen'));
  await page.setViewportSize(PHONE);
}
