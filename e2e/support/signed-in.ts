// The demo customers signed in once per run (global-setup.ts), on the seeded data folder every
// test server copies: their portal sessions are rows of that copy, their cookies are kept in a
// Playwright storage state per customer. `signIn` (fixtures.ts) then opens a page already signed
// in instead of typing the form again in every test (the form itself is tested by the specs
// that are about it: shell.spec.ts, sign-in-protection.spec.ts, session.spec.ts…). A session a
// test ended (sign-out, password change, deletion) is gone from its server's copy only; `signIn`
// finds the sign-in page instead and falls back to the form.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  chromium,
  expect,
  type BrowserContext,
  type FullConfig,
  type Page,
} from '@playwright/test';

export const DEMO_PASSWORD = 'Demo2026!';
export const DEMO = {
  camille: 'camille.martin@example.fr',
  jean: 'jean.dupont@example.fr',
  lea: 'lea.bernard@example.fr',
} as const;
export const SIGN_IN_HEADING = 'Connexion à votre Espace Assuré';

/** Types the e-mail and the password into the provider's sign-in form and sends it. */
export async function submitSignInForm(page: Page, email: string) {
  await expect(page.getByRole('heading', { name: SIGN_IN_HEADING })).toBeVisible();
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

const stateFile = (dir: string, email: string) => path.join(dir, `${email}.json`);

/** Signs each customer in on the running seeded server and keeps their cookies in `dir`. */
export async function signInOnce(config: FullConfig, url: string, emails: string[], dir: string) {
  const browser = await chromium.launch(config.projects[0]?.use.launchOptions);
  try {
    for (const email of emails) {
      const context = await browser.newContext({ baseURL: url });
      const page = await context.newPage();
      await page.goto('/');
      await submitSignInForm(page, email);
      await page.waitForURL((address) => !address.pathname.startsWith('/oidc'));
      await expect(page.getByRole('heading', { name: SIGN_IN_HEADING })).toHaveCount(0);
      await context.storageState({ path: stateFile(dir, email) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** Cookies as a browser context gives them back and takes them. */
export type Cookies = Parameters<BrowserContext['addCookies']>[0];

/** The cookies kept for `email` by global-setup.ts, or undefined when there are none. */
export async function keptCookies(email: string): Promise<Cookies | undefined> {
  const dir = process.env.E2E_SIGNED_IN_DIR;
  if (!dir) return undefined;
  const text = await readFile(stateFile(dir, email), 'utf8').catch(() => undefined);
  return text ? (JSON.parse(text) as { cookies: Cookies }).cookies : undefined;
}
