// The databases the API suite runs on: PGlite always, and the PostgreSQL server when it answered
// global-setup.ts (which says so once, or says that the PostgreSQL leg is skipped).
import { inject } from 'vitest';
import type {} from './provided'; // the type of inject('testTemplates')

export type BackendName = 'pglite' | 'postgres';

export const BACKENDS: BackendName[] = inject('testTemplates').postgresTemplate
  ? ['pglite', 'postgres']
  : ['pglite'];
