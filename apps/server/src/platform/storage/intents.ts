// Storage intents (docs/decisions/0054-storage-intents.md): no object outlives a killed process.
// The key of an object about to be stored is committed in `storage_intents` before a byte is
// written, and deleted in the transaction that commits the row naming the object. An intent
// older than the grace period whose key no row names is what a process killed between the two
// left: the sweep deletes the object (a missing one is fine), then the intent. The grace period
// is longer than any upload may last (REQUEST_TIMEOUT_MS), so a live upload is never swept, by
// this instance or another one sharing the store.
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { DocumentStorage, PutOptions, PutResult } from './storage';
import { referencedStorageKeys } from './sweep';

/** Commits the intent, then stores the object under `key`. */
export async function putWithIntent(
  { db, storage }: { db: Db; storage: DocumentStorage },
  key: string,
  body: Readable | AsyncIterable<Uint8Array>,
  options: PutOptions,
): Promise<PutResult> {
  await db.insertInto('storage_intents').values({ key }).execute();
  try {
    return await storage.put(key, body, options);
  } catch (error) {
    // A refused put leaves no object (storage.ts contract), so its intent can go at once.
    await db
      .deleteFrom('storage_intents')
      .where('key', '=', key)
      .execute()
      .catch(() => undefined);
    throw error;
  }
}

/** Deletes stored objects no row will name (a refusal after storing), then their intents. */
export async function discardStored(
  { db, storage }: { db: Db; storage: DocumentStorage },
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
  // Best effort: an intent left here is swept after the grace period.
  await db
    .deleteFrom('storage_intents')
    .where('key', 'in', keys)
    .execute()
    .catch(() => undefined);
}

/** Forgets the intents of objects a row now names; call in the transaction inserting the rows. */
export async function clearIntents(trx: Db, keys: readonly string[]): Promise<void> {
  if (keys.length > 0) await trx.deleteFrom('storage_intents').where('key', 'in', keys).execute();
}

export interface IntentSweep {
  /** Objects deleted: their intent had no row. */
  removed: number;
  /** Intents dropped because a row names their object (committed elsewhere). */
  kept: number;
}

/** Resolves the intents older than `graceMs`: an object no row names goes, and every such intent. */
export async function sweepIntents(
  db: Db,
  storage: DocumentStorage,
  graceMs: number,
): Promise<IntentSweep> {
  const old = await db
    .selectFrom('storage_intents')
    .select('key')
    .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${graceMs / 1000})`)
    .execute();
  const result: IntentSweep = { removed: 0, kept: 0 };
  if (old.length === 0) return result;
  const referenced = await referencedStorageKeys(db);
  for (const { key } of old) {
    if (referenced.has(key)) result.kept += 1;
    else {
      await storage.delete(key);
      result.removed += 1;
    }
    await db.deleteFrom('storage_intents').where('key', '=', key).execute();
  }
  return result;
}

/**
 * Logs the start-up sweep's count, then sweeps every `min(grace, 5 min)`: intents of uploads
 * killed on another instance, or younger than the grace period at start. Returns the stop.
 */
export function scheduleIntentSweeps(
  deps: { db: Db; storage: DocumentStorage; log: { info(details: object, message: string): void } },
  graceMs: number,
  sweptAtStart: number,
): () => void {
  const report = (removed: number) => {
    if (removed > 0) deps.log.info({ removed }, 'stockage : objets sans ligne supprimés');
  };
  report(sweptAtStart);
  const timer = setInterval(
    () =>
      void sweepIntents(deps.db, deps.storage, graceMs).then(
        ({ removed }) => report(removed),
        () => undefined,
      ),
    Math.max(1000, Math.min(graceMs, 300_000)),
  ).unref();
  return () => clearInterval(timer);
}
