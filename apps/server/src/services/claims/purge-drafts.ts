// Abandoned claim drafts are purged (docs/product/claims.md): a draft untouched for the
// configured number of days goes with its files. Safe with several instances: each draft row is
// deleted by one statement only, and the files' objects are named as storage intents in the same
// transaction, so an object whose deletion a kill interrupted is swept later
// (docs/decisions/0054-storage-intents.md). Runs at start under the start-up lock, then hourly.
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { discardStored } from '../../platform/storage/intents';
import type { DocumentStorage } from '../../platform/storage/storage';

export const DRAFT_PURGE_INTERVAL_MS = 3_600_000;

export async function purgeAbandonedDrafts(
  deps: { db: Db; storage: DocumentStorage },
  ttlDays: number,
): Promise<number> {
  const { purged, keys } = await deps.db.transaction().execute(async (trx) => {
    // The expired drafts, locked so that no file is attached to one while it goes.
    const drafts = await trx
      .selectFrom('claim_drafts')
      .select('id')
      .where('updated_at', '<', sql<Date>`now() - make_interval(days => ${ttlDays})`)
      .forUpdate()
      .skipLocked()
      .execute();
    if (drafts.length === 0) return { purged: 0, keys: [] as string[] };
    const ids = drafts.map((d) => d.id);
    const files = await trx
      .deleteFrom('claim_files')
      .where('draft_id', 'in', ids)
      .returning('storage_key')
      .execute();
    await trx.deleteFrom('claim_drafts').where('id', 'in', ids).execute();
    const keys = files.map((f) => f.storage_key);
    if (keys.length > 0) {
      await trx
        .insertInto('storage_intents')
        .values(keys.map((key) => ({ key })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    return { purged: drafts.length, keys };
  });
  await discardStored(deps, keys);
  return purged;
}

/** Purges now and every hour; returns the stop. */
export function scheduleDraftPurge(
  deps: {
    db: Db;
    storage: DocumentStorage;
    log: { error(details: object, message: string): void };
  },
  ttlDays: number,
): () => void {
  const timer = setInterval(
    () =>
      void purgeAbandonedDrafts(deps, ttlDays).catch((err: unknown) =>
        deps.log.error({ err }, 'claim drafts not purged'),
      ),
    DRAFT_PURGE_INTERVAL_MS,
  ).unref();
  return () => clearInterval(timer);
}
