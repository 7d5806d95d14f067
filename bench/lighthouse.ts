// `npm run bench -- lighthouse`: Lighthouse's performance score (mobile preset: simulated slow 4G
// and 4× CPU) of the sign-in page and of the policies page, on the compiled server as production
// runs it (compiled-server.ts: PGlite, demo data, NODE_ENV=production; `npm run build` first) in Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH). The policies
// page is measured as a returning customer opens it: the provider's session is open, so `/` goes
// through the sign-in redirect and lands on the portal. Printed, not asserted; the goal
// (0.95) is for a quiet machine, and this one is shared.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../apps/server/test/support/free-port';
import { startCompiledServer } from './compiled-server';

const AUDITS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

async function score(url: string, debuggingPort: number): Promise<string> {
  const result = await lighthouse(url, {
    port: debuggingPort,
    onlyCategories: ['performance'],
    // Keep the provider's session cookie: the policies page is reached signed in.
    disableStorageReset: true,
    logLevel: 'error',
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, finalDisplayedUrl } = result.lhr;
  const figures = AUDITS.map((id) => `${id.replace(/-/g, ' ')} ${audits[id]?.displayValue ?? '?'}`);
  return `${categories.performance?.score ?? '?'} (${new URL(finalDisplayedUrl).pathname}; ${figures.join(', ')})`;
}

export async function reportLighthouse(): Promise<void> {
  const server = await startCompiledServer(path.resolve(import.meta.dirname, '..'));
  const debuggingPort = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'espace-bench-lighthouse-'));
  // A persistent context is the browser's default one, which Lighthouse's tabs share: the
  // sign-in done here opens the provider's session they then use.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [`--remote-debugging-port=${debuggingPort}`],
  });
  try {
    const url = `${server.url}/`;
    const signInPage = await score(url, debuggingPort);
    const page = await context.newPage();
    await page.goto(url);
    await page.getByLabel('Adresse e-mail').fill('camille.martin@example.fr');
    await page.getByLabel('Mot de passe').fill('Demo2026!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByTestId('policy-card').first().waitFor({ timeout: 60_000 });
    await page.close();
    const policiesPage = await score(url, debuggingPort);
    console.info('Lighthouse performance (mobile: simulated slow 4G, 4× CPU):');
    console.info(`  sign-in page: ${signInPage}`);
    console.info(`  policies page: ${policiesPage}`);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}
