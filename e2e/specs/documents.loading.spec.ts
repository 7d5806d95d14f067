// « Mes documents » on a slow phone (docs/product/documents.md « While it loads »): never a blank
// screen while its code and data come. Opened from an address (a mail's link), the page comes
// with the screen's skeleton drawn by the server, readable before any script (and without
// JavaScript at all); reached from the menu, the skeleton shows at once, through the screen's
// code and the query library, then each contract's list shows grey lines until it has come.
// The network is Chrome's « Slow 3G » (2 s of latency, 400 kbit/s), set through the DevTools
// protocol. Axe clean, no horizontal scroll at 320 px; screenshots of the skeleton (loading)
// and of the screen (loaded) at 375 and 1280 px in both skins.
import type { Browser, Page } from '@playwright/test';
import { refuseCookies } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';
import {
  expectNoSidewaysScroll,
  keepScreenshot,
  screenshotSkins,
  PORTAL_WIDTHS,
} from '../support/screens';

/** Chrome DevTools' « Slow 3G »: 2 s of latency, 400 kbit/s down and up. */
async function slowNetwork(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 2000,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
}

/** Camille's session and consent cookies, from a signed-in page of the server under test. */
async function camilleCookies(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, DEMO.camille);
  await refuseCookies(page);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

const skeleton = (page: Page) => page.getByTestId('screen-skeleton');
const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Mes documents' });

test.use({ viewport: { width: 375, height: 800 } });

test('opened from an address, the page comes with its skeleton, even without JavaScript', async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({
    baseURL: server.url,
    javaScriptEnabled: false,
    viewport: { width: 375, height: 800 },
  });
  await context.addCookies(await camilleCookies(browser, server.url));
  const page = await context.newPage();
  await page.goto('/documents/1?contrat=AU2026104512&document=permis');
  await expect(skeleton(page)).toBeVisible();
  await expect(skeleton(page)).toContainText('Mes documents');
  await expect(skeleton(page)).toContainText('Documents à fournir');
  await expect(skeleton(page).getByRole('status')).toHaveText('Chargement…');
  // The shell is there: the assistance number, the menu, the footer.
  await expect(page.getByRole('link', { name: /Appeler l’Assistance/ }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('Lumen Assurance');
  await keepScreenshot(page, 'documents-skeleton-server-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, 'documents-skeleton-server-1280');
  await expectNoSidewaysScroll(page);
  await context.close();
});

test('reached from the phone menu on a slow network, the skeleton shows at once, then the screen', async ({
  page,
}) => {
  await signIn(page, DEMO.camille);
  await refuseCookies(page);
  await slowNetwork(page);
  // The screen's code is held until the loading screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/documents-page-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('menuitem', { name: /^Mes documents/ }).click();
  // Within 300 ms of the tap, while the screen's code is still on its way.
  await expect(skeleton(page)).toBeVisible({ timeout: 300 });
  await expect(heading(page)).toHaveCount(0);
  await expectNoAxeViolations(page, 'documents, loading');
  await screenshotSkins(page, 'documents-loading', PORTAL_WIDTHS);
  await expectNoSidewaysScroll(page);

  release();
  await expect(heading(page)).toBeVisible({ timeout: 60_000 });
  await expect(skeleton(page)).toHaveCount(0);
  // Each contract's title at once, grey lines until its list has come (2 s at least).
  const group = page.getByRole('region', { name: 'Peugeot 208 (GH-482-KL)' });
  await expect(group.locator('.skeleton-lines')).toBeVisible();
  await expect(group.getByRole('button', { name: /^Mémo Véhicule Assuré/ })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.locator('.skeleton-lines')).toHaveCount(0, { timeout: 60_000 });
  await expectNoAxeViolations(page, 'documents, loaded');
  await screenshotSkins(page, 'documents-loaded', PORTAL_WIDTHS);
  await expectNoSidewaysScroll(page);
});

test('opened from an address on a slow network, the server’s skeleton, then the screen', async ({
  page,
}) => {
  await signIn(page, DEMO.camille);
  await refuseCookies(page);
  await slowNetwork(page);
  // The frame's own navigation: the fixture's page.goto waits for the portal's scripts.
  await page.mainFrame().goto(new URL('/documents', page.url()).href, { waitUntil: 'commit' });
  await expect(skeleton(page)).toBeVisible({ timeout: 15_000 });
  await keepScreenshot(page, 'documents-loading-address-375');
  await expect(heading(page)).toBeVisible({ timeout: 60_000 });
  await expect(skeleton(page)).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Téléchargement' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});
