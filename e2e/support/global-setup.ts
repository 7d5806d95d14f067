// Once per run, before any worker: starts the portal with `npm start` on an empty data folder,
// which builds the SPA if its build is missing or stale (once, not per server), migrates, seeds
// the demo data, loads the content and generates the provider's keys; then stops it. That data
// folder is the template each test server copies (portal-server.ts), so no server seeds again.
// Before it stops, the demo customers sign in once (signed-in.ts): their sessions are in the
// template, their cookies in E2E_SIGNED_IN_DIR, and the tests open their pages signed in.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startPortal, REPO_ROOT } from './portal-server';
import { DEMO, signInOnce } from './signed-in';

export default async function globalSetup(config: FullConfig) {
  const template = await mkdtemp(path.join(tmpdir(), 'espace-e2e-template-'));
  const started = performance.now();
  const portal = await startPortal([process.execPath, path.join(REPO_ROOT, 'scripts/start.mjs')], {
    DATA_DIR: template,
  });
  const signedIn = `${template}-signed-in`;
  await mkdir(signedIn);
  try {
    await signInOnce(config, portal.url, Object.values(DEMO), signedIn);
  } finally {
    await portal.stop();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`Seeded data folder for the test servers ready in ${seconds} s.`);
  // Workers start after this and inherit the variable.
  process.env.E2E_TEMPLATE_DIR = template;
  process.env.E2E_SIGNED_IN_DIR = signedIn;
  return async () => {
    await rm(template, { recursive: true, force: true });
    await rm(signedIn, { recursive: true, force: true });
  };
}
