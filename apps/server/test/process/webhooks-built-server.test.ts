// Webhooks on the compiled server (docs/decisions/0089-tests-run-the-build.md,
// 0091-webhooks-public-addresses-and-secrets-at-rest.md), one PGlite data folder started four
// times: the configuration is what changes, as an operator would change it.
// 1. WEBHOOK_ALLOWED_NETWORKS=127.0.0.1/32, SECRETS_KEY=K1: endpoints are declared to the test's
//    receiver (127.0.0.1) and to https://localhost, both allowed; the data folder, read after the
//    stop, holds neither secret, only ciphertexts under K1.
// 2. No allowed network, SECRETS_KEY=K2 with K1 as SECRETS_KEY_PREVIOUS: every internal address
//    form is refused at declaration with its French 400; an event's deliveries to 127.0.0.1 and to
//    localhost (a name the system resolves to 127.0.0.1) are refused without a connection, listed
//    as failures with the reason; every secret is now under K2.
// 3. 127.0.0.1/32 allowed again, K2 alone: the delivery verifies with the secret the broker was
//    given in step 1.
// 4. K3 alone: the server does not start, and says which key the database needs.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { INTEGRATION_ROUTES } from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { secretKeys } from '../../src/platform/secrets/sealed-secrets';
import { KEY_FILE } from '../../src/platform/secrets/secret-keys';
import { BO, requestToken } from '../support/integration';
import { toolCommand } from '../support/built-server';
import { dumpRows, secretForms } from '../support/database-dump';
import { bearer, DEMO, signIn, subjectOf } from '../support/harness';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { testConfig } from '../support/test-config';
import { startReceiver, type Receiver } from '../support/webhook-receiver';
import { webhookPath, type CreatedWebhook } from '../support/webhooks';

const LIST = `${BO}${INTEGRATION_ROUTES.webhooks}`;
const [K1, K2, K3] = [randomBytes(32), randomBytes(32), randomBytes(32)];
const b64 = (key: Buffer) => key.toString('base64');
const keyId = (key: Buffer) => secretKeys(key).current.id;

