// The outbox's webhook channel (docs/integration.md « Webhooks », docs/decisions/
// 0080-events-from-the-outbox.md): a row names its subscription (`message.subscriptionId`) and
// its event (`outbox.event_id`). Enforces:
// - the body POSTed is the event's body as JSON, the one the pull feed serves, signed with the
//   endpoint's secret (and the previous one during a rotation's grace, signature.ts), opened
//   from its sealed form for the send only (platform/secrets/);
// - `webhook-id` is the event's `id`, identical on every retry and on a repeat after a crash, so
//   a receiver drops what it has already seen;
// - only a 2xx answer within `timeoutMs` counts as delivered; redirects are not followed (a
//   redirect is a failure, the endpoint is the URL that was declared);
// - the connection goes only to an allowed address (guarded-connection.ts): an endpoint whose
//   address is refused at delivery (a name now resolving to an internal address, an allow-list
//   narrowed since) is not connected to, and its row fails at once with the reason, listed in
//   the endpoint's failures; every reason of ours is the contract's French (the integration API
//   reads it as `lastError`), only the connection's own errors are Node's;
// - an endpoint disabled or deleted since the event was written is not sent to: the row fails
//   at once (UndeliverableError), it does not wait out the retry window.
import { WEBHOOK_DELIVERY_ERRORS } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { UndeliverableError, type OutboxRow } from '../outbox/relay';
import { WEBHOOK_SECRET } from '../secrets/reseal';
import { open, type SecretKeys } from '../secrets/sealed-secrets';
import { DestinationRefusedError, guardedPost, type AddressPolicy } from './guarded-connection';
import { signWebhook } from './signature';

export interface WebhookChannelSettings extends AddressPolicy {
  /** Longest wait for an endpoint's answer. */
  timeoutMs: number;
  /** What opens the endpoints' sealed secrets. */
  keys: SecretKeys;
}

interface Delivery {
  event_id: string;
  body: Record<string, unknown>;
  url: string | null;
  secret: string | null;
  previous_secret: string | null;
  previous_secret_until: Date | string | null;
  disabled_at: Date | string | null;
}

/** What is sent for each outbox row of `ids`: the event and the endpoint (null: none any more). */
async function deliveriesOf(db: Db, ids: string[]): Promise<Map<string, Delivery>> {
  const { rows } = await sql<Delivery & { outbox_id: string }>`
    select o.id::text as outbox_id, e.event_id, e.body, s.url, s.secret, s.previous_secret,
           s.previous_secret_until, s.disabled_at
      from outbox o
      join events e on e.id = o.event_id
      left join event_subscriptions s on s.id = o.message->>'subscriptionId' and s.kind = 'webhook'
     where o.id in (${sql.join(ids)})`.execute(db);
  return new Map(rows.map((row) => [row.outbox_id, row]));
}

/** `deliveriesOf` for one row, the rows asked for in the same tick read by one statement. */
function deliveryReader(db: Db) {
  type Waiting = {
    id: string;
    resolve: (delivery: Delivery | undefined) => void;
    reject: (err: Error) => void;
  };
  let waiting: Waiting[] = [];
  async function flush() {
    const batch = waiting;
    waiting = [];
    try {
      const found = await deliveriesOf(
        db,
        batch.map((w) => w.id),
      );
      for (const w of batch) w.resolve(found.get(w.id));
    } catch (err) {
      for (const w of batch) w.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }
  return (id: string) =>
    new Promise<Delivery | undefined>((resolve, reject) => {
      if (waiting.length === 0) queueMicrotask(() => void flush());
      waiting.push({ id, resolve, reject });
    });
}

function secretsOf(delivery: Delivery, keys: SecretKeys, now: Date): string[] {
  const secrets = [delivery.secret!];
  const until = delivery.previous_secret_until;
  if (delivery.previous_secret && until && new Date(until) > now)
    secrets.push(delivery.previous_secret);
  return secrets.map((sealed) => open(keys, sealed, WEBHOOK_SECRET));
}

export function webhookChannel(db: Db, settings: WebhookChannelSettings) {
  const deliveryOf = deliveryReader(db);
  const post = guardedPost(settings, settings.timeoutMs);
  return async (row: OutboxRow): Promise<void> => {
    const delivery = await deliveryOf(row.id);
    if (!delivery) throw new UndeliverableError(WEBHOOK_DELIVERY_ERRORS.eventGone);
    if (!delivery.url || !delivery.secret || delivery.disabled_at)
      throw new UndeliverableError(WEBHOOK_DELIVERY_ERRORS.endpointDisabled);
    const body = JSON.stringify(delivery.body);
    const now = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'espace-assure-webhooks',
      ...signWebhook(delivery.event_id, body, secretsOf(delivery, settings.keys, now), now),
    };
    const status = await post(delivery.url, headers, body).catch((err: unknown) => {
      throw err instanceof DestinationRefusedError ? new UndeliverableError(err.message) : err;
    });
    if (status < 200 || status >= 300) throw new Error(WEBHOOK_DELIVERY_ERRORS.answered(status));
  };
}
