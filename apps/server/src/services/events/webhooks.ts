// The webhook endpoints of the integration API (docs/integration.md « Webhooks »). Enforces:
// - an endpoint's URL is https (http only to a literal loopback address, when the server allows
//   it) and reaches a public address or a network the server allows: a literal address is judged
//   as written, a name by every address it resolves to now (platform/webhooks/
//   guarded-connection.ts), before anything is written; the URL is kept as the URL parser
//   normalises it (the address judged is the one written); its secret is generated here and
//   answered once, and stored sealed under SECRETS_KEY (platform/secrets/): a dump of the
//   database holds no secret that signs a webhook;
// - deleting an endpoint disables it (`disabled_at`): what was written for it stays readable
//   (its failures), it gets no new event, and its pending deliveries fail at once;
// - a rotation keeps the previous secret signing beside the new one for ROTATION_GRACE_MS, so
//   the receiver can switch without losing a delivery;
// - endpoints declared by configuration (source 'config') are the operator's: the API reads
//   them but neither rotates nor deletes them; they are upserted at start-up and disabled once
//   they leave the configuration (syncConfiguredWebhooks).
import { randomUUID } from 'node:crypto';
import { WEBHOOK_MESSAGES, type Webhook, type WebhookCreate } from '@espace/contract';
import { sql, type Selectable } from 'kysely';
import type { ConfiguredEndpoint } from '../../config/webhooks';
import type { Db } from '../../db/client';
import { WEBHOOK_SECRET } from '../../platform/secrets/reseal';
import { open, seal, sealedKeyId, type SecretKeys } from '../../platform/secrets/sealed-secrets';
import { urlRefusal, type AddressPolicy } from '../../platform/webhooks/guarded-connection';
import type { EventSubscriptions } from '../../db/types';
import { newWebhookSecret } from '../../platform/webhooks/signature';
import { refusalText } from '../../config/webhook-addresses';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';

/** How long the previous secret keeps signing after a rotation. */
export const ROTATION_GRACE_MS = 24 * 3_600_000;

type Row = Selectable<EventSubscriptions>;

const iso = (value: Date | string) => new Date(value).toISOString();

function present(row: Row): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.event_types,
    source: row.source,
    createdAt: iso(row.created_at),
    disabledAt: row.disabled_at ? iso(row.disabled_at) : null,
    previousSecretUntil: row.previous_secret_until ? iso(row.previous_secret_until) : null,
  };
}

/** The URL as it will be called, or InvalidInputError naming why it may not receive webhooks. */
async function reachableUrl(text: string, policy: AddressPolicy): Promise<string> {
  const url = new URL(text);
  const refusal = await urlRefusal(url, policy);
  if (!refusal) return url.href;
  const message = refusalText(refusal);
  throw new InvalidInputError(message, { url: message });
}

