// Webhooks never reach the broker's own networks (docs/integration.md « Webhooks »,
// docs/decisions/0091-webhooks-public-addresses-and-secrets-at-rest.md). A declaration to an
// internal address, in any notation (decimal, zero-padded, hexadecimal, short IPv4; IPv4-mapped,
// IPv4-compatible, NAT64, 6to4 IPv6; a name resolving to one), gets a French 400 naming the
// address and writes nothing; a delivery judges the address its socket connects to, so a name
// that resolves to an internal address only at delivery time (DNS rebinding), or an address the
// allow-list no longer covers, is refused without a connection, the row failed at once with the
// reason in French (the contract's text, read back as `lastError`). Names resolve
// through the test's own table (no DNS); every address a delivery could reach is a loopback one,
// listened on by a receiver that counts the connections it accepted.
import { INTEGRATION_ROUTES } from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../src/config/config';
import { createWebhook, disableWebhook } from '../../../src/services/events/webhooks';
import { parseNetworks } from '../../../src/config/webhook-addresses';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { BO, integrationToken } from '../../support/integration';
import { createTestApp } from '../../support/harness';
import { startReceiver } from '../../support/webhook-receiver';
import {
  consentEvent,
  declareWebhook,
  FAST_OUTBOX,
  hooks,
  webhookPath,
  webhookSettings,
} from '../../support/webhooks';

const LIST = `${BO}${INTEGRATION_ROUTES.webhooks}`;

/** The test's name resolution: each name's addresses, changed by the tests; no DNS. */
const names = new Map<string, string[]>();
async function resolve(hostname: string) {
  const addresses = names.get(hostname);
  if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
}
names.set('metadonnees.courtier.test', ['169.254.169.254']);
names.set('interne.courtier.test', ['10.0.0.1']);
names.set('v6.courtier.test', ['fd00::1']);
names.set('mappee.courtier.test', ['::ffff:127.0.0.1']);
names.set('compatible.courtier.test', ['::7f00:1']);
names.set('double.courtier.test', ['8.8.8.8', '192.168.1.10']);
names.set('publique.courtier.test', ['8.8.8.8', '2606:4700::1111']);

