// Shared steps of the browser tests: signing in through the real login form, and axe-core
// on every page visited (any WCAG 2.1 A/AA violation fails the test).
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo2026!';
export const DEMO = {
  camille: 'camille.martin@example.fr',
  jean: 'jean.dupont@example.fr',
  lea: 'lea.bernard@example.fr',
} as const;

export async function expectNoAxeViolations(page: Page, context = page.url()) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${context}`).toEqual([]);
}

export async function signIn(page: Page, email: string, path = '/') {
  await page.goto(path);
  await expect(
    page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' }),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'login page');
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

interface Fixtures {
  /** Console errors and failed page scripts, checked after each test. */
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    await use(errors);
  },
});

export { expect };
