// PGlite opened the way src/db/client.ts opens it (same extension, same dialect), but optionally
// from a dumped data folder: the API suite copies its template database this way (global-setup.ts).
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { pgliteKysely, type DatabaseHandle } from '../../src/db/client';
import { pgliteOptions } from '../../src/db/pglite-options';

export interface PgliteDatabase {
  pglite: PGlite;
  handle: DatabaseHandle;
}

/**
 * An in-memory PGlite, empty or loaded from a `dumpDataDir()` tarball; `initdb`: arguments of
 * the initdb that creates an empty one.
 */
export async function openPglite(loadDataDir?: Blob, initdb?: string[]): Promise<PgliteDatabase> {
  const pglite = await PGlite.create('memory://', {
    ...pgliteOptions(loadDataDir),
    ...(initdb ? { initDbStartParams: initdb } : {}),
  });
  const db = pgliteKysely(new PGliteDialect(pglite));
  return { pglite, handle: { db, kind: 'pglite', close: () => db.destroy() } };
}
