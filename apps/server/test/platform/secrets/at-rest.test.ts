// Webhook signing secrets, the staff's TOTP secrets and the embedded provider's keys are sealed at
// rest (docs/decisions/0091-webhooks-public-addresses-and-secrets-at-rest.md, docs/operations.md
// « Secrets at rest »): a dump of the database (every row as text, and pg_dump on PostgreSQL)
// holds no webhook secret in any form, declared by the API, rotated or configured, no TOTP secret
// pending or enrolled, and no private key of the provider, while deliveries still verify with the
// secrets the broker received and codes with the staff member's authenticator. A database an earlier
// version wrote in clear is sealed at the next start; SECRETS_KEY rotates with
// SECRETS_KEY_PREVIOUS (everything sealed again under the new key at start), and a start without
// the key a secret is under stops, naming that key.
import type { JWK } from 'jose';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../src/app';
import { TEST_SECRETS_KEY } from '../../../src/config/secrets';
import { down as unsealedSchema } from '../../../src/db/migrations/0035-sealed-secrets';
import { down as unsealedTotpSchema } from '../../../src/db/migrations/0036-sealed-totp-secrets';
import { migrations } from '../../../src/db/migrations';
import { appSecretPurpose } from '../../../src/platform/secrets/reseal';
import { open, secretKeys } from '../../../src/platform/secrets/sealed-secrets';
import { createStaffAccount } from '../../../src/services/staff/staff-accounts';
import {
  confirmEnrolment,
  pendingEnrolment,
  verifySecondFactor,
} from '../../../src/services/identity/totp';
import { apiTest } from '../../support/api-test';
import { BACKENDS, type BackendName } from '../../support/backends';
import { integrationToken } from '../../support/integration';
import { dumpRows, pgDump, secretForms } from '../../support/database-dump';
import { createTestApp, DEMO, signIn, type TestApp } from '../../support/harness';
import { testConfig } from '../../support/test-config';
import { createStaff, totpCode } from '../../support/staff';
import { startReceiver, type Receiver } from '../../support/webhook-receiver';
import {
  consentEvent,
  declareWebhook,
  FAST_OUTBOX,
  hooks,
  webhookPath,
  webhookSettings,
} from '../../support/webhooks';

const CONFIGURED = {
  id: 'erp-configure',
  url: 'https://erp.courtage-horizon.test/hooks',
  secret: `whsec_${Buffer.alloc(32, 9).toString('base64')}`,
};
const KEY_2 = Buffer.alloc(32, 2);
const KEY_3 = Buffer.alloc(32, 3);
const keyId = (key: Buffer) => secretKeys(key).current.id;

/** The provider's private signing key (its RSA `d`), opened with `key`. */
async function providerPrivateKey(app: TestApp['app'], key: Buffer): Promise<string> {
  const row = await app.db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', 'oidc.jwks')
    .executeTakeFirstOrThrow();
  const text = open(
    secretKeys(key),
    (row.value as { sealed: string }).sealed,
    appSecretPurpose('oidc.jwks'),
  );
  return (JSON.parse(text) as { keys: JWK[] }).keys[0]!.d!;
}

const settings = () => ({
  outbox: FAST_OUTBOX,
  webhooks: webhookSettings({ endpoints: [CONFIGURED] }),
});

