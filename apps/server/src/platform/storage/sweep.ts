// The start-up sweep of the folder storage (a crash leaves nothing behind). Every
// column named `storage_key`, in whichever table holds one now or later, references a stored
// file; whatever else the folder holds under a key, and every temporary file, is what a killed
// process left and goes. Runs at start, before the server listens (no request in flight).
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { DocumentStorage } from './storage';
import { FsDocumentStorage } from './fs-storage';

export async function referencedStorageKeys(db: Db): Promise<Set<string>> {
  // From the catalog rather than information_schema, whose views cost a tenth of a second on
  // PGlite at every start.
  const tables = await sql<{ table_name: string }>`
    select c.relname as table_name from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
      and a.attname = 'storage_key' and not a.attisdropped`.execute(db);
  const keys = new Set<string>();
  for (const { table_name: table } of tables.rows) {
    const rows = await sql<{ storage_key: string }>`
      select storage_key from ${sql.table(table)}`.execute(db);
    for (const row of rows.rows) keys.add(row.storage_key);
  }
  return keys;
}

/** Sweeps the folder storage; other stores clean up after themselves (storage.ts contract). */
export async function sweepStorage(db: Db, storage: DocumentStorage): Promise<number> {
  if (!(storage instanceof FsDocumentStorage)) return 0;
  return storage.sweep(await referencedStorageKeys(db));
}