/** Internal addresses as a client may write them, each with what the refusal names. */
const INTERNAL: [string, RegExp][] = [
  ['https://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 est une adresse de lien local/],
  ['https://10.0.0.1/admin', /10\.0\.0\.1 est une adresse de réseau privé/],
  ['https://[fd00::1]/', /fd00::1 est une adresse de réseau privé IPv6/],
  ['http://2130706433:8080/h', /127\.0\.0\.1 est une adresse de boucle locale/],
  ['http://127.000.000.001:8080/h', /127\.0\.0\.1 est une adresse de boucle locale/],
  ['http://127.1:8080/h', /127\.0\.0\.1 est une adresse de boucle locale/],
  ['http://0x7f000001:8080/h', /127\.0\.0\.1 est une adresse de boucle locale/],
  ['http://017700000001:8080/h', /127\.0\.0\.1 est une adresse de boucle locale/],
  ['http://[::1]:8080/h', /::1 est une adresse de boucle locale/],
  ['http://[::ffff:127.0.0.1]:8080/h', /::ffff:7f00:1 désigne 127\.0\.0\.1, une adresse de boucle/],
  ['https://[::ffff:a9fe:a9fe]/', /désigne 169\.254\.169\.254, une adresse de lien local/],
  ['https://[64:ff9b::7f00:1]/', /NAT64/],
  ['https://[2002:7f00:1::]/', /6to4/],
  // IPv4-compatible (::/96, deprecated), which ipaddr.js calls unicast: the parser writes it in hex.
  ['https://[::127.0.0.1]/', /::7f00:1 est une adresse IPv4 écrite dans IPv6/],
  ['https://[::a9fe:a9fe]/', /::a9fe:a9fe est une adresse IPv4 écrite dans IPv6/],
  [
    'https://compatible.courtier.test/',
    /compatible\.courtier\.test désigne ::7f00:1, une adresse IPv4/,
  ],
  ['https://0.0.0.0/', /0\.0\.0\.0 est une adresse non spécifiée/],
  ['https://0/', /0\.0\.0\.0 est une adresse non spécifiée/],
  ['https://[::]/', /:: est une adresse non spécifiée/],
  ['https://172.16.5.4/', /réseau privé/],
  ['https://192.168.1.1/', /réseau privé/],
  ['https://100.64.0.1/', /CGNAT/],
  ['https://198.18.0.1/', /adresse réservée/],
  ['https://240.0.0.1/', /adresse réservée/],
  ['https://192.0.2.1/', /adresse réservée/],
  ['https://[2001:db8::1]/', /adresse réservée/],
  ['https://255.255.255.255/', /l’adresse de diffusion/],
  ['https://224.0.0.1/', /multidiffusion/],
  ['https://[ff02::1]/', /multidiffusion/],
  ['https://[fe80::1]/', /lien local/],
  ['https://metadonnees.courtier.test/', /metadonnees\.courtier\.test désigne 169\.254\.169\.254/],
  ['https://interne.courtier.test/', /interne\.courtier\.test désigne 10\.0\.0\.1/],
  ['https://v6.courtier.test/', /v6\.courtier\.test désigne fd00::1/],
  ['https://mappee.courtier.test/', /mappee\.courtier\.test désigne 127\.0\.0\.1/],
  ['https://double.courtier.test/', /double\.courtier\.test désigne 192\.168\.1\.10/],
];

describe.each(BACKENDS)('webhook addresses on %s', (backend) => {
  let consent = false;
  const it = apiTest
    /** A server that allows no network (and http to a literal loopback address): a broker's. */
    .extend('strictApp', ({ once }) =>
      once(
        'strict',
        async () => {
          const strict = await createTestApp(backend, {
            webhooks: webhookSettings({ resolve, allowedNetworks: [], allowLocalHttp: true }),
          });
          return { strict, strictWriter: (await integrationToken(strict.app)).token };
        },
        ({ strict }) => strict.close(),
      ),
    )
    /** Listens on 127.0.0.2, which the server's allow-list (127.0.0.1/32) does not cover. */
    .extend('outside', ({ once }) =>
      once(
        'outside',
        () => startReceiver([], '127.0.0.2'),
        (outside) => outside.close(),
      ),
    )
    /** A consent change by the customer: one `consent.changed` event for every endpoint; its id. */
    .extend(
      'customerEvent',
      ({ t, camille: { token: customer } }) =>
        () =>
          consentEvent(t.app, customer, (consent = !consent)),
    )
    /** The endpoint's given-up deliveries, once one is listed for `eventId`. */
    .extend(
      'failureOf',
      ({ t, integration: { token: writer } }) =>
        async (webhookId: string, eventId: string) => {
          let failure: { attempts: number; lastError: string } | undefined;
          await vi.waitFor(
            async () => {
              const listed = await hooks(
                t.app,
                writer,
                'GET',
                webhookPath(webhookId, 'webhookFailures'),
              );
              const { failures } = listed.json<{
                failures: { eventId: string; attempts: number; lastError: string }[];
              }>();
              failure = failures.find((f) => f.eventId === eventId);
              expect(failure).toBeDefined();
            },
            { timeout: 10_000, interval: 100 },
          );
          return failure!;
        },
    )
    .override({
      backend,
      appConfig: { outbox: FAST_OUTBOX, webhooks: webhookSettings({ resolve }) },
    });

  it('refuses every internal address, in every notation, with a French 400', async ({
    outside,
    strictApp: { strict, strictWriter },
  }) => {
    const list = async () => (await hooks(strict.app, strictWriter, 'GET', LIST)).json();
    const before = await list();
    for (const [url, reason] of INTERNAL) {
      const response = await hooks(strict.app, strictWriter, 'POST', LIST, { url });
      // Accepted by mistake: disabled at once, so no event of these tests goes there.
      if (response.statusCode === 201)
        await disableWebhook(strict.app.db, response.json<{ id: string }>().id);
      expect(response.statusCode, url).toBe(400);
      const { error } = response.json<{ error: { message: string; fields: { url: string } } }>();
      expect(error.fields.url, url).toMatch(reason);
      expect(error.fields.url).toMatch(/WEBHOOK_ALLOWED_NETWORKS/);
      expect(error.message).toBe(error.fields.url);
    }
    expect(await list()).toEqual(before);
    expect(outside.connections).toBe(0);
  });

  it('refuses http to a name, even with WEBHOOK_ALLOW_LOCAL_HTTP', async ({
    strictApp: { strict, strictWriter },
  }) => {
    const response = await hooks(strict.app, strictWriter, 'POST', LIST, {
      url: 'http://localhost:8080/h',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { fields: { url: /https/ } } });
  });

  it('accepts a public address, a name resolving only to public ones, or one not resolving yet', async ({
    t,
    integration: { token: writer },
  }) => {
    for (const url of [
      'https://8.8.8.8/hooks',
      'https://[2606:4700::1111]/hooks',
      'https://publique.courtier.test/hooks',
      'https://pas-encore.courtier.test/hooks',
    ]) {
      const response = await hooks(t.app, writer, 'POST', LIST, { url });
      expect(response.statusCode, url).toBe(201);
      // Disabled at once: no event of these tests may leave the machine.
      await disableWebhook(t.app.db, response.json<{ id: string }>().id);
    }
  });

  it('keeps the URL as it will be called: the address judged is the one written', async ({ t }) => {
    const policy = { allowedNetworks: parseNetworks('127.0.0.0/8', []), allowLocalHttp: true };
    const created = await createWebhook(
      t.app.db,
      t.app.secretKeys,
      { url: 'http://2130706434:9/h' },
      policy,
    );
    expect(created.url).toBe('http://127.0.0.2:9/h');
    await disableWebhook(t.app.db, created.id);
  });

  it('reaches the networks of the allow-list, and only them', async ({ t }) => {
    const policy = {
      allowedNetworks: parseNetworks('10.20.0.0/16, fd12::/64', []),
      allowLocalHttp: false,
    };
    for (const url of ['https://10.20.3.4/h', 'https://[fd12::5]/h']) {
      const created = await createWebhook(t.app.db, t.app.secretKeys, { url }, policy);
      expect(created.url).toBe(url);
      await disableWebhook(t.app.db, created.id);
    }
    for (const url of ['https://10.21.0.1/h', 'https://[fd13::5]/h', 'https://127.0.0.1/h']) {
      const refused: unknown = await createWebhook(
        t.app.db,
        t.app.secretKeys,
        { url },
        policy,
      ).then(
        // Accepted by mistake: disabled at once, so no event of these tests goes there.
        (created) => disableWebhook(t.app.db, created.id),
        (err: unknown) => err,
      );
      expect(refused, url).toMatchObject({
        code: 'validation_error',
        fields: { url: expect.stringMatching(/WEBHOOK_ALLOWED_NETWORKS/) },
      });
    }
  });

  it('refuses at delivery a name now resolving to an internal address, without connecting', async ({
    t,
    integration: { token: writer },
    outside,
    customerEvent,
    failureOf,
  }) => {
    const port = new URL(outside.url).port;
    names.set('bascule.courtier.test', ['8.8.8.8']);
    const endpoint = await declareWebhook(t.app, writer, {
      url: `https://bascule.courtier.test:${port}/hooks`,
    });
    // The record changes after the declaration (DNS rebinding): the delivery resolves it again.
    names.set('bascule.courtier.test', ['127.0.0.2']);
    const id = await customerEvent();
    const failure = await failureOf(endpoint.id, id);
    expect(failure.lastError).toBe(
      'bascule.courtier.test désigne 127.0.0.2, une adresse de boucle locale (la machine elle-même)\u00a0: les webhooks ne partent que vers des adresses publiques, ou vers les réseaux que le serveur autorise (WEBHOOK_ALLOWED_NETWORKS).',
    );
    expect(failure.attempts).toBe(1);
    expect(outside.connections).toBe(0);
    await hooks(t.app, writer, 'DELETE', webhookPath(endpoint.id));
  });

  it('refuses a name with one internal address among public or allowed ones', async ({
    t,
    integration: { token: writer },
    outside,
    customerEvent,
    failureOf,
  }) => {
    const inside = await startReceiver();
    try {
      names.set('melange.courtier.test', ['127.0.0.1', '127.0.0.2']);
      const port = new URL(inside.url).port;
      const endpoint = await declareWebhook(t.app, writer, {
        url: `https://melange.courtier.test:${port}/hooks`,
      }).catch((err: Error) => err);
      // Refused at once when declared: 127.0.0.2 is not allowed.
      expect(String(endpoint)).toMatch(/^Error: 400 .*127\.0\.0\.2/);
      // And at delivery when the name changes after it was declared.
      names.set('melange.courtier.test', ['127.0.0.1']);
      const declared = await declareWebhook(t.app, writer, {
        url: `https://melange.courtier.test:${port}/hooks`,
      });
      names.set('melange.courtier.test', ['127.0.0.1', '127.0.0.2']);
      const failure = await failureOf(declared.id, await customerEvent());
      expect(failure.lastError).toMatch(/^melange\.courtier\.test désigne 127\.0\.0\.2, /);
      expect(inside.connections).toBe(0);
      expect(outside.connections).toBe(0);
      await hooks(t.app, writer, 'DELETE', webhookPath(declared.id));
    } finally {
      await inside.close();
    }
  });

  it('does not follow a redirect: the endpoint is the URL declared', async ({
    t,
    integration: { token: writer },
    customerEvent,
  }) => {
    const elsewhere = await startReceiver();
    const redirecting = await startReceiver();
    redirecting.redirectTo = elsewhere.url;
    try {
      const endpoint = await declareWebhook(t.app, writer, { url: redirecting.url });
      const id = await customerEvent();
      await vi.waitFor(
        async () => {
          const row = await t.app.db
            .selectFrom('outbox as o')
            .innerJoin('events as e', 'e.id', 'o.event_id')
            .select('o.last_error')
            .where('e.event_id', '=', id)
            .where(sql<boolean>`o.message->>'subscriptionId' = ${endpoint.id}`)
            .executeTakeFirstOrThrow();
          expect(row.last_error).toBe(
            'Le webhook a répondu HTTP 307\u00a0: seule une réponse 2xx vaut réception.',
          );
        },
        { timeout: 10_000, interval: 100 },
      );
      expect(redirecting.deliveries.map((d) => d.id)).toContain(id);
      expect(elsewhere.connections).toBe(0);
      await hooks(t.app, writer, 'DELETE', webhookPath(endpoint.id));
    } finally {
      await elsewhere.close();
      await redirecting.close();
    }
  });

  it('refuses at delivery a literal address the allow-list no longer covers, in any notation', async ({
    t,
    integration: { token: writer },
    outside,
    customerEvent,
    failureOf,
  }) => {
    const port = new URL(outside.url).port;
    // Declared while the server allowed all of 127.0.0.0/8 (or before addresses were judged).
    const wider = { allowedNetworks: parseNetworks('127.0.0.0/8', []), allowLocalHttp: true };
    const dotted = await createWebhook(t.app.db, t.app.secretKeys, { url: outside.url }, wider);
    const decimal = await createWebhook(t.app.db, t.app.secretKeys, { url: outside.url }, wider);
    await t.app.db
      .updateTable('event_subscriptions')
      .set({ url: `http://2130706434:${port}/hooks` })
      .where('id', '=', decimal.id)
      .execute();
    const id = await customerEvent();
    for (const endpoint of [dotted, decimal]) {
      const failure = await failureOf(endpoint.id, id);
      expect(failure.lastError).toBe(
        'L’adresse 127.0.0.2 est une adresse de boucle locale (la machine elle-même)\u00a0: les webhooks ne partent que vers des adresses publiques, ou vers les réseaux que le serveur autorise (WEBHOOK_ALLOWED_NETWORKS).',
      );
      expect(failure.attempts).toBe(1);
      await hooks(t.app, writer, 'DELETE', webhookPath(endpoint.id));
    }
    expect(outside.connections).toBe(0);
    expect(outside.deliveries).toEqual([]);
  });
});

describe('WEBHOOK_ALLOWED_NETWORKS and WEBHOOK_ALLOW_LOCAL_HTTP', () => {
  const env = (extra: Record<string, string>) => ({ NODE_ENV: 'test', ...extra });
  const endpoint = (url: string) =>
    JSON.stringify([{ id: 'erp', url, secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}` }]);

  it('reads networks and single addresses, and names what is not one', () => {
    const { allowedNetworks } = loadConfig(
      env({ WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/16, fd12::/64 192.0.2.7' }),
    ).webhooks;
    expect(allowedNetworks.map(([ip, bits]) => `${ip.toString()}/${bits}`)).toEqual([
      '10.20.0.0/16',
      'fd12::/64',
      '192.0.2.7/32',
    ]);
    for (const wrong of ['10.0.0.0/', '10.0.0.0/33', 'intranet', '2130706433/32', '10.0.0.0/8/1'])
      expect(() => loadConfig(env({ WEBHOOK_ALLOWED_NETWORKS: wrong })), wrong).toThrow(
        /WEBHOOK_ALLOWED_NETWORKS: « .* » n’est pas un réseau/,
      );
  });

  it('refuses a configured endpoint on an internal address unless its network is allowed', () => {
    for (const url of [
      'https://10.0.0.1/h',
      'https://[fd00::1]/h',
      'https://2130706433/h',
      'https://[::127.0.0.1]/h',
    ])
      expect(() => loadConfig(env({ WEBHOOK_ENDPOINTS: endpoint(url) })), url).toThrow(
        /WEBHOOK_ENDPOINTS\[erp\]: L’adresse .* est une adresse .*\u00a0: les webhooks ne partent que vers des adresses publiques/,
      );
    const allowed = env({
      WEBHOOK_ENDPOINTS: endpoint('https://10.0.0.1/h'),
      WEBHOOK_ALLOWED_NETWORKS: '10.0.0.0/8',
    });
    expect(loadConfig(allowed).webhooks.endpoints).toHaveLength(1);
  });

  it('accepts http only to a literal loopback address, and never in production', () => {
    const local = { WEBHOOK_ALLOW_LOCAL_HTTP: 'true', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' };
    expect(
      loadConfig(env({ ...local, WEBHOOK_ENDPOINTS: endpoint('http://127.0.0.1:9/h') })).webhooks
        .endpoints,
    ).toHaveLength(1);
    expect(() =>
      loadConfig(env({ ...local, WEBHOOK_ENDPOINTS: endpoint('http://localhost:9/h') })),
    ).toThrow(/WEBHOOK_ENDPOINTS\[erp\]: L’adresse doit être en https/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true', WEBHOOK_ALLOW_LOCAL_HTTP: 'true' }),
    ).toThrow(/WEBHOOK_ALLOW_LOCAL_HTTP: refusé en production/);
  });
});