describe.each(BACKENDS)('webhook secrets at rest on %s', (backend: BackendName) => {
  const it = apiTest
    .extend('receiver', ({ once }) =>
      once('receiver', startReceiver, (receiver) => receiver.close()),
    )
    .override({ backend, appConfig: settings() });

  it('leaves no webhook secret and no provider key in a dump; deliveries still verify', async ({
    t,
    receiver,
  }) => {
    const writer = (await integrationToken(t.app)).token;
    const first = await declareWebhook(t.app, writer, { url: receiver.url });
    const rotated = await hooks(t.app, writer, 'POST', webhookPath(first.id, 'webhookRotation'));
    const { secret } = rotated.json<{ secret: string }>();
    const dumps = [await dumpRows(t.app.db)];
    const dumped = t.database.url && (await pgDump(t.database.url));
    if (dumped) dumps.push(dumped);
    const forms = [first.secret, secret, CONFIGURED.secret].flatMap(secretForms);
    forms.push(await providerPrivateKey(t.app, TEST_SECRETS_KEY));
    for (const dump of dumps) {
      for (const form of forms) expect(dump).not.toContain(form);
      expect(dump).not.toContain('whsec_');
      expect(dump).toContain(`enc:v1:${keyId(TEST_SECRETS_KEY)}:`);
    }
    // The broker's receiver verifies with the secrets it was given: both, during the grace.
    receiver.secrets.push(first.secret, secret);
    const customer = (await signIn(t.app, t.config, DEMO.camille)).access_token;
    const id = await consentEvent(t.app, customer, true);
    await vi.waitFor(() => expect(receiver.deliveries.map((d) => d.id)).toContain(id), {
      timeout: 10_000,
    });
    expect(receiver.deliveries.find((d) => d.id === id)!.validFor).toEqual([first.secret, secret]);
    await hooks(t.app, writer, 'DELETE', webhookPath(first.id));
  });

  it('leaves no staff TOTP secret in a dump, pending or enrolled; codes still verify', async ({
    t,
  }) => {
    const { db, secretKeys: keys } = t.app;
    const staff = await createStaffAccount(db, {
      email: `totp-${backend}@courtage.test`,
      displayName: 'Alex Conseiller',
      role: 'agent',
      createdBy: 'test',
    });
    const owner = { staffId: staff.id };
    const { secret } = await pendingEnrolment(db, keys, owner, staff.email);
    const forms = [secret, Buffer.from(secret).toString('base64')];
    for (const form of forms) expect(await dumpRows(db)).not.toContain(form);
    // The same pending secret while its QR code is shown, then enrolled by a code of it.
    expect((await pendingEnrolment(db, keys, owner, staff.email)).secret).toBe(secret);
    const now = Date.now();
    expect(await confirmEnrolment(db, keys, owner, totpCode(secret, now), now)).toHaveLength(10);
    for (const form of forms) expect(await dumpRows(db)).not.toContain(form);
    const later = now + 30_000;
    expect(await verifySecondFactor(db, keys, owner, totpCode(secret, later), later)).toBe('otp');
  });
});

