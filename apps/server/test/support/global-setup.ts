// Once per run, before the server tests: builds the compiled server when it is older than its
// sources (the process tests run it: built-server.ts), builds the template database that every
// API test file copies (template.ts), hands its location to the test workers, and says which
// databases the suite runs on.
import type { TestProject } from 'vitest/node';
import { ensureServerBuilt } from '../../../../scripts/builds.mjs';
import { POSTGRES_ADMIN_URL } from './postgres';
import { buildTemplates } from './template';

export default async function setup(project: TestProject) {
  ensureServerBuilt();
  const started = performance.now();
  const { templates, remove } = await buildTemplates();
  project.provide('testTemplates', templates);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (templates.postgresTemplate) {
    console.info(
      `API tests run on PGlite and on PostgreSQL (${POSTGRES_ADMIN_URL}); template databases built in ${seconds} s.`,
    );
  } else {
    console.info(
      `API tests run on PGlite only: PostgreSQL does not answer on ${new URL(POSTGRES_ADMIN_URL).host}, so its leg is skipped. Template database built in ${seconds} s.`,
    );
  }
  return remove;
}
