// A write sent again with the same Idempotency-Key (double click, reload, retry after a
// lost answer) is recorded once and answered as the first time; keys are per account and route;
// a refused key changes nothing; a failure the server caused (5xx) is not kept.
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_REPLAYED_HEADER } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { bearer, DEMO, signIn, subjectOf } from '../../support/harness';
import { clearRequests, changesContext, POLICIES, today, yearsAgo } from '../../support/changes';
import {
  MULTIPART_HEADERS,
  multipartBody,
  receivedRowCount,
  samplePdf,
  storedFileCount,
  upfile,
} from '../../support/documents';

describe.each(BACKENDS)('idempotent writes on %s', (backend) => {
  const it = apiTest
    .extend('ctx', ({ t, camille }) => changesContext(t, camille))
    .extend(
      'addDriver',
      ({ ctx }) =>
        (
          key: string | undefined,
          policy: string = POLICIES.active,
          token = ctx.token,
          payload: object = driver(),
        ) =>
          ctx.test.app.inject({
            method: 'POST',
            url: `/api/v1/policy/accounts/${ctx.accountId}/${policy}/driver`,
            headers: {
              ...bearer(token),
              ...(key === undefined ? {} : { [IDEMPOTENCY_HEADER]: key }),
            },
            payload,
          }),
    )
    .override({ backend });

  it.beforeEach(async ({ ctx }) => {
    await clearRequests(ctx);
    await ctx.test.database.handle.db.deleteFrom('idempotency_keys').execute();
  });

  const driver = () => ({
    salutation: 'Mme',
    firstName: 'Léa',
    lastName: 'Martin',
    birthDate: yearsAgo(18),
    bonus: 0.85,
    relationToCustomer: 'Enfant',
    driverLicenseNr: 123456789012,
    driverLicensePermDate: today(),
    effectiveDate: today(),
  });

  it('records the same change request sent twice once, and answers the repeat the same', async ({
    addDriver,
    ctx,
  }) => {
    const key = crypto.randomUUID();
    const first = await addDriver(key);
    const again = await addDriver(key);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(first.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await ctx.requests()).toHaveLength(1);
  });

  it('records two concurrent requests with one key (a double click) once', async ({
    addDriver,
    ctx,
  }) => {
    const key = crypto.randomUUID();
    const answers = await Promise.all([addDriver(key), addDriver(key), addDriver(key)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await ctx.requests()).toHaveLength(1);
  });

  it('answers the same submission with another key, or none, as a duplicate', async ({
    addDriver,
    ctx,
  }) => {
    // docs/decisions/0045-duplicate-requests.md: a real second click after a reload.
    const first = await addDriver(crypto.randomUUID());
    const second = await addDriver(crypto.randomUUID());
    const third = await addDriver(undefined);
    expect([second.statusCode, third.statusCode]).toEqual([409, 409]);
    expect(second.json().error.reference).toBe(first.json().reference);
    expect(await ctx.requests()).toHaveLength(1);
  });

  it('refuses the same key with other values (422, French reason) and changes nothing', async ({
    addDriver,
    ctx,
  }) => {
    const key = crypto.randomUUID();
    expect((await addDriver(key)).statusCode).toBe(200);
    const other = await addDriver(key, POLICIES.active, ctx.token, {
      ...driver(),
      firstName: 'Paul',
    });
    expect(other.statusCode).toBe(422);
    expect(other.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
    expect(other.json()).toMatchObject({
      error: {
        message:
          'Cette clé d’idempotence a déjà servi pour une demande différente\u00a0: la nouvelle demande n’a pas été prise en compte. Rechargez la page puis recommencez.',
      },
    });
    const requests = await ctx.requests();
    expect(requests).toHaveLength(1);
    expect(JSON.stringify(requests[0]!.payload)).toContain('Léa');
    expect(JSON.stringify(requests[0]!.payload)).not.toContain('Paul');
    // The same values in another order are the same request: replayed.
    const reordered = Object.fromEntries(Object.entries(driver()).reverse());
    const again = await addDriver(key, POLICIES.active, ctx.token, reordered);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(await ctx.requests()).toHaveLength(1);
  });

  it('keeps a refusal as the answer to its repeat, with its French reason', async ({
    addDriver,
    ctx,
  }) => {
    const key = crypto.randomUUID();
    const refused = await addDriver(key, POLICIES.terminated);
    const again = await addDriver(key, POLICIES.terminated);
    expect(refused.statusCode).toBe(409);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(await ctx.requests()).toEqual([]);
  });

  it('scopes a key to its route: the same key on another policy is another request', async ({
    addDriver,
    ctx,
  }) => {
    const key = crypto.randomUUID();
    await addDriver(key, POLICIES.active);
    await addDriver(key, POLICIES.withInes);
    expect(await ctx.requests()).toHaveLength(2);
  });

  it('scopes a key to its account: another customer with the same key is recorded', async ({
    addDriver,
    ctx,
  }) => {
    const key = crypto.randomUUID();
    await addDriver(key);
    const other = await signIn(ctx.test.app, ctx.test.config, DEMO.jean);
    const otherId = subjectOf(other.access_token);
    const response = await ctx.test.app.inject({
      method: 'POST',
      url: `/api/v1/account/accounts/${otherId}/mail/phone-contact`,
      headers: { ...bearer(other.access_token), [IDEMPOTENCY_HEADER]: key },
      payload: { phone: '06 12 34 56 78' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBeUndefined();
  });

  it('refuses a malformed key with a French reason and records nothing', async ({
    addDriver,
    ctx,
  }) => {
    const response = await addDriver('x');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: 'La clé d’idempotence n’est pas valide.' },
    });
    expect(await ctx.requests()).toEqual([]);
  });

  it('records the same document upload (multipart) sent twice with one key once', async ({
    ctx,
  }) => {
    // camille's policy started 12 days ago, its 'mandat_sepa' still to be sent (1 file).
    const url = `/api/v1/document/accounts/${ctx.accountId}/policy/AU2026104512/uploadfile`;
    const body = multipartBody([
      { name: 'fileType', value: 'mandat_sepa' },
      upfile('mandat.pdf', await samplePdf()),
    ]);
    const upload = (key: string) =>
      ctx.test.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(ctx.token), ...MULTIPART_HEADERS, [IDEMPOTENCY_HEADER]: key },
        payload: body,
      });
    const kept = async () => ({
      rows: await receivedRowCount(ctx.test.app),
      files: await storedFileCount(ctx.test.config.documentsDir),
    });
    const before = await kept();
    const key = crypto.randomUUID();
    const first = await upload(key);
    const again = await upload(key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await kept()).toEqual({ rows: before.rows + 1, files: before.files + 1 });
  });

  it('keeps answers for at least 24 hours and purges them after twice that', async ({
    addDriver,
    ctx,
  }) => {
    const { purgeIdempotencyKeys } = await import('../../../src/platform/idempotency/idempotency');
    const db = ctx.test.database.handle.db;
    const key = crypto.randomUUID();
    await addDriver(key);
    await db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 25 * 3600_000) })
      .execute();
    await purgeIdempotencyKeys(db);
    expect((await addDriver(key)).headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    await db
      .updateTable('idempotency_keys')
      .set({ created_at: new Date(Date.now() - 49 * 3600_000) })
      .execute();
    await purgeIdempotencyKeys(db);
    expect(await db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
  });
});
