// What every spec that draws a screen checks and keeps (docs/development.md « Browser tests »):
// screenshots in both brand skins at the widths a screen is looked at (375 and 1280 px for the
// portal, 768 and 1280 px besides for the staff console), and no sideways scroll at 320 px (WCAG
// 1.4.10). The screenshots are taken when SCREENS_DIR names where to put them, to look at them
// (`SCREENS_DIR=/tmp/screens npm run test:e2e -- specs/x.spec.ts`): the gate skips them, as no
// one looks at its pictures, and keeps the sideways-scroll check. The page is left at the
// viewport and skin it had.
import { mkdirSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';

const BRANDS = ['lumen', 'vireo'] as const;

/** The page at each of `widths` in both skins, as `name-skin-width.png`. */
export async function screenshotSkins(page: Page, name: string, widths: readonly number[]) {
  const folder = process.env.SCREENS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const viewport = page.viewportSize();
  const skin = await page.evaluate(() => document.documentElement.dataset.brand);
  for (const brand of BRANDS) {
    await page.evaluate((b) => (document.documentElement.dataset.brand = b), brand);
    for (const width of widths) {
      await page.setViewportSize({ width, height: viewport?.height ?? 900 });
      await page.screenshot({ path: `${folder}/${name}-${brand}-${width}.png`, fullPage: true });
    }
  }
  await page.evaluate((b) => {
    if (b) document.documentElement.dataset.brand = b;
    else delete document.documentElement.dataset.brand;
  }, skin);
  if (viewport) await page.setViewportSize(viewport);
}

/** One screenshot `name.png`, kept in SCREENS_DIR when it is set (for screens drawn another way). */
export async function keepScreenshot(page: Page, name: string) {
  const folder = process.env.SCREENS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** Nothing scrolls sideways at `width` (320 px by default), in the skin the page has. */
export async function expectNoSidewaysScroll(page: Page, width = 320) {
  const viewport = page.viewportSize();
  await page.setViewportSize({ width, height: viewport?.height ?? 800 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `sideways scroll at ${width} px`).toBe(0);
  if (viewport) await page.setViewportSize(viewport);
}

/** The widths a portal screen is looked at. */
export const PORTAL_WIDTHS = [375, 1280] as const;
/** The widths a console screen is looked at: a phone, a tablet (its smallest usual) and a desk. */
export const CONSOLE_WIDTHS = [375, 768, 1280] as const;
