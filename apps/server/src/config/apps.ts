// Where the built browser apps are, read with the other variables by config.ts: the customer
// portal (apps/web, plugins/spa.ts) and the staff console (apps/console,
// plugins/console-app.ts, docs/console.md « L’application »). Each defaults to its build
// folder in the repository; a missing build is said plainly by the plugin that serves it.
import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from './repo-root';

export const appsEnv = {
  WEB_DIST: z.string().min(1).optional(),
  CONSOLE_DIST: z.string().min(1).optional(),
};

export interface AppsConfig {
  /** The portal's build (WEB_DIST, else apps/web/dist). */
  webDist: string;
  /** The console's build (CONSOLE_DIST, else apps/console/dist). */
  consoleDist: string;
}

// dist/ sits as deep as src/ (scripts/build.mjs), so this holds compiled too.

export function appsConfig(e: z.output<z.ZodObject<typeof appsEnv>>): AppsConfig {
  return {
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    consoleDist: path.resolve(e.CONSOLE_DIST ?? path.join(repoRoot, 'apps/console/dist')),
  };
}
