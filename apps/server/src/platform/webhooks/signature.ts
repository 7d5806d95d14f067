// The signature of a webhook, as the Standard Webhooks specification says (docs/integration.md
// « Webhooks »), computed by its reference library (`standardwebhooks`). Enforces:
// - `webhook-signature` is `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the bytes
//   of the secret (`whsec_<base64>`); during a rotation's grace the previous secret signs too,
//   the two signatures space-separated, so a receiver holding either accepts the delivery;
// - `webhook-id` is the event's id, the same on every attempt; `webhook-timestamp` is the
//   attempt's time in seconds.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes, base64, with the specification's prefix. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers of one attempt to send `body` (the exact bytes sent) for event `id`. */
export function signWebhook(
  id: string,
  body: string,
  secrets: string[],
  at: Date = new Date(),
): WebhookHeaders {
  const seconds = Math.floor(at.getTime() / 1000);
  const timestamp = new Date(seconds * 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': secrets
      .map((secret) => new Webhook(secret).sign(id, timestamp, body))
      .join(' '),
  };
}
