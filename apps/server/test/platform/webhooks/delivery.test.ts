// Webhooks as the broker's endpoint receives them (docs/integration.md « Webhooks »): a real
// HTTP server in the test checks every signature with the Standard Webhooks library. An event
// written by a customer's request arrives at once, signed, its `webhook-id` the event's id; an
// endpoint answering 500 twice gets the same delivery again, same `webhook-id`, until it answers
// 2xx; after a rotation both secrets sign during the grace; a delivery failing past the retry
// window, or to an endpoint disabled meanwhile, is given up and listed in its failures.
import type { PortalEvent } from '@espace/contract';
import { describe, expect, it, vi } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { integrationToken } from '../../support/integration';
import { bearer, createTestApp, DEMO, signIn, subjectOf } from '../../support/harness';
import { startReceiver, type Receiver } from '../../support/webhook-receiver';
import {
  consentEvent,
  declareWebhook,
  FAST_OUTBOX,
  hooks,
  webhookPath,
  webhookSettings,
} from '../../support/webhooks';

const RETRY_MS = 2_500;

describe.each(BACKENDS)('webhook deliveries on %s', (backend) => {
  let consent = false;
  const it = apiTest
    /** The broker's endpoint, declared with the integration client's token (`writer`). */
    .extend('hooked', async ({ t, once, integration: { token: writer } }) => {
      const receiver = await once(
        'receiver',
        async () => {
          const receiver = await startReceiver();
          const endpoint = await declareWebhook(t.app, writer, { url: receiver.url });
          receiver.secrets.push(endpoint.secret);
          return receiver;
        },
        (receiver) => receiver.close(),
      );
      return { receiver, writer };
    })
    /** A consent change by the customer: one `consent.changed` event for every endpoint; its id. */
    .extend(
      'customerEvent',
      ({ t, camille: { token: customer } }) =>
        () =>
          consentEvent(t.app, customer, (consent = !consent)),
    )
    .override({
      backend,
      appConfig: {
        outbox: FAST_OUTBOX,
        webhooks: webhookSettings({ retryMs: RETRY_MS, timeoutMs: 1_000 }),
      },
    });
  const deliveriesOf = (receiver: Receiver, id: string) =>
    receiver.deliveries.filter((d) => d.id === id);

  it('sends an event signed, with the event’s id as webhook-id and its body as JSON', async ({
    t,
    customerEvent,
    hooked: { receiver },
  }) => {
    const id = await customerEvent();
    await vi.waitFor(() => expect(deliveriesOf(receiver, id)).toHaveLength(1), { timeout: 10_000 });
    const [delivery] = deliveriesOf(receiver, id);
    expect(delivery!.validFor).toEqual(receiver.secrets);
    expect(Math.abs(delivery!.timestamp - Date.now() / 1000)).toBeLessThan(10);
    const body = JSON.parse(delivery!.body) as PortalEvent;
    expect(body).toMatchObject({ id, type: 'consent.changed', data: { consent } });
    // The body the pull feed serves too (its rows' `body`; the feed itself may lag on a
    // PostgreSQL shared with other transactions, docs/decisions/0080-events-from-the-outbox.md).
    const stored = await t.app.db
      .selectFrom('events')
      .select('body')
      .where('event_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(body).toEqual(stored.body);
    expect(receiver.unsigned()).toEqual([]);
  });

  it('retries an endpoint that answers 500, with the same webhook-id, until it answers 2xx', async ({
    t,
    customerEvent,
    hooked: { receiver },
  }) => {
    receiver.answers.push(500, 500);
    const id = await customerEvent();
    await vi.waitFor(() => expect(deliveriesOf(receiver, id)).toHaveLength(3), {
      timeout: 5_000,
    });
    const row = await t.app.db
      .selectFrom('outbox as o')
      .innerJoin('events as e', 'e.id', 'o.event_id')
      .select(['o.attempts', 'o.sent_at', 'o.failed_at'])
      .where('e.event_id', '=', id)
      .executeTakeFirstOrThrow();
    await vi.waitFor(
      async () => {
        const now = await t.app.db
          .selectFrom('outbox as o')
          .innerJoin('events as e', 'e.id', 'o.event_id')
          .select(['o.attempts', 'o.sent_at'])
          .where('e.event_id', '=', id)
          .executeTakeFirstOrThrow();
        expect(now.sent_at).not.toBeNull();
        expect(now.attempts).toBe(3);
      },
      { timeout: 10_000 },
    );
    expect(row.failed_at).toBeNull();
    expect(new Set(deliveriesOf(receiver, id).map((d) => d.body)).size).toBe(1);
    expect(receiver.unsigned()).toEqual([]);
    // Delivered: no further attempt.
    await new Promise((resolve) => setTimeout(resolve, 5 * FAST_OUTBOX.intervalMs));
    expect(deliveriesOf(receiver, id)).toHaveLength(3);
  });

  it('signs with both secrets after a rotation, so either verifies', async ({
    t,
    customerEvent,
    hooked: { writer },
  }) => {
    const other = await startReceiver();
    try {
      const endpoint = await declareWebhook(t.app, writer, { url: other.url });
      const rotated = await hooks(
        t.app,
        writer,
        'POST',
        webhookPath(endpoint.id, 'webhookRotation'),
      );
      const { secret } = rotated.json<{ secret: string }>();
      other.secrets.push(endpoint.secret, secret);
      const id = await customerEvent();
      await vi.waitFor(() => expect(deliveriesOf(other, id)).toHaveLength(1), { timeout: 10_000 });
      const [delivery] = deliveriesOf(other, id);
      expect(delivery!.signatures).toHaveLength(2);
      expect(delivery!.validFor).toEqual([endpoint.secret, secret]);
      await hooks(t.app, writer, 'DELETE', webhookPath(endpoint.id));
    } finally {
      await other.close();
    }
  });

  it(`gives a delivery up after the retry window and lists it among the failures`, async ({
    t,
    customerEvent,
    hooked: { receiver, writer },
  }) => {
    const failing = await startReceiver();
    failing.answers.push(...Array<number>(100).fill(500));
    try {
      const endpoint = await declareWebhook(t.app, writer, { url: failing.url });
      const id = await customerEvent();
      const failures = webhookPath(endpoint.id, 'webhookFailures');
      await vi.waitFor(
        async () => {
          const listed = await hooks(t.app, writer, 'GET', failures);
          expect(listed.json<{ failures: unknown[] }>().failures).toEqual([
            expect.objectContaining({
              eventId: id,
              type: 'consent.changed',
              lastError:
                'Le webhook a répondu HTTP 500\u00a0: seule une réponse 2xx vaut réception.',
            }),
          ]);
        },
        { timeout: RETRY_MS + 5_000, interval: 200 },
      );
      const attempts = deliveriesOf(failing, id).length;
      expect(attempts).toBeGreaterThan(2);
      expect(new Set(deliveriesOf(failing, id).map((d) => d.id))).toEqual(new Set([id]));
      // The healthy endpoint got the same event once.
      await vi.waitFor(() => expect(deliveriesOf(receiver, id)).toHaveLength(1), {
        timeout: 10_000,
      });
      await new Promise((resolve) => setTimeout(resolve, 5 * FAST_OUTBOX.intervalMs));
      expect(deliveriesOf(failing, id)).toHaveLength(attempts);
      await hooks(t.app, writer, 'DELETE', webhookPath(endpoint.id));
    } finally {
      await failing.close();
    }
  });

  it('stops retrying an endpoint disabled meanwhile, and sends it no new event', async ({
    t,
    customerEvent,
    hooked: { receiver, writer },
  }) => {
    const failing = await startReceiver();
    failing.answers.push(...Array<number>(100).fill(500));
    try {
      const endpoint = await declareWebhook(t.app, writer, { url: failing.url });
      const id = await customerEvent();
      await vi.waitFor(() => expect(deliveriesOf(failing, id).length).toBeGreaterThan(0), {
        timeout: 10_000,
      });
      await hooks(t.app, writer, 'DELETE', webhookPath(endpoint.id));
      const failures = webhookPath(endpoint.id, 'webhookFailures');
      await vi.waitFor(
        async () => {
          const listed = await hooks(t.app, writer, 'GET', failures);
          expect(listed.json<{ failures: unknown[] }>().failures).toEqual([
            expect.objectContaining({
              eventId: id,
              lastError: 'Le webhook a été désactivé ou supprimé.',
            }),
          ]);
        },
        { timeout: 10_000 },
      );
      const later = await customerEvent();
      await vi.waitFor(() => expect(deliveriesOf(receiver, later)).toHaveLength(1), {
        timeout: 10_000,
      });
      expect(deliveriesOf(failing, later)).toEqual([]);
    } finally {
      await failing.close();
    }
  });
});

describe('a webhook after a write request', () => {
  it('leaves at once, without waiting for the relay’s interval', async () => {
    const receiver = await startReceiver();
    const t = await createTestApp('pglite', {
      outbox: { ...FAST_OUTBOX, intervalMs: 600_000 },
      webhooks: webhookSettings(),
    });
    try {
      const writer = (await integrationToken(t.app)).token;
      receiver.secrets.push((await declareWebhook(t.app, writer, { url: receiver.url })).secret);
      const customer = (await signIn(t.app, t.config, DEMO.jean)).access_token;
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/consent/accounts/${subjectOf(customer)}/true`,
        headers: bearer(customer),
      });
      expect(response.statusCode).toBeLessThan(300);
      await vi.waitFor(() => expect(receiver.deliveries).toHaveLength(1), { timeout: 3_000 });
      expect(receiver.unsigned()).toEqual([]);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
