// What global-setup.ts hands to the test workers (Vitest's provide/inject): where the run's
// template databases are (template.ts). Imported by every module that injects it, so that the
// typing holds in any program that compiles them (bench/ too).
import type { BackendName } from './backends';

export interface TestTemplates {
  /** The template's PGlite data folder, dumped (uncompressed tar). */
  pgliteDump: string;
  /** The documents each template's demo seed stored; each test file copies its backend's. */
  documentsDirs: Record<BackendName, string>;
  /** The template database on the PostgreSQL server; null when the server does not answer. */
  postgresTemplate: string | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplates: TestTemplates;
    /** The run's directory where the process tests' seeded data folder is made (seeded-folder.ts). */
    seededFolderRun: string;
  }
}
