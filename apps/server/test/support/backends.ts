// The databases the API suite runs on: PGlite always, and the PostgreSQL server when it answered
// global-setup.ts (which says so once, or says that the PostgreSQL leg is skipped) and
// TEST_BACKENDS=pglite did not leave it out. A test on both: `describe.each(BACKENDS)` with
// `apiTest.override({ backend })` (api-test.ts).
import { inject } from 'vitest';
import type {} from './provided'; // the type of inject('testTemplates')

export type BackendName = 'pglite' | 'postgres';

export const BACKENDS: BackendName[] = inject('testTemplates').postgresTemplate
  ? ['pglite', 'postgres']
  : ['pglite'];