describe.each(BACKENDS)('sealing and key rotation on %s', (backend: BackendName) => {
  let r: TestApp;
  let receiver: Receiver;
  const apps: TestApp['app'][] = [];
  /** The app on r's database with `keys` (r's own app closed first). */
  async function restart(key: Buffer, previousKeys: Buffer[] = []) {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    const config = testConfig({
      ...settings(),
      documentsDir: r.config.documentsDir,
      secrets: { key, previousKeys },
    });
    const app = await buildApp(config, { database: r.database.handle, logger: false });
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    receiver = await startReceiver();
    r = await createTestApp(backend, settings());
    apps.push(r.app);
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await r.database.drop();
    await receiver.close();
  });

  it('seals what an earlier version wrote in clear, at the next start', async () => {
    const writer = (await integrationToken(r.app)).token;
    const endpoint = await declareWebhook(r.app, writer, { url: receiver.url });
    const privateKey = await providerPrivateKey(r.app, TEST_SECRETS_KEY);
    const staff = await createStaff(r.app.db, { role: 'agent' });
    const db = r.app.db;
    // The database as the version before migrations 0035 and 0036 left it: secrets in clear.
    const jwks = await db.selectFrom('app_secrets').select(['name', 'value']).execute();
    // The migrations after them are undone too, latest first, as the version before them had none.
    const later = Object.entries(migrations)
      .filter(([name]) => name > '0036')
      .reverse();
    for (const [, migration] of later) await migration.down!(db as unknown as Kysely<unknown>);
    await unsealedSchema(db as unknown as Kysely<unknown>);
    await unsealedTotpSchema(db as unknown as Kysely<unknown>);
    await db
      .updateTable('event_subscriptions')
      .set({ secret: endpoint.secret })
      .where('id', '=', endpoint.id)
      .execute();
    await db
      .updateTable('staff_accounts')
      .set({ totp_secret: staff.totpSecret })
      .where('id', '=', staff.id)
      .execute();
    for (const { name, value } of jwks) {
      const plain = open(
        secretKeys(TEST_SECRETS_KEY),
        (value as { sealed: string }).sealed,
        appSecretPurpose(name),
      );
      await sql`update app_secrets set value = ${plain}::jsonb where name = ${name}`.execute(db);
    }
    await sql`delete from schema_migrations where name >= '0035'`.execute(db);
    expect(await dumpRows(db)).toContain(secretForms(endpoint.secret)[0]);
    expect(await dumpRows(db)).toContain(staff.totpSecret);

    const app = await restart(TEST_SECRETS_KEY);
    const dump = await dumpRows(app.db);
    for (const form of [...secretForms(endpoint.secret), privateKey, staff.totpSecret])
      expect(dump).not.toContain(form);
    const now = Date.now();
    expect(
      await verifySecondFactor(
        app.db,
        app.secretKeys,
        { staffId: staff.id },
        totpCode(staff.totpSecret, now),
        now,
      ),
    ).toBe('otp');
    // The same provider keys (tokens it signed still verify), the same webhook secret.
    expect(await providerPrivateKey(app, TEST_SECRETS_KEY)).toBe(privateKey);
    receiver.secrets.push(endpoint.secret);
    const customer = (await signIn(app, r.config, DEMO.jean)).access_token;
    const id = await consentEvent(app, customer, true);
    await vi.waitFor(() => expect(receiver.deliveries.map((d) => d.id)).toContain(id), {
      timeout: 10_000,
    });
    expect(receiver.unsigned()).toEqual([]);
    // The database now refuses a secret written in clear.
    await expect(
      db.updateTable('event_subscriptions').set({ secret: 'whsec_AAAA' }).execute(),
    ).rejects.toThrow(/event_subscriptions_secret_sealed/);
    await expect(
      db.updateTable('staff_accounts').set({ totp_pending_secret: 'JBSWY3DPEHPK3PXP' }).execute(),
    ).rejects.toThrow(/staff_accounts_totp_pending_secret_sealed/);
    // The provider's keys too, whatever JSON a clear value is (the cookie keys were an array).
    for (const clear of [['cle-en-clair'], { keys: [{ d: 'privee' }] }, { sealed: 'en clair' }])
      await expect(
        db
          .insertInto('app_secrets')
          .values({ name: `test-${JSON.stringify(clear).length}`, value: JSON.stringify(clear) })
          .execute(),
      ).rejects.toThrow(/app_secrets_value_sealed/);
  });

  it('rotates SECRETS_KEY: sealed again under the new key at start, the old key then unneeded', async () => {
    const db = r.app.db;
    await restart(KEY_2, [TEST_SECRETS_KEY]);
    const dump = await dumpRows(db);
    expect(dump).toContain(`enc:v1:${keyId(KEY_2)}:`);
    expect(dump).not.toContain(`enc:v1:${keyId(TEST_SECRETS_KEY)}:`);
    // The new key alone now opens everything: deliveries verify, customers sign in.
    const app = await restart(KEY_2);
    const customer = (await signIn(app, r.config, DEMO.lea)).access_token;
    const before = receiver.deliveries.length;
    const id = await consentEvent(app, customer, false);
    await vi.waitFor(() => expect(receiver.deliveries.map((d) => d.id)).toContain(id), {
      timeout: 10_000,
    });
    expect(receiver.deliveries.length).toBeGreaterThan(before);
    expect(receiver.unsigned()).toEqual([]);
    expect(await providerPrivateKey(app, KEY_2)).toMatch(/^[\w-]{100,}$/);
    // A key that sealed nothing here: the start stops and names the key it needs.
    await expect(restart(KEY_3)).rejects.toThrow(
      `sealed under key ${keyId(KEY_2)}, which is neither SECRETS_KEY (${keyId(KEY_3)}) nor in SECRETS_KEY_PREVIOUS`,
    );
  });
});