describe('webhooks on the compiled server', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  let dataDir: string;
  let receiver: Receiver;
  /** Where https://localhost:<its port> would connect: an http server on 127.0.0.1. */
  let local: Receiver;
  let client: { id: string; secret: string };
  let env: Record<string, string>;
  let declared: CreatedWebhook;
  let viaName: CreatedWebhook;

  beforeAll(async () => {
    receiver = await startReceiver();
    local = await startReceiver();
    cleanup.push(
      () => receiver.close(),
      () => local.close(),
    );
    dataDir = await mkdtemp(path.join(tmpdir(), 'espace-webhooks-built-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    env = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      PUBLIC_URL: 'http://localhost:3000',
      WEBHOOK_ALLOW_LOCAL_HTTP: 'true',
      OUTBOX_INTERVAL_MS: '200',
      OUTBOX_RETRY_BASE_MS: '200',
      OUTBOX_LEASE_MS: '3000',
      WEBHOOK_TIMEOUT_MS: '2000',
      SECRETS_KEY: b64(K1),
    };
    // The demo data, then an integration client with the compiled tool (PGlite opens its
    // folder in one process at a time).
    await stopped((await startPortal(env)).child, 'SIGTERM');
    const created = await promisify(execFile)(
      process.execPath,
      [
        ...toolCommand('client'),
        'create',
        'Courtier',
        '--scopes',
        'backoffice:read,backoffice:write',
      ],
      { env: { ...process.env, ...env, INIT_CWD: process.cwd(), LOG_LEVEL: 'silent' } },
    );
    client = {
      id: /client_id:\s+(\S+)/.exec(created.stdout)![1]!,
      secret: /client_secret:\s+(\S+)/.exec(created.stdout)![1]!,
    };
  }, 180_000);
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  }, 60_000);

  /** The server with `extra` configuration, an integration token and a customer's token. */
  async function start(extra: Record<string, string>) {
    const portal: Portal = await startPortal({ ...env, ...extra });
    cleanup.push(() => stopped(portal.child, 'SIGKILL'));
    const http = overHttp(portal.url);
    const token = await requestToken(http, client.id, client.secret, {
      scope: 'backoffice:read backoffice:write',
    });
    const broker = token.json<{ access_token: string }>().access_token;
    const customer = (
      await signIn(http, testConfig({ publicUrl: 'http://localhost:3000' }), DEMO.camille)
    ).access_token;
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      http.inject({
        method,
        url,
        headers: bearer(broker),
        ...(payload === undefined ? {} : { payload }),
      });
    let consent = false;
    /** A consent change: one event for every endpoint. */
    const event = async () => {
      consent = !consent;
      const url = `/api/v1/consent/accounts/${subjectOf(customer)}/${consent}`;
      const response = await http.inject({ method: 'PUT', url, headers: bearer(customer) });
      expect(response.statusCode).toBeLessThan(300);
    };
    return { portal, call, event, stop: () => stopped(portal.child, 'SIGTERM') };
  }

  /** Every row of the data folder's database as text, the server stopped. */
  async function dump(): Promise<string> {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      return await dumpRows(database.db);
    } finally {
      await database.close();
    }
  }

  it('keeps the secrets of the endpoints it accepted sealed under SECRETS_KEY', async () => {
    const server = await start({ WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' });
    const declare = async (url: string) => {
      const response = await server.call('POST', LIST, { url });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as CreatedWebhook;
    };
    declared = await declare(receiver.url);
    viaName = await declare(`https://localhost:${new URL(local.url).port}/hooks`);
    receiver.secrets.push(declared.secret);
    await server.stop();
    const rows = await dump();
    for (const form of [declared, viaName].flatMap((w) => secretForms(w.secret)))
      expect(rows).not.toContain(form);
    expect(rows).not.toContain('whsec_');
    expect(rows).toContain(`enc:v1:${keyId(K1)}:`);
    expect(existsSync(path.join(dataDir, KEY_FILE))).toBe(false);
  });

  it('refuses internal addresses at declaration and at delivery, and seals under the new key', async () => {
    const server = await start({
      SECRETS_KEY: b64(K2),
      SECRETS_KEY_PREVIOUS: b64(K1),
    });
    const before = (await server.call('GET', LIST)).body;
    for (const [url, address] of [
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
      ['https://10.0.0.1/admin', '10.0.0.1'],
      ['https://[fd00::1]/', 'fd00::1'],
      ['http://2130706433:8080/h', '127.0.0.1'],
      ['http://127.000.000.001:8080/h', '127.0.0.1'],
      ['https://localhost/h', 'localhost désigne 127.0.0.1'],
    ]) {
      const response = await server.call('POST', LIST, { url });
      // Accepted by mistake: disabled at once, so no event of these tests goes there.
      if (response.statusCode === 201)
        await server.call('DELETE', webhookPath(response.json<{ id: string }>().id));
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        error: { code: 'validation_error', fields: { url: expect.stringContaining(address!) } },
      });
    }
    expect((await server.call('GET', LIST)).body).toBe(before);

    await server.event();
    for (const [endpoint, reason] of [
      [declared, 'L’adresse 127.0.0.1 est une adresse de boucle locale'],
      [viaName, 'localhost désigne 127.0.0.1, une adresse de boucle locale'],
    ] as const)
      await vi.waitFor(
        async () => {
          const listed = await server.call('GET', webhookPath(endpoint.id, 'webhookFailures'));
          expect(listed.json<{ failures: { lastError: string }[] }>().failures).toEqual([
            expect.objectContaining({ attempts: 1, lastError: expect.stringContaining(reason) }),
          ]);
        },
        { timeout: 15_000, interval: 200 },
      );
    expect(receiver.connections).toBe(0);
    expect(local.connections).toBe(0);
    expect((await server.call('DELETE', webhookPath(viaName.id))).statusCode).toBe(204);
    await server.stop();
    const rows = await dump();
    expect(rows).toContain(`enc:v1:${keyId(K2)}:`);
    expect(rows).not.toContain(`enc:v1:${keyId(K1)}:`);
  });

  it('delivers with the secret the broker was given, under the new key alone', async () => {
    const server = await start({ SECRETS_KEY: b64(K2), WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1/32' });
    await server.event();
    await vi.waitFor(() => expect(receiver.deliveries).toHaveLength(1), { timeout: 15_000 });
    expect(receiver.deliveries[0]!.validFor).toEqual([declared.secret]);
    await server.stop();
  });

  it('does not start without the key its secrets are sealed under, and names it', async () => {
    await expect(startPortal({ ...env, SECRETS_KEY: b64(K3) })).rejects.toThrow(
      `sealed under key ${keyId(K2)}, which is neither SECRETS_KEY (${keyId(K3)})`,
    );
  });
});
