// The first screen drawn by the server (docs/decisions/0105-react-and-the-first-screen-drawn-by-the-server.md):
// the policies page arrives as HTML, readable, with working links and change menus before any
// script (and without JavaScript at all: docs/decisions/0114); the browser then takes that HTML over without drawing it again
// (a hydration that differs logs an error, which fails every browser test: fixtures.ts), in the
// skin the browser keeps, applied before the first card is on screen.
import type { Browser, Page } from '@playwright/test';
import { cookieBanner } from '../support/cookies';
import {
  DEMO,
  expect,
  expectNoAxeViolations,
  portalReady,
  signIn,
  test,
} from '../support/fixtures';
import { expectNoSidewaysScroll, keepScreenshot } from '../support/screens';

/** Camille's session cookies, from a signed-in page of the server under test. */
async function camilleCookies(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  await signIn(await context.newPage(), DEMO.camille);
  const cookies = await context.cookies();
  await context.close();
  return cookies;
}

/**
 * A slow phone's network: the portal's scripts are held until `release()` is called, while the
 * page the server drew is parsed and shown (its module scripts never block that).
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    // A request of a page left meanwhile is gone: nothing to let through.
    await route.continue().catch(() => undefined);
  });
  return release;
}

/** The buttons of the page that work without the script (a popover's) or are disabled. */
const scriptButtons = (page: Page) =>
  page.locator('button:not([popovertarget])').evaluateAll((buttons) =>
    buttons.map((b) => ({
      name: b.textContent?.trim(),
      disabled: (b as HTMLButtonElement).disabled,
    })),
  );

