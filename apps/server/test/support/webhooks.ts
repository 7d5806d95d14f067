// What the webhook tests share (docs/integration.md « Webhooks »): a quick relay, the webhook
// settings of a test server, and the integration API's webhook calls.
import { INTEGRATION_ROUTES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config/config';
import { parseNetworks } from '../../src/config/webhook-addresses';
import { BO } from './integration';
import { bearer, subjectOf } from './harness';
import { offlineResolve } from './test-config';

export const FAST_OUTBOX = { maxAttempts: 3, retryBaseMs: 150, intervalMs: 100, leaseMs: 5_000 };

/** The networks the tests' receivers listen on, allowed as a broker allows its own (the loopback). */
export const RECEIVER_NETWORKS = '127.0.0.1/32';

export function webhookSettings(overrides: Partial<Config['webhooks']> = {}): Config['webhooks'] {
  return {
    endpoints: [],
    retryMs: 60_000,
    timeoutMs: 2_000,
    allowLocalHttp: true,
    allowedNetworks: parseNetworks(RECEIVER_NETWORKS, []),
    resolve: offlineResolve,
    ...overrides,
  };
}

export const webhookPath = (id: string, route: keyof typeof INTEGRATION_ROUTES = 'webhook') =>
  `${BO}${INTEGRATION_ROUTES[route].replace(':webhookId', encodeURIComponent(id))}`;

export function hooks(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

export interface CreatedWebhook {
  id: string;
  url: string;
  secret: string;
  eventTypes: string[] | null;
}

export async function declareWebhook(
  app: FastifyInstance,
  token: string,
  body: { url: string; eventTypes?: string[]; description?: string },
): Promise<CreatedWebhook> {
  const response = await hooks(app, token, 'POST', `${BO}${INTEGRATION_ROUTES.webhooks}`, body);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json<CreatedWebhook>();
}

/** The customer of `token` gives (`consent`) or withdraws marketing consent: one `consent.changed`
 * event for every endpoint; its id. */
export async function consentEvent(app: FastifyInstance, token: string, consent: boolean) {
  const response = await app.inject({
    method: 'PUT',
    url: `/api/v1/consent/accounts/${subjectOf(token)}/${consent}`,
    headers: bearer(token),
  });
  if (response.statusCode >= 300)
    throw new Error(`consent: ${response.statusCode} ${response.body}`);
  const event = await app.db
    .selectFrom('events')
    .select('event_id')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return event.event_id;
}
