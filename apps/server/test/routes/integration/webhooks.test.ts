// The webhook endpoints of the integration API (docs/integration.md « Webhooks »): declared with
// POST (the secret answered once, never listed), read, disabled, their secret rotated; every
// refusal answered as the API says (bad URL 400 with the field named, unknown 404, read-only
// token 403 on writes, a customer's token 401, a configured endpoint 409) and changing nothing;
// endpoints of WEBHOOK_ENDPOINTS upserted at start (a row already as configured not written) and
// disabled once removed.
import { INTEGRATION_ROUTES } from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { apiTest } from '../../support/api-test';
import { loadConfig } from '../../../src/config/config';
import { WEBHOOK_SECRET } from '../../../src/platform/secrets/reseal';
import { open } from '../../../src/platform/secrets/sealed-secrets';
import { syncConfiguredWebhooks } from '../../../src/services/events/webhooks';
import { BACKENDS } from '../../support/backends';
import { BO, integrationToken } from '../../support/integration';
import { createTestApp } from '../../support/harness';
import { declareWebhook, hooks, webhookPath, webhookSettings } from '../../support/webhooks';

const LIST = `${BO}${INTEGRATION_ROUTES.webhooks}`;
const CONFIGURED = {
  id: 'erp-courtier',
  url: 'https://erp.courtage-horizon.test/hooks',
  secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
  eventTypes: ['request.created'],
};

