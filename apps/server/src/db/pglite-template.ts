// A new embedded database starts as a copy of a freshly initialised one (the template) instead of
// running PostgreSQL's initdb in WebAssembly, which took about 4 s of a first start.
// The template is made once per PGlite version: by `npm run build` in apps/server/dist, or at the
// first start that needs it (development, tests) in apps/server/node_modules/.cache. It holds an
// empty cluster only: no table, key or account (migrations, keys and the seed come after).
//
// Crash-safe: the copy is made beside the data folder and renamed into place, so a kill leaves
// either no database or a whole one, never a half-copied folder that PGlite would try to resume.
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { ownerOnly } from './owner-only';

const isCluster = (folder: string) => existsSync(path.join(folder, 'PG_VERSION'));
const partialName = (folder: string) =>
  `${path.basename(folder)}.partial-${process.pid}-${threadId}`;

/** Leftovers of copies a kill interrupted, beside `folder`. */
async function removePartials(folder: string): Promise<void> {
  const parent = path.dirname(folder);
  const prefix = `${path.basename(folder)}.partial-`;
  const names = await readdir(parent).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix))
      .map((name) => rm(path.join(parent, name), { recursive: true, force: true })),
  );
}

/** Makes the template folder unless it exists (several processes may race: one rename wins). */
export async function createTemplate(template: string): Promise<void> {
  if (isCluster(template)) return;
  const partial = path.join(path.dirname(template), partialName(template));
  await mkdir(path.dirname(template), { recursive: true });
  await rm(partial, { recursive: true, force: true });
  // Loaded here only: a start on an existing database does without PGlite in this thread.
  const [{ PGlite }, { pgliteOptions }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite-options'),
  ]);
  const pglite = await PGlite.create(partial, pgliteOptions());
  await pglite.close();
  try {
    await rename(partial, template);
  } catch (err) {
    await rm(partial, { recursive: true, force: true });
    if (!isCluster(template)) throw err;
  }
}

/**
 * Gives an empty or missing data folder the template's cluster. A folder holding a cluster is
 * left as it is, and so is a non-empty folder without one (PGlite decides, as before). Returns
 * whether it copied.
 */
export async function prepareDataDir(dataDir: string, template: string): Promise<boolean> {
  if (isCluster(dataDir)) return false;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) return false;
  await removePartials(dataDir);
  await createTemplate(template);
  const partial = path.join(path.dirname(dataDir), partialName(dataDir));
  await cp(template, partial, { recursive: true });
  // The copy keeps the template's modes (made under any umask): owner only before it is in place.
  await ownerOnly(partial);
  if (existsSync(dataDir)) await rmdir(dataDir);
  await rename(partial, dataDir);
  return true;
}

/** The template's folder in `parent`: one per PGlite version, whose files it must match. */
export function templateFolder(parent: string): string {
  // The package's manifest is not among its exports: found beside its resolved entry.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  return path.join(parent, `pglite-initdb-${manifest.version}`);
}
