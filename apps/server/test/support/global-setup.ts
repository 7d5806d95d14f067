// Once per run, before the server tests: builds the compiled server and the portal when they are
// older than their sources (the process tests run the server: built-server.ts; every app serves
// the portal and draws its first screen: plugins/first-screen.ts), builds the template database that every
// API test file copies (template.ts), hands its location to the test workers, and says which
// databases the suite runs on, and hands out the run's directory for the process tests' seeded
// data folder (seeded-folder.ts). TEST_BACKENDS=pglite leaves PostgreSQL out even when it answers
// (the fast loop, `npm run test:fast`): no template there, so BACKENDS is PGlite alone.
import type { TestProject } from 'vitest/node';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, ensureWebBuilt, ROOT } from '../../../../scripts/builds.mjs';
import { POSTGRES_ADMIN_URL } from './postgres';
import { buildTemplates } from './template';

/** TEST_BACKENDS: unset (PGlite, and PostgreSQL when it answers) or `pglite`. */
function pgliteOnly(): boolean {
  const value = process.env.TEST_BACKENDS?.trim();
  if (!value) return false;
  if (value === 'pglite') return true;
  throw new Error(
    `TEST_BACKENDS=${value}: unset (PGlite, and PostgreSQL when it answers) or pglite`,
  );
}

export default async function setup(project: TestProject) {
  ensureServerBuilt();
  // The portal's build: the in-process apps serve it and draw its first screen with its renderer.
  ensureWebBuilt(path.join(ROOT, 'apps/web/dist'));
  const started = performance.now();
  const pgliteAlone = pgliteOnly();
  const { templates, remove } = await buildTemplates({ postgres: !pgliteAlone });
  project.provide('testTemplates', templates);
  // Where the process tests' seeded data folder is made when one first asks (seeded-folder.ts).
  const seededFolderRun = await mkdtemp(path.join(tmpdir(), 'espace-seeded-folder-'));
  project.provide('seededFolderRun', seededFolderRun);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (templates.postgresTemplate) {
    console.info(
      `API tests run on PGlite and on PostgreSQL (${POSTGRES_ADMIN_URL}); template databases built in ${seconds} s.`,
    );
  } else if (pgliteAlone) {
    console.info(
      `API tests run on PGlite only: TEST_BACKENDS=pglite leaves PostgreSQL out. Template database built in ${seconds} s.`,
    );
  } else {
    console.info(
      `API tests run on PGlite only: PostgreSQL does not answer on ${new URL(POSTGRES_ADMIN_URL).host}, so its leg is skipped. Template database built in ${seconds} s.`,
    );
  }
  return async () => {
    await remove();
    await rm(seededFolderRun, { recursive: true, force: true });
  };
}
