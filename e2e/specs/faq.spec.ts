import { FAQ_SEARCH_ANALYTICS_DELAY_MS } from '@espace/contract';
import type { Locator, Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { acceptCookies, dataLayer, refuseCookies } from '../support/cookies';
import { DEMO, expect, expectNoAxeViolations, signIn, test } from '../support/fixtures';

/** The FAQ page's search debounce (features/faq/routes/faq-page.tsx). */
const SEARCH_DEBOUNCE_MS = 300;

/** The questions of content/faq (one `## ` heading each), counted apart from the server. */
const faqDir = path.resolve(import.meta.dirname, '../../content/faq');
const FAQ_TOTAL = readdirSync(faqDir)
  .filter((file) => file.endsWith('.md'))
  .flatMap((file) => readFileSync(path.join(faqDir, file), 'utf8').split('\n'))
  .filter((line) => line.startsWith('## ')).length;

const questions = (page: Page) => page.locator('.faq__list').getByRole('button');

test.describe('FAQ', () => {
  test('shows 10 questions at a time, opens an answer, pages with « Afficher plus »', async ({
    page,
  }) => {
    await signIn(page, DEMO.lea, '/faq');
    await refuseCookies(page);
    await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
    await expect(page.getByText('Comment pouvons-nous vous aider ?')).toBeVisible();
    await expect(questions(page)).toHaveCount(10);

    const first = page.getByRole('button', {
      name: 'Quels documents dois-je transmettre après la souscription de mon contrat\u00a0?',
    });
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    const answer = page.getByRole('region', {
      name: 'Quels documents dois-je transmettre après la souscription de mon contrat\u00a0?',
    });
    await expect(answer.getByRole('link', { name: 'Documents à fournir' })).toBeVisible();
    await expectNoAxeViolations(page, 'FAQ with an open answer');

    await page.getByRole('button', { name: 'Afficher plus' }).click();
    await expect(questions(page)).toHaveCount(20);
    expect(FAQ_TOTAL).toBeGreaterThan(40);
    for (let shown = 20; shown < FAQ_TOTAL; shown += 10)
      await page.getByRole('button', { name: 'Afficher plus' }).click();
    await expect(questions(page)).toHaveCount(FAQ_TOTAL);
    await expect(page.getByRole('button', { name: 'Afficher plus' })).toBeHidden();
  });

  test('searches in French without accents, filters by tab, and says « pas de résultat »', async ({
    page,
  }) => {
    await signIn(page, DEMO.lea, '/faq');
    await refuseCookies(page);
    const search = page.getByRole('searchbox', { name: 'Rechercher dans la FAQ' });
    await search.fill('resilier');
    await expect(questions(page).first()).toContainText(/résili/i);
    // Ranked and filtered: termination questions first, fewer than the whole FAQ.
    const count = page.getByRole('status').filter({ hasText: 'question(s) trouvée(s)' });
    await expect(count).not.toHaveText(`${FAQ_TOTAL} question(s) trouvée(s)`);
    expect(parseInt((await count.textContent()) ?? '0', 10)).toBeGreaterThan(0);
    await expect(questions(page).nth(1)).toContainText(/résili/i);

    await search.fill('');
    await page.getByRole('tab', { name: 'Paiement et cotisations' }).click();
    await expect(page.getByRole('tab', { name: 'Paiement et cotisations' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(questions(page)).toHaveCount(5);
    await expect(page.getByRole('tabpanel')).toContainText(
      'Pourquoi mon IBAN est-il refusé\u00a0?',
    );
    // Arrow keys move to and select the next tab (WAI-ARIA tabs pattern).
    await page.getByRole('tab', { name: 'Paiement et cotisations' }).press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Résiliation' })).toBeFocused();
    await expect(questions(page)).toHaveCount(6);
    await expectNoAxeViolations(page, 'FAQ tab Résiliation');

    await search.fill('hélicoptère sous-marin');
    await expect(page.getByText('pas de résultat')).toBeVisible();
    await expect(questions(page)).toHaveCount(0);
    await expectNoAxeViolations(page, 'FAQ without result');
  });

  // The page's clock (page.clock) stands still once the FAQ is shown: only runFor moves it, so
  // the 3 s debounce of docs/product/contact-and-faq.md is checked to the millisecond without waiting for it.
  async function openFaqWithStoppedClock(page: Page, consent: 'accept' | 'refuse') {
    await page.clock.install();
    await signIn(page, DEMO.lea, '/faq');
    await (consent === 'accept' ? acceptCookies(page) : refuseCookies(page));
    await expect(questions(page)).toHaveCount(10);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));
    return page.getByRole('searchbox', { name: 'Rechercher dans la FAQ' });
  }

  /** Types a search and lets the 300 ms search debounce pass until its results are shown. */
  async function search(page: Page, searchbox: Locator, text: string) {
    await searchbox.fill(text);
    await page.clock.runFor(SEARCH_DEBOUNCE_MS);
    // The results come over the network, then TanStack Query hands them to the page on
    // zero-delay timers, which a stopped clock runs only when asked (runFor(0) moves no time).
    await expect(async () => {
      await page.clock.runFor(0);
      await expect(questions(page).first()).toContainText(new RegExp(text, 'i'), {
        timeout: 250,
      });
    }).toPass();
  }

  const searchEvents = async (page: Page) =>
    (await dataLayer(page)).filter((e) => e.event === 'faq_search');

  test('pushes the search event 3 s after typing stops, only with consent', async ({ page }) => {
    const searchbox = await openFaqWithStoppedClock(page, 'accept');
    await searchbox.fill('bon');
    await page.clock.runFor(2_000);
    // Typing again starts the 3 s over: 'bon' is never pushed.
    await search(page, searchbox, 'bonus');
    await page.clock.runFor(FAQ_SEARCH_ANALYTICS_DELAY_MS - SEARCH_DEBOUNCE_MS - 1);
    expect(await searchEvents(page)).toEqual([]);
    await page.clock.runFor(1);
    await expect
      .poll(() => searchEvents(page))
      .toEqual([{ event: 'faq_search', search_term: 'bonus' }]);
  });

  test('pushes nothing when analytics cookies are refused', async ({ page }) => {
    const searchbox = await openFaqWithStoppedClock(page, 'refuse');
    await search(page, searchbox, 'bonus');
    await page.clock.runFor(FAQ_SEARCH_ANALYTICS_DELAY_MS);
    expect(await dataLayer(page)).toEqual([]);
  });
});