test.describe('the first screen drawn by the server', () => {
  test('without JavaScript, camille’s policies page shows her cards and its links work', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    await context.addCookies(await camilleCookies(browser, server.url));
    const page = await context.newPage();
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
    ).toBeVisible();
    const cards = page.getByTestId('policy-card');
    await expect(cards).toHaveCount(5);
    const first = cards.filter({ hasText: 'AU2026104512' });
    await expect(first.getByRole('heading', { name: 'Peugeot 208' })).toBeVisible();
    await expect(first).toContainText('742,36 €');
    await expect(page.getByRole('banner')).toContainText('Camille Martin');
    await expect(page.getByRole('region', { name: 'Documents à transmettre' })).toBeVisible();
    await keepScreenshot(page, 'first-screen-without-javascript');
    // A card's link and the navigation's lead where they say, without a script.
    await first.getByRole('link', { name: /Couverture d’assurance/ }).click();
    await expect(page).toHaveURL(/\/coverages\?contrat=AU2026104512$/);
    await page.goBack();
    // The change menu opens (the browser's popover) and its entries name the contract.
    const change = first.getByRole('button', { name: /Faire un changement/ });
    await change.click();
    await expect(first.getByRole('menuitem', { name: 'Ajouter un conducteur' })).toBeVisible();
    await keepScreenshot(page, 'first-screen-menu-without-javascript');
    await page.keyboard.press('Escape');
    await expect(first.getByRole('menuitem', { name: 'Ajouter un conducteur' })).toBeHidden();
    await expect(change).toBeFocused();
    await change.click();
    await first.getByRole('menuitem', { name: 'Ajouter un conducteur' }).click();
    await expect(page).toHaveURL(/\/addDriver\?contrat=AU2026104512$/);
    await page.goBack();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Mes documents' })
      .click();
    await expect(page).toHaveURL(/\/documents$/);
    // The skeleton's tabs lead to their tab; the policies' pages to theirs.
    await page
      .getByRole('navigation', { name: 'Mes documents' })
      .getByRole('link', { name: 'Documents à fournir' })
      .click();
    await expect(page).toHaveURL(/\/documents\/1$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'suivant', exact: true }).click();
    await expect(page).toHaveURL(/\/\?page=2$/);
    await expect(page.getByText('Page\u00a02 sur\u00a02')).toBeVisible();
    await expect(cards).toHaveCount(2);
    await context.close();
  });

  test('on a slow phone, a tap before the script is never lost: « suivant » opens page 2, the script’s buttons wait, visibly', async ({
    browser,
    server,
  }) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 375, height: 800 },
      hasTouch: true,
    });
    // No consent yet: the cookie banner's buttons are drawn too.
    await context.addCookies(await camilleCookies(browser, server.url));
    const page = await context.newPage();
    const release = await holdScripts(page);
    // The frame's own navigation: the fixture's page.goto waits for the portal's scripts.
    await page.mainFrame().goto(new URL('/', server.url).href, { waitUntil: 'commit' });
    const cards = page.getByTestId('policy-card');
    await expect(cards).toHaveCount(5);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(
      false,
    );
    // Every button the script would answer is disabled; the menus are the browser's popovers.
    const drawn = await scriptButtons(page);
    expect(drawn.map((b) => b.name)).toEqual(
      expect.arrayContaining([
        'Tout accepter',
        'Tout refuser',
        'Déconnexion',
        'Coordonnées bancaires',
      ]),
    );
    expect(drawn.filter((b) => !b.disabled)).toEqual([]);
    await expect(cookieBanner(page).getByRole('button', { name: 'Tout refuser' })).toBeDisabled();
    await keepScreenshot(page, 'first-screen-before-script-375');
    // The phone menu opens (the browser's popover): its links lead, « Déconnexion » waits.
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await expect(page.getByRole('menuitem', { name: 'Mes demandes' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Déconnexion' }).last()).toBeDisabled();
    await keepScreenshot(page, 'first-screen-menu-before-script-375');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await expect(page.getByRole('menuitem', { name: 'Mes demandes' })).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 900 });
    await keepScreenshot(page, 'first-screen-before-script-1280');
    await page.setViewportSize({ width: 375, height: 800 });

    // « suivant », tapped before the script, opens the second page (drawn by the server too).
    await page.getByRole('link', { name: 'suivant', exact: true }).tap();
    await expect(page).toHaveURL(/\/\?page=2$/);
    await expect(page.getByText('Page\u00a02 sur\u00a02')).toBeVisible();
    await expect(cards).toHaveCount(2);
    await expect(cards.filter({ hasText: 'AU2019004215' })).toContainText('Résilié');
    expect((await scriptButtons(page)).filter((b) => !b.disabled)).toEqual([]);
    await expectNoSidewaysScroll(page);

    // The script comes: the same page, its buttons live.
    release();
    await portalReady(page);
    await expect(cookieBanner(page).getByRole('button', { name: 'Tout refuser' })).toBeEnabled();
    // But for « suivant », which leads nowhere from the last page.
    expect((await scriptButtons(page)).filter((b) => b.disabled).map((b) => b.name)).toEqual([
      'suivant',
    ]);
    await keepScreenshot(page, 'first-screen-taken-over-375');
    await cookieBanner(page).getByRole('button', { name: 'Tout refuser' }).click();
    await expect(cookieBanner(page)).toBeHidden();
    await page.getByRole('link', { name: 'précédent', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(cards).toHaveCount(5);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' }),
    ).toBeFocused();
    await context.close();
  });

  for (const brand of ['lumen', 'vireo'] as const) {
    for (const width of [375, 1280]) {
      test(`the browser takes the screen over as drawn, in the ${brand} skin at ${width} px`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.addInitScript((skin) => {
          window.localStorage.setItem('espace-assure.brand', skin);
          // What happens to the drawn cards: the skin on when the first is parsed, and any card
          // taken out of the page (a hydration that draws again would replace them).
          const seen = { skinAtFirstCard: '', cardsRemoved: 0 };
          Object.assign(window, { firstScreen: seen });
          new MutationObserver((mutations) => {
            for (const mutation of mutations) {
              for (const node of Array.from(mutation.addedNodes))
                if (
                  !seen.skinAtFirstCard &&
                  node instanceof Element &&
                  node.closest('[data-testid="policy-card"]')
                )
                  seen.skinAtFirstCard = document.documentElement.dataset.brand ?? 'none';
              for (const node of Array.from(mutation.removedNodes))
                if (node instanceof Element && node.querySelector('[data-testid="policy-card"]'))
                  seen.cardsRemoved += 1;
            }
          }).observe(document, { childList: true, subtree: true });
        }, brand);
        await signIn(page, DEMO.camille);
        await portalReady(page);
        const seen = await page.evaluate(
          () =>
            (
              window as unknown as {
                firstScreen: { skinAtFirstCard: string; cardsRemoved: number };
              }
            ).firstScreen,
        );
        expect(seen).toEqual({ skinAtFirstCard: brand, cardsRemoved: 0 });
        // Interactive: the change menu of the first card opens.
        const first = page.getByTestId('policy-card').filter({ hasText: 'AU2026104512' });
        await first.getByRole('button', { name: /Faire un changement/ }).click();
        await expect(first.getByRole('menuitem').first()).toBeVisible();
        await page.keyboard.press('Escape');
        await keepScreenshot(page, `first-screen-${brand}-${width}`);
        if (width === 375 && brand === 'lumen') await expectNoAxeViolations(page, 'first screen');
      });
    }
  }

  test('a screen drawn before midnight in Paris is taken over after it as drawn, then counts the new day', async ({
    page,
  }) => {
    // The browser's clock a day ahead of the server's: the days left to send camille's documents
    // differ between the drawn page and the browser. The take-over draws with the server's day
    // (else React finds a text that differs and draws the screen again, an error here), then
    // the banner counts from the browser's day.
    await page.clock.install({ time: Date.now() + 24 * 3600 * 1000 });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () =>
        Object.assign(window, {
          drawnDelay: document.querySelector('#documents-banner-title + p')?.textContent,
        }),
      );
    });
    await signIn(page, DEMO.camille);
    await portalReady(page);
    const drawn = await page.evaluate(
      () => (window as unknown as { drawnDelay: string }).drawnDelay,
    );
    const daysLeft = (text: string) => Number(/(\d+)\s+jours?/.exec(text)?.[1] ?? 0);
    expect(daysLeft(drawn)).toBeGreaterThan(1);
    const banner = page.getByRole('region', { name: 'Documents à transmettre' });
    await expect
      .poll(async () => daysLeft((await banner.locator('p').first().textContent()) ?? ''))
      .toBe(daysLeft(drawn) - 1);
  });
});
