// How PGlite is opened, in its worker thread and in process (tests, PGLITE_IN_PROCESS) alike.
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * PostgreSQL's memory settings for the embedded database. PGlite's WebAssembly memory grows and
 * never shrinks, and its defaults are a server's: 128 MB of shared buffers, allocated and zeroed
 * at start (about 130 MB of the process's resident memory), 64 MB for index builds. The portal's
 * database is a few megabytes, and a page missing from the buffers is read back from the
 * operating system's file cache, so 16 MB of buffers cost nothing measurable (bench/api.ts).
 */
const MEMORY_SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  work_mem: '4MB',
  temp_buffers: '4MB',
};

export function pgliteOptions(loadDataDir?: Blob): PGliteOptions<{ unaccent: typeof unaccent }> {
  return {
    // unaccent backs the French full-text search (docs/decisions/0016-content-in-markdown.md).
    extensions: { unaccent },
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(MEMORY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    ...(loadDataDir ? { loadDataDir } : {}),
  };
}
