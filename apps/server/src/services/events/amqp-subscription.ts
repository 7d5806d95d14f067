// The message broker's subscription (docs/integration.md « Message broker (AMQP) »): the row
// 'amqp' of event_subscriptions, which makes recordEvent write one 'amqp' outbox row per event.
// Run at start-up under the start-up lock (start-up.ts). Enforces: the row follows the
// configuration — enabled while AMQP_URL is set, disabled otherwise (events then get no 'amqp'
// row, and rows already written wait for a server that publishes); its URL is stored without
// its password, which lives only in the environment.
import { sql } from 'kysely';
import type { AmqpSettings } from '../../config/amqp';
import type { Db } from '../../db/client';

const AMQP_SUBSCRIPTION_ID = 'amqp';

/** `url` without its password, fit for the database and the logs. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.href;
}

/** Enables the 'amqp' subscription with `amqp`, disables it without (keeping its last URL). */
export async function syncAmqpSubscription(db: Db, amqp: AmqpSettings | undefined): Promise<void> {
  const url = amqp ? withoutPassword(amqp.url) : null;
  await db
    .insertInto('event_subscriptions')
    .values({
      id: AMQP_SUBSCRIPTION_ID,
      kind: 'amqp',
      url: url ?? '',
      description: 'Message broker (AMQP_URL)',
      source: 'config',
      disabled_at: url ? null : sql<Date>`now()`,
    })
    .onConflict((c) =>
      c.column('id').doUpdateSet({
        kind: 'amqp',
        source: 'config',
        url: url ?? sql<string>`event_subscriptions.url`,
        disabled_at: url ? null : sql<Date>`coalesce(event_subscriptions.disabled_at, now())`,
      }),
    )
    .execute();
}