export async function createWebhook(
  db: Db,
  keys: SecretKeys,
  input: WebhookCreate,
  policy: AddressPolicy,
): Promise<Webhook & { secret: string }> {
  const url = await reachableUrl(input.url, policy);
  const secret = newWebhookSecret();
  const row = await db
    .insertInto('event_subscriptions')
    .values({
      id: `wh_${randomUUID().replaceAll('-', '')}`,
      kind: 'webhook',
      url,
      description: input.description ?? null,
      secret: seal(keys, secret, WEBHOOK_SECRET),
      event_types: input.eventTypes ? [...new Set(input.eventTypes)] : null,
      source: 'api',
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...present(row), secret };
}

export async function listWebhooks(db: Db): Promise<Webhook[]> {
  const rows = await db
    .selectFrom('event_subscriptions')
    .selectAll()
    .where('kind', '=', 'webhook')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(present);
}

async function rowOf(db: Db, id: string): Promise<Row> {
  const row = await db
    .selectFrom('event_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', 'webhook')
    .executeTakeFirst();
  if (!row) throw new NotFoundError(WEBHOOK_MESSAGES.unknown);
  return row;
}

export async function readWebhook(db: Db, id: string): Promise<Webhook> {
  return present(await rowOf(db, id));
}

/** Disables endpoint `id` (the same call again changes nothing). */
export async function disableWebhook(db: Db, id: string): Promise<void> {
  const row = await rowOf(db, id);
  if (row.source === 'config') throw new ConflictError(WEBHOOK_MESSAGES.configured);
  await db
    .updateTable('event_subscriptions')
    .set({ disabled_at: sql`coalesce(disabled_at, now())` })
    .where('id', '=', id)
    .execute();
}

/** A new secret for endpoint `id`, the current one signing too for ROTATION_GRACE_MS. */
export async function rotateWebhookSecret(
  db: Db,
  keys: SecretKeys,
  id: string,
): Promise<Webhook & { secret: string }> {
  const current = await rowOf(db, id);
  if (current.source === 'config') throw new ConflictError(WEBHOOK_MESSAGES.configured);
  if (current.disabled_at) throw new ConflictError(WEBHOOK_MESSAGES.disabled);
  const secret = newWebhookSecret();
  const row = await db
    .updateTable('event_subscriptions')
    .set({
      previous_secret: sql`secret`,
      previous_secret_until: sql`now() + ${ROTATION_GRACE_MS} * interval '1 millisecond'`,
      secret: seal(keys, secret, WEBHOOK_SECRET),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...present(row), secret };
}

/** The deliveries to endpoint `id` that were given up, newest first. */
export async function webhookFailures(db: Db, id: string, limit = 500) {
  await rowOf(db, id);
  const rows = await db
    .selectFrom('outbox as o')
    .innerJoin('events as e', 'e.id', 'o.event_id')
    .select(['e.event_id', 'e.type', 'o.attempts', 'o.last_error', 'o.created_at', 'o.failed_at'])
    .where('o.channel', '=', 'webhook')
    .where(sql<boolean>`o.message->>'subscriptionId' = ${id}`)
    .where('o.failed_at', 'is not', null)
    .orderBy('o.failed_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    eventId: row.event_id,
    type: row.type,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: iso(row.created_at),
    failedAt: iso(row.failed_at!),
  }));
}

/** `stored` when it opens to `secret` under the current key, else `secret` sealed anew. */
function sealedOnce(keys: SecretKeys, stored: string | null | undefined, secret: string): string {
  if (stored && sealedKeyId(stored) === keys.current.id) {
    try {
      if (open(keys, stored, WEBHOOK_SECRET) === secret) return stored;
    } catch {
      // Sealed anew below: the configuration's secret is the one that counts.
    }
  }
  return seal(keys, secret, WEBHOOK_SECRET);
}

/**
 * The endpoints of WEBHOOK_ENDPOINTS in the table: each upserted (its URL, secret and types as
 * configured, enabled again), the configured ones no longer listed disabled. A row already as
 * configured is not written (its secret is not sealed again with a new IV at every start). Runs
 * under the start-up lock, so instances starting together do not race.
 */
export async function syncConfiguredWebhooks(
  db: Db,
  endpoints: ConfiguredEndpoint[],
  keys: SecretKeys,
) {
  await db.transaction().execute(async (trx) => {
    const ids = endpoints.map((e) => e.id);
    const stored = new Map(
      ids.length === 0
        ? []
        : (
            await trx.selectFrom('event_subscriptions').selectAll().where('id', 'in', ids).execute()
          ).map((row) => [row.id, row]),
    );
    for (const e of endpoints) {
      const row = stored.get(e.id);
      const secret = sealedOnce(keys, row?.secret, e.secret);
      const values = {
        url: e.url,
        description: e.description ?? null,
        secret,
        event_types: e.eventTypes ?? null,
      };
      if (
        row?.disabled_at === null &&
        row.url === values.url &&
        row.description === values.description &&
        row.secret === secret &&
        JSON.stringify(row.event_types) === JSON.stringify(values.event_types)
      )
        continue;
      await trx
        .insertInto('event_subscriptions')
        .values({ id: e.id, kind: 'webhook', source: 'config', ...values })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            url: eb.ref('excluded.url'),
            description: eb.ref('excluded.description'),
            secret: eb.ref('excluded.secret'),
            event_types: eb.ref('excluded.event_types'),
            disabled_at: null,
          })),
        )
        .execute();
    }
    let gone = trx
      .updateTable('event_subscriptions')
      .set({ disabled_at: sql`now()` })
      .where('source', '=', 'config')
      .where('kind', '=', 'webhook')
      .where('disabled_at', 'is', null);
    if (ids.length) gone = gone.where('id', 'not in', ids);
    await gone.execute();
  });
}
