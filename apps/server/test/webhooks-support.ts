// What the webhook tests share (docs/integration.md « Webhooks »): a quick relay, the webhook
// settings of a test server, and the integration API's webhook calls.
import { EVENT_ROUTES } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../src/config';
import { BO } from './backoffice-support';

export const FAST_OUTBOX = { maxAttempts: 3, retryBaseMs: 150, intervalMs: 100, leaseMs: 5_000 };

export function webhookSettings(overrides: Partial<Config['webhooks']> = {}): Config['webhooks'] {
  return { endpoints: [], retryMs: 60_000, timeoutMs: 2_000, allowLocalHttp: true, ...overrides };
}

export const webhookPath = (id: string, route: keyof typeof EVENT_ROUTES = 'webhook') =>
  `${BO}${EVENT_ROUTES[route].replace(':webhookId', encodeURIComponent(id))}`;

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
  const response = await hooks(app, token, 'POST', `${BO}${EVENT_ROUTES.webhooks}`, body);
  if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json<CreatedWebhook>();
}
