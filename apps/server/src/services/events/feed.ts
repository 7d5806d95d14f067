// The pull feed of events (GET /backoffice/v1/events, docs/integration.md « Événements »).
// Enforces: events in the order of their cursor, a page at a time; the cursor (`position`) is
// given to committed events only, by one sequencer at a time (a transaction-level advisory lock)
// in `id` order, so an event that commits late gets a position after every one already read:
// a client that keeps the last cursor misses nothing, and no other transaction of the database
// server holds the feed back; events older than the retention (EVENT_RETENTION_DAYS) are purged at
// start and hourly (purgeEvents, scheduleEventPurge): one statement, safe beside another instance.
import type { EventFeed, PortalEvent } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';

export async function readEventFeed(
  db: Db,
  { after, limit }: { after?: string | undefined; limit: number },
): Promise<EventFeed> {
  await sequenceEvents(db);
  const rows = await db
    .selectFrom('events')
    .select(['position', 'body'])
    .where('position', '>', after ?? '0')
    .orderBy('position')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  return {
    events: page.map((row) => ({
      ...(row.body as unknown as PortalEvent),
      cursor: String(row.position),
    })),
    cursor: page.length > 0 ? String(page.at(-1)!.position) : (after ?? null),
    hasMore: rows.length > limit,
  };
}

/** Gives the committed events without a position the next ones, in `id` order. */
export async function sequenceEvents(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One sequencer at a time: its statement then sees every event committed before it.
    await sql`select pg_advisory_xact_lock(hashtextextended('events-sequencer', 0))`.execute(trx);
    await sql`
      update events e set position = s.position
        from (select id, nextval('events_position_seq') as position
                from (select id from events where position is null order by id) waiting) s
       where e.id = s.id`.execute(trx);
  });
}

/** Deletes the events older than `days` (their deliveries go with them); the number deleted. */
export async function purgeEvents(db: Db, days: number): Promise<number> {
  const result = await db
    .deleteFrom('events')
    .where('created_at', '<', sql<Date>`now() - ${days} * interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export const EVENT_PURGE_INTERVAL_MS = 3_600_000;

/** Purges the events past the retention every hour; answers the function that stops it. */
export function scheduleEventPurge(
  deps: { db: Db; log: { error(details: object, message: string): void } },
  days: number,
): () => void {
  const timer = setInterval(
    () =>
      void purgeEvents(deps.db, days).catch((err: unknown) =>
        deps.log.error({ err }, 'events not purged'),
      ),
    EVENT_PURGE_INTERVAL_MS,
  ).unref();
  return () => clearInterval(timer);
}