describe.each(BACKENDS)('webhook endpoints of the integration API on %s', (backend) => {
  const it = apiTest
    .extend('readOnly', ({ t, once }) =>
      once('read-only', () => integrationToken(t.app, ['backoffice:read'])),
    )
    .extend(
      'list',
      ({ t, readOnly: { token: reader } }) =>
        async () =>
          (await hooks(t.app, reader, 'GET', LIST)).json<{ webhooks: Record<string, unknown>[] }>()
            .webhooks,
    )
    .override({
      backend,
      appConfig: { webhooks: webhookSettings({ endpoints: [CONFIGURED] }) },
    });

  it('requires an integration token: none or a customer’s gets 401', async ({
    t,
    camille: { token: customer },
  }) => {
    for (const token of ['', customer])
      for (const [method, url] of [
        ['GET', LIST],
        ['POST', LIST],
        ['POST', webhookPath(CONFIGURED.id, 'webhookRotation')],
      ] as const) {
        const response = await hooks(t.app, token, method, url, { url: 'https://a.test/h' });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
  });

  it('declares an endpoint and shows its secret once, never in a listing', async ({
    t,
    integration: { token: writer },
    readOnly: { token: reader },
  }) => {
    const created = await hooks(t.app, writer, 'POST', LIST, {
      url: 'https://hooks.courtage-horizon.test/espace',
      description: 'ERP',
      eventTypes: ['request.created', 'request.status_changed'],
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<{ id: string; secret: string }>();
    expect(body).toMatchObject({
      url: 'https://hooks.courtage-horizon.test/espace',
      description: 'ERP',
      eventTypes: ['request.created', 'request.status_changed'],
      source: 'api',
      disabledAt: null,
    });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const read = await hooks(t.app, reader, 'GET', webhookPath(body.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('secret');
    expect(read.body).not.toContain(body.secret.slice(6));
    const listed = await hooks(t.app, reader, 'GET', LIST);
    expect(listed.body).not.toContain('whsec_');
    expect(listed.json<{ webhooks: { id: string }[] }>().webhooks.map((w) => w.id)).toEqual(
      expect.arrayContaining([body.id, CONFIGURED.id]),
    );
  });

  it('refuses a URL that is not https, or unknown event types, naming the field', async ({
    t,
    integration: { token: writer },
    list,
  }) => {
    const before = await list();
    for (const [payload, field] of [
      [{ url: 'pas une adresse' }, 'url'],
      [{ url: 'ftp://hooks.test/x' }, 'url'],
      [{ url: 'http://hooks.courtage-horizon.test/espace' }, 'url'],
      [{}, 'url'],
      [{ url: 'https://hooks.test/x', eventTypes: ['request.deleted'] }, 'eventTypes.0'],
      [{ url: 'https://hooks.test/x', eventTypes: [] }, 'eventTypes'],
    ] as const) {
      const response = await hooks(t.app, writer, 'POST', LIST, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const fields = response.json<{ error: { fields: Record<string, string> } }>().error.fields;
      expect(fields[field], JSON.stringify(fields)).toMatch(/https|types d’événements/);
    }
    expect(await list()).toEqual(before);
  });

  it('accepts http to the loopback only when the server allows it', async ({
    t,
    integration: { token: writer },
  }) => {
    const local = await declareWebhook(t.app, writer, { url: 'http://127.0.0.1:9/h' });
    expect(local.url).toBe('http://127.0.0.1:9/h');
    const strict = await createTestApp('pglite', {
      webhooks: webhookSettings({ allowLocalHttp: false }),
    });
    try {
      const token = (await integrationToken(strict.app)).token;
      const response = await hooks(strict.app, token, 'POST', LIST, { url: 'http://localhost/h' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { fields: { url: expect.any(String) } } });
    } finally {
      await strict.close();
    }
  });

  it('refuses writes to a read-only client with 403 and changes nothing', async ({
    t,
    integration: { token: writer },
    list,
    readOnly: { token: reader },
  }) => {
    const created = await declareWebhook(t.app, writer, { url: 'https://ro.test/h' });
    const before = await list();
    for (const [method, url] of [
      ['POST', LIST],
      ['DELETE', webhookPath(created.id)],
      ['POST', webhookPath(created.id, 'webhookRotation')],
    ] as const) {
      const response = await hooks(t.app, reader, method, url, { url: 'https://ro.test/h' });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await list()).toEqual(before);
  });

  it('answers 404 for an unknown endpoint', async ({
    t,
    integration: { token: writer },
    readOnly: { token: reader },
  }) => {
    for (const [method, url, token] of [
      ['GET', webhookPath('wh_inconnu'), reader],
      ['GET', webhookPath('wh_inconnu', 'webhookFailures'), reader],
      ['DELETE', webhookPath('wh_inconnu'), writer],
      ['POST', webhookPath('wh_inconnu', 'webhookRotation'), writer],
    ] as const) {
      const response = await hooks(t.app, token, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({
        error: { message: 'Aucun webhook ne porte cet identifiant.' },
      });
    }
  });

  it('rotates a secret: a new one shown once, the old one signing for 24 h', async ({
    t,
    integration: { token: writer },
  }) => {
    const created = await declareWebhook(t.app, writer, { url: 'https://rotate.test/h' });
    const rotated = await hooks(t.app, writer, 'POST', webhookPath(created.id, 'webhookRotation'));
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json<{ secret: string; previousSecretUntil: string }>();
    expect(body.secret).toMatch(/^whsec_/);
    expect(body.secret).not.toBe(created.secret);
    const hours = (Date.parse(body.previousSecretUntil) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('disables an endpoint on DELETE (twice harmless); it can no longer be rotated', async ({
    t,
    integration: { token: writer },
    readOnly: { token: reader },
  }) => {
    const created = await declareWebhook(t.app, writer, { url: 'https://gone.test/h' });
    for (let i = 0; i < 2; i++)
      expect((await hooks(t.app, writer, 'DELETE', webhookPath(created.id))).statusCode).toBe(204);
    const read = await hooks(t.app, reader, 'GET', webhookPath(created.id));
    expect(read.json<{ disabledAt: string | null }>().disabledAt).not.toBeNull();
    const rotation = await hooks(t.app, writer, 'POST', webhookPath(created.id, 'webhookRotation'));
    expect(rotation.statusCode).toBe(409);
  });

  it('keeps a configured endpoint the operator’s: listed, not deleted or rotated by the API', async ({
    t,
    integration: { token: writer },
    readOnly: { token: reader },
  }) => {
    const read = await hooks(t.app, reader, 'GET', webhookPath(CONFIGURED.id));
    expect(read.json()).toMatchObject({
      id: CONFIGURED.id,
      url: CONFIGURED.url,
      source: 'config',
      eventTypes: ['request.created'],
      disabledAt: null,
    });
    for (const [method, url] of [
      ['DELETE', webhookPath(CONFIGURED.id)],
      ['POST', webhookPath(CONFIGURED.id, 'webhookRotation')],
    ] as const)
      expect((await hooks(t.app, writer, method, url)).statusCode).toBe(409);
  });

  it('disables a configured endpoint once it leaves the configuration, and revives it', async ({
    t,
    readOnly: { token: reader },
  }) => {
    await syncConfiguredWebhooks(t.app.db, [], t.app.secretKeys);
    const gone = await hooks(t.app, reader, 'GET', webhookPath(CONFIGURED.id));
    expect(gone.json<{ disabledAt: string | null }>().disabledAt).not.toBeNull();
    await syncConfiguredWebhooks(t.app.db, [CONFIGURED], t.app.secretKeys);
    const back = await hooks(t.app, reader, 'GET', webhookPath(CONFIGURED.id));
    expect(back.json<{ disabledAt: string | null }>().disabledAt).toBeNull();
  });

  it('writes nothing for a configured endpoint already as configured; seals a new secret once', async ({
    t,
  }) => {
    const row = () =>
      sql<{ secret: string; version: string }>`select secret, xmin::text as version
        from event_subscriptions where id = ${CONFIGURED.id}`
        .execute(t.app.db)
        .then((r) => r.rows[0]!);
    const before = await row();
    await syncConfiguredWebhooks(t.app.db, [CONFIGURED], t.app.secretKeys);
    expect(await row()).toEqual(before);
    const changed = { ...CONFIGURED, secret: `whsec_${Buffer.alloc(32, 8).toString('base64')}` };
    await syncConfiguredWebhooks(t.app.db, [changed], t.app.secretKeys);
    const resealed = await row();
    expect(resealed.secret).not.toBe(before.secret);
    expect(open(t.app.secretKeys, resealed.secret, WEBHOOK_SECRET)).toBe(changed.secret);
    await syncConfiguredWebhooks(t.app.db, [changed], t.app.secretKeys);
    expect(await row()).toEqual(resealed);
    await syncConfiguredWebhooks(t.app.db, [CONFIGURED], t.app.secretKeys);
  });
});

describe('WEBHOOK_ENDPOINTS', () => {
  const env = (value: string, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    WEBHOOK_ENDPOINTS: value,
    ...extra,
  });

  it('reads a JSON array of endpoints', () => {
    const config = loadConfig(env(JSON.stringify([CONFIGURED])));
    expect(config.webhooks).toMatchObject({ endpoints: [CONFIGURED], retryMs: 24 * 3_600_000 });
  });

  it('stops the server with a readable list of what is wrong', () => {
    expect(() => loadConfig(env('{pas du json'))).toThrow(/WEBHOOK_ENDPOINTS: un tableau JSON/);
    expect(() =>
      loadConfig(env(JSON.stringify([{ ...CONFIGURED, secret: 'motdepasse' }]))),
    ).toThrow(/WEBHOOK_ENDPOINTS\[0.secret\]: secret : whsec_/);
    expect(() =>
      loadConfig(env(JSON.stringify([{ ...CONFIGURED, url: 'http://erp.test/h' }]))),
    ).toThrow(/WEBHOOK_ENDPOINTS\[erp-courtier\]: L’adresse doit être en https/);
    expect(() => loadConfig(env(JSON.stringify([CONFIGURED, CONFIGURED])))).toThrow(
      /chaque id ne doit figurer qu’une fois/,
    );
  });

  it('refuses a send time-out as long as the relay’s lease (a slow send could leave twice)', () => {
    expect(() =>
      loadConfig(env('[]', { OUTBOX_LEASE_MS: '5000', WEBHOOK_TIMEOUT_MS: '10000' })),
    ).toThrow(/WEBHOOK_TIMEOUT_MS: doit rester sous OUTBOX_LEASE_MS \(5000\)/);
    expect(
      loadConfig(env('[]', { OUTBOX_LEASE_MS: '5000', WEBHOOK_TIMEOUT_MS: '4000' })).webhooks,
    ).toMatchObject({ timeoutMs: 4000 });
  });
});
