// The one outbox relay (docs/decisions/0056-one-outbox-relay.md). Enforces:
// - a row is claimed before it is delivered, by one statement that skips rows another relay
//   holds (`for update skip locked`) and pushes the row's next attempt a lease ahead: two
//   instances never deliver the same row at once;
// - a delivered row gets `sent_at` and its message is dropped (a reset link does not outlive
//   its mail); a crash between delivering and recording leaves the claim to expire and the row
//   is delivered again: at most a repeat, never a loss;
// - a failure records `last_error` and retries after retryBaseMs · 2^(attempts − 1), capped at
//   an hour; after `maxAttempts` (or an `UndeliverableError`) the row gets `failed_at` and is
//   left for an operator (docs/operations.md). A channel may give up by age instead: a webhook
//   is retried until its row is `giveUpAfterMs` old (docs/integration.md « Webhooks »);
// - a channel is a function of the row (row → delivered or thrown); the relay claims only the
//   rows of the channels it was given, so rows of a channel this server lacks wait. A `parallel`
//   channel's claimed rows are sent together (slow endpoints must not outlast the lease).
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Logger } from '../logger';
import { outboxDelivered, outboxFailures } from '../metrics/metrics';
import { withinTrace } from '../telemetry/trace-context';

export interface OutboxRow {
  id: string;
  type: string;
  channel: string;
  message: Record<string, unknown>;
  attempts: number;
  created_at: Date;
  /** The `traceparent` of the request that wrote it: its delivery joins that trace. */
  trace_context?: string | null;
}

export type Channel = (row: OutboxRow) => Promise<void>;

export interface ChannelOptions {
  deliver: Channel;
  /** Give a failing row up once it is this old, instead of after `maxAttempts`. */
  giveUpAfterMs?: number | undefined;
  /** Send the rows of one claim at once rather than one after the other. */
  parallel?: boolean | undefined;
}

/** A delivery that trying again cannot fix: the row fails at once. */
export class UndeliverableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndeliverableError';
  }
}

export interface RelaySettings {
  /** Attempts before a row is marked failed. */
  maxAttempts: number;
  /** Delay before the first retry; doubled at each further one. */
  retryBaseMs: number;
  /** How often the relay looks for due rows without being woken. */
  intervalMs: number;
  /** How long a claimed row is held before another relay may take it (longer than a send). */
  leaseMs: number;
}

export interface OutboxRelay {
  /** One pass now, and then every `intervalMs`. */
  start(): void;
  /** A pass as soon as possible (after a commit): coalesced with the one running. */
  wake(): void;
  /** Claims and delivers due rows until none is left; the number delivered. */
  runOnce(): Promise<number>;
  /** No more passes; resolves once the one running has ended. */
  stop(): Promise<void>;
}

const BATCH = 20;
const MAX_BACKOFF_MS = 3_600_000;

function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

async function claim(db: Db, channels: string[], leaseMs: number): Promise<OutboxRow[]> {
  const { rows } = await sql<OutboxRow>`
    update outbox set attempts = attempts + 1,
      next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
    where id in (
      select id from outbox
      where channel in (${sql.join(channels)}) and sent_at is null and failed_at is null
        and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${BATCH}
      for update skip locked)
    returning id::text as id, type, channel, message, attempts, created_at, trace_context`.execute(
    db,
  );
  return rows;
}

export function createOutboxRelay(
  db: Db,
  given: Record<string, Channel | ChannelOptions>,
  settings: RelaySettings,
  log: Logger,
): OutboxRelay {
  const channels = Object.fromEntries(
    Object.entries(given).map(([name, c]) => [name, typeof c === 'function' ? { deliver: c } : c]),
  );
  const names = Object.keys(channels);

  function givenUp(row: OutboxRow, err: unknown): boolean {
    if (err instanceof UndeliverableError) return true;
    const { giveUpAfterMs } = channels[row.channel]!;
    if (giveUpAfterMs === undefined) return row.attempts >= settings.maxAttempts;
    return Date.now() - new Date(row.created_at).getTime() >= giveUpAfterMs;
  }

  /** Sends `row`, recording a failure at once; true when sent (`sent_at` not yet recorded). */
  async function attempt(row: OutboxRow): Promise<boolean> {
    try {
      await withinTrace(row.trace_context ?? null, () => channels[row.channel]!.deliver(row));
      outboxDelivered.inc({ channel: row.channel });
      return true;
    } catch (err) {
      const final = givenUp(row, err);
      outboxFailures.inc({ channel: row.channel, final: String(final) });
      const delay = retryDelayMs(row.attempts, settings.retryBaseMs);
      await db
        .updateTable('outbox')
        .set({
          last_error: err instanceof Error ? err.message : String(err),
          next_attempt_at: sql`now() + ${delay} * interval '1 millisecond'`,
          failed_at: final ? sql`now()` : null,
        })
        .where('id', '=', row.id)
        .execute();
      log[final ? 'error' : 'warn'](
        { err, outboxId: row.id, type: row.type, attempts: row.attempts },
        final ? 'outbox row given up' : 'outbox row not delivered; will retry',
      );
      return false;
    }
  }

  async function recordSent(rows: OutboxRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    await db
      .updateTable('outbox')
      .set({ sent_at: sql`now()`, last_error: null, message: null })
      .where(
        'id',
        'in',
        rows.map((row) => row.id),
      )
      .execute();
    return rows.length;
  }

  async function runOnce(): Promise<number> {
    if (names.length === 0) return 0;
    let delivered = 0;
    for (;;) {
      const rows = await claim(db, names, settings.leaseMs);
      // A parallel channel's rows are sent together and recorded by one statement.
      const together = rows.filter((row) => channels[row.channel]!.parallel);
      const sent = await Promise.all(together.map(attempt));
      delivered += await recordSent(together.filter((_, i) => sent[i]));
      for (const row of rows)
        if (!together.includes(row) && (await attempt(row))) delivered += await recordSent([row]);
      if (rows.length < BATCH) return delivered;
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .then(() => undefined)
      .catch((err: unknown) => log.error({ err }, 'outbox relay pass failed'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  }
  return {
    start() {
      timer ??= setInterval(wake, settings.intervalMs).unref();
      wake();
    },
    wake,
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
