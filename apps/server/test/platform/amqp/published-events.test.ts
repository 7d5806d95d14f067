// Events published to the message broker (docs/integration.md « Message broker (AMQP) »),
// against the machine's RabbitMQ when it answers: a request made in the portal reaches the
// test's own queue, bound to a test-unique exchange, with the event's body, its type as routing
// key and its id as message_id, once; a repeat after a crash carries the same message_id; a
// broker that does not answer leaves the row to be retried, and it is delivered once the broker
// answers; the server holds one connection, closed when it stops. Without AMQP_URL no event
// gets a row for the broker.
import { ConfigError, loadConfig } from '../../../src/config/config';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { brokerAnswers, brokerPort, BROKER_URL, listenToExchange } from '../../support/amqp';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import {
  bearer,
  createTestApp,
  DEMO,
  signIn,
  subjectOf,
  type TestApp,
} from '../../support/harness';

const OUTBOX = { maxAttempts: 12, retryBaseMs: 100, intervalMs: 100, leaseMs: 5_000 };
const broker = await brokerAnswers();
if (!broker)
  console.info(
    `Message broker tests skipped: no RabbitMQ answers on ${new URL(BROKER_URL).host} (TEST_AMQP_URL).`,
  );

/** A call-back request made in the portal; answers the reference the customer reads. */
async function callBack(t: TestApp, token: string, phone: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/account/accounts/${subjectOf(token)}/mail/phone-contact`,
    headers: bearer(token),
    payload: { phone },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ reference: string }>().reference;
}

/** The event of request `reference` and its outbox rows. */
async function eventOf(t: TestApp, reference: string) {
  const event = await t.app.db
    .selectFrom('events')
    .selectAll()
    .where(sql<string>`body->'data'->>'reference'`, '=', reference)
    .executeTakeFirstOrThrow();
  const rows = await t.app.db
    .selectFrom('outbox')
    .selectAll()
    .where('event_id', '=', event.id)
    .execute();
  return { event, rows };
}

(broker ? describe : describe.skip).each(BACKENDS)('events to RabbitMQ on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let port: Awaited<ReturnType<typeof brokerPort>>;
  let queue: Awaited<ReturnType<typeof listenToExchange>>;

  beforeAll(async () => {
    [port, queue] = await Promise.all([brokerPort(), listenToExchange()]);
    t = await createTestApp(backend, {
      amqp: { url: port.url, exchange: queue.exchange },
      outbox: OUTBOX,
    });
    token = (await signIn(t.app, t.config, DEMO.camille)).access_token;
  });
  afterAll(async () => {
    await t?.close();
    await queue?.remove();
    await port?.shut();
  });

  it('publishes a request’s event once, with its body, routing key and message_id', async () => {
    const reference = await callBack(t, token, '06 12 34 56 78');
    await vi.waitFor(() => expect(queue.about(reference)).toHaveLength(1), { timeout: 10_000 });
    const { event, rows } = await eventOf(t, reference);
    const [message] = queue.about(reference);
    expect(message!.fields).toMatchObject({
      exchange: queue.exchange,
      routingKey: 'request.created',
    });
    expect(message!.properties).toMatchObject({
      messageId: event.event_id,
      contentType: 'application/json',
      deliveryMode: 2,
      type: 'request.created',
      timestamp: Math.floor(Date.parse(String(event.body.timestamp)) / 1000),
    });
    const body = JSON.parse(message!.content.toString()) as Record<string, unknown>;
    expect(body).toEqual(event.body);
    expect(body).toMatchObject({
      id: event.event_id,
      type: 'request.created',
      data: { reference, kind: 'call_back', payload: { phone: '06 12 34 56 78' } },
    });
    await vi.waitFor(
      async () =>
        expect((await eventOf(t, reference)).rows).toEqual([
          expect.objectContaining({ channel: 'amqp', attempts: 1, sent_at: expect.any(Date) }),
        ]),
      { timeout: 10_000 },
    );
    expect(rows).toHaveLength(1);
    // Several relay passes later, still one message.
    await new Promise((resolve) => setTimeout(resolve, 4 * OUTBOX.intervalMs));
    expect(queue.about(reference)).toHaveLength(1);
  });

  it('keeps the broker’s URL without its password in the subscriptions', async () => {
    const subscription = await t.app.db
      .selectFrom('event_subscriptions')
      .selectAll()
      .where('id', '=', 'amqp')
      .executeTakeFirstOrThrow();
    const stored = new URL(port.url);
    stored.password = '';
    expect(subscription).toMatchObject({
      kind: 'amqp',
      source: 'config',
      url: stored.href,
      disabled_at: null,
    });
    expect(subscription.url).not.toContain(':guest@');
  });

  it('publishes a repeat with the same message_id after a crash between publishing and recording', async () => {
    const reference = await callBack(t, token, '06 98 76 54 32');
    await vi.waitFor(() => expect(queue.about(reference)).toHaveLength(1), { timeout: 10_000 });
    const { event, rows } = await eventOf(t, reference);
    await vi.waitFor(
      async () => expect((await eventOf(t, reference)).rows[0]!.sent_at).not.toBeNull(),
      { timeout: 10_000 },
    );
    // As if the relay had died after the broker's confirm, before recording it.
    await t.app.db
      .updateTable('outbox')
      .set({ sent_at: null, next_attempt_at: sql`now()` })
      .where('id', '=', rows[0]!.id)
      .execute();
    t.app.outbox.wake();
    await vi.waitFor(() => expect(queue.about(reference)).toHaveLength(2), { timeout: 10_000 });
    const [first, repeat] = queue.about(reference);
    expect(repeat!.properties.messageId).toBe(event.event_id);
    expect(repeat!.properties.timestamp).toBe(first!.properties.timestamp);
    expect(repeat!.content.equals(first!.content)).toBe(true);
  });

  it('retries while the broker does not answer and delivers once it does', async () => {
    expect(port.accepted()).toBe(1); // one connection for everything published so far
    await port.shut();
    const reference = await callBack(t, token, '01 99 00 12 34');
    await vi.waitFor(
      async () => {
        const [row] = (await eventOf(t, reference)).rows;
        expect(row).toMatchObject({ sent_at: null, failed_at: null });
        expect(row!.attempts).toBeGreaterThan(1);
        expect(row!.last_error).toMatch(/ECONNREFUSED/);
      },
      { timeout: 10_000 },
    );
    expect(queue.about(reference)).toHaveLength(0);
    await port.reopen();
    await vi.waitFor(() => expect(queue.about(reference)).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(
      async () => expect((await eventOf(t, reference)).rows[0]!.sent_at).not.toBeNull(),
      { timeout: 10_000 },
    );
    expect(port.accepted()).toBe(2);
  });

  it('closes its connection when the server stops', async () => {
    expect(port.open()).toBe(1);
    await t.app.close();
    await vi.waitFor(() => expect(port.open()).toBe(0), { timeout: 10_000 });
  });
});

describe.each(BACKENDS)('without AMQP_URL on %s', (backend) => {
  const it = apiTest.override({ backend, appConfig: { outbox: OUTBOX } });

  it('records the event but writes no row for the broker, its subscription disabled', async ({
    t,
    camille: { token },
  }) => {
    const reference = await callBack(t, token, '06 12 34 56 78');
    const { event, rows } = await eventOf(t, reference);
    expect(event.type).toBe('request.created');
    expect(rows.filter((row) => row.channel === 'amqp')).toEqual([]);
    const subscription = await t.app.db
      .selectFrom('event_subscriptions')
      .select('disabled_at')
      .where('id', '=', 'amqp')
      .executeTakeFirstOrThrow();
    expect(subscription.disabled_at).not.toBeNull();
  });
});

describe('AMQP configuration', () => {
  const env = { NODE_ENV: 'test', DEMO_MODE: 'true' } as const;

  it('publishes nowhere by default, to espace-assure.events once AMQP_URL is set', () => {
    expect(loadConfig(env).amqp).toBeUndefined();
    expect(loadConfig({ ...env, AMQP_URL: 'amqps://u:p@mq.example.fr/vh' }).amqp).toEqual({
      url: 'amqps://u:p@mq.example.fr/vh',
      exchange: 'espace-assure.events',
    });
  });

  it('refuses a URL that is not amqp:// or amqps://, and an exchange name with spaces', () => {
    const problems = (extra: Record<string, string>) => {
      try {
        loadConfig({ ...env, ...extra });
      } catch (err) {
        return err instanceof ConfigError ? err.problems : [];
      }
      return [];
    };
    expect(problems({ AMQP_URL: 'http://mq.example.fr' })).toEqual([
      expect.stringMatching(/^AMQP_URL: /),
    ]);
    expect(problems({ AMQP_URL: 'amqp://mq', AMQP_EXCHANGE: 'mes événements' })).toEqual([
      expect.stringMatching(/^AMQP_EXCHANGE: /),
    ]);
  });
});
