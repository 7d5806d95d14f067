// What the outbox holds undelivered, per channel (the metrics read it at each scrape:
// plugins/metrics.ts): the rows neither sent nor given up, and how old the oldest is. Read from
// the database, so every instance reports the same shared backlog (outbox_due_idx covers it).
import { sql } from 'kysely';
import type { Db } from '../../db/client';

export interface ChannelBacklog {
  channel: string;
  pending: number;
  /** Seconds since the oldest waiting row was written; 0 when none waits. */
  oldestAgeSeconds: number;
}

export async function outboxBacklog(
  db: Db,
  channels: readonly string[],
): Promise<ChannelBacklog[]> {
  const { rows } = await sql<{ channel: string; pending: number; oldest: number | null }>`
    select channel, count(*)::int as pending,
           extract(epoch from now() - min(created_at))::float8 as oldest
      from outbox
     where channel is not null and sent_at is null and failed_at is null
     group by channel`.execute(db);
  return channels.map((channel) => {
    const row = rows.find((r) => r.channel === channel);
    return {
      channel,
      pending: row ? Number(row.pending) : 0,
      oldestAgeSeconds: row?.oldest ? Math.max(0, Number(row.oldest)) : 0,
    };
  });
}
