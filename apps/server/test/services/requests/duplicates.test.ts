// The same request sent twice while the first is still being handled
// (docs/decisions/0045-duplicate-requests.md): the second is refused with 409
// `duplicate_request` and the first one's reference, even with another idempotency key (a real
// second click after a reload) or sent in parallel; a different content or contract, or a first
// request the broker has closed, is a new request; bad input is a 400 that stores nothing.
import {
  ERROR_CODES,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_REPLAYED_HEADER,
  type RequestList,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { bearer } from '../../support/harness';
import { clearRequests, changesContext, POLICIES, today, yearsAgo } from '../../support/changes';
import { setRequestStatus } from '../../../src/services/requests/request-status';

const driver = (firstName = 'Léa') => ({
  salutation: 'Mme',
  firstName,
  lastName: 'Martin',
  birthDate: yearsAgo(18),
  bonus: 0.85,
  relationToCustomer: 'Enfant',
  driverLicenseNr: 123456789012,
  driverLicensePermDate: today(),
  effectiveDate: today(),
});

describe.each(BACKENDS)('duplicate requests on %s', (backend) => {
  const it = apiTest
    .extend('ctx', ({ t, camille }) => changesContext(t, camille))
    .extend(
      'inject',
      ({ ctx }) =>
        (method: 'POST' | 'PUT', url: string, payload: unknown, key?: string) =>
          ctx.test.app.inject({
            method,
            url: `/api/v1/${url}`,
            headers: {
              ...bearer(ctx.token),
              [IDEMPOTENCY_HEADER]: key ?? crypto.randomUUID(),
            },
            payload: payload as object,
          }),
    )
    .extend(
      'addDriver',
      ({ ctx, inject }) =>
        (body: unknown = driver(), policy: string = POLICIES.active, key?: string) =>
          inject('POST', `policy/accounts/${ctx.accountId}/${policy}/driver`, body, key),
    )
    .extend(
      'callBack',
      ({ ctx, inject }) =>
        (phone: string) =>
          inject('POST', `account/accounts/${ctx.accountId}/mail/phone-contact`, { phone }),
    )
    .extend(
      'message',
      ({ ctx, inject }) =>
        (text: string) =>
          inject('POST', `account/accounts/${ctx.accountId}/mail/mail-contact`, { text }),
    )
    .extend(
      'listed',
      ({ ctx }) =>
        async () =>
          (
            await ctx.test.app.inject({
              method: 'GET',
              url: `/api/v1/account/accounts/${ctx.accountId}/requests?pageSize=50`,
              headers: bearer(ctx.token),
            })
          ).json<RequestList>().items,
    )
    .override({ backend });

  it.beforeEach(async ({ ctx }) => {
    const db = ctx.test.database.handle.db;
    await clearRequests(ctx);
    await db.deleteFrom('outbox').where('account_id', '=', ctx.accountId).execute();
    await db.deleteFrom('request_statuses').execute();
    await db.deleteFrom('idempotency_keys').execute();
  });

  it('answers a second identical request with the first one’s reference, recorded once', async ({
    addDriver,
    ctx,
    listed,
  }) => {
    const first = await addDriver();
    expect(first.statusCode).toBe(200);
    const { reference } = first.json<{ reference: string }>();
    expect(reference).toMatch(/^DEM-[0-9A-F]{8}$/);

    // Another idempotency key: the customer reloaded the page and sent the form again.
    const second = await addDriver({ ...driver(), firstName: '  léa ', lastName: 'MARTIN' });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: {
        code: ERROR_CODES.duplicateRequest,
        message: `Une demande identique est déjà en cours (réf.\u00a0${reference}).`,
        reference,
      },
    });
    expect(await ctx.requests()).toHaveLength(1);
    expect((await listed()).map((r) => r.reference)).toEqual([reference]);
  });

  it('replays the first answer for the same idempotency key, as before', async ({
    addDriver,
    ctx,
  }) => {
    const key = crypto.randomUUID();
    const first = await addDriver(driver(), POLICIES.active, key);
    const again = await addDriver(driver(), POLICIES.active, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER.toLowerCase()]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await ctx.requests()).toHaveLength(1);
  });

  it('records one request when identical submissions arrive in parallel', async ({
    addDriver,
    ctx,
  }) => {
    const answers = await Promise.all([addDriver(), addDriver(), addDriver()]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409]);
    const accepted = answers.find((a) => a.statusCode === 200)!.json<{ reference: string }>();
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json<{ error: { reference: string } }>().error.reference).toBe(
        accepted.reference,
      );
    }
    expect(await ctx.requests()).toHaveLength(1);
  });

  it('accepts a different content or another contract as a new request', async ({
    addDriver,
    ctx,
  }) => {
    const first = await addDriver(driver('Léa'));
    const otherDriver = await addDriver(driver('Hugo'));
    const otherContract = await addDriver(driver('Léa'), POLICIES.withInes);
    expect([first, otherDriver, otherContract].map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const references = [first, otherDriver, otherContract].map(
      (a) => a.json<{ reference: string }>().reference,
    );
    expect(new Set(references).size).toBe(3);
    expect(await ctx.requests()).toHaveLength(3);
  });

  it('accepts the same request again once the broker has closed the first one', async ({
    addDriver,
    ctx,
    listed,
  }) => {
    const first = (await addDriver()).json<{ reference: string }>();
    const [request] = await listed();
    await setRequestStatus(ctx.test.database.handle.db, request!.id, 'in_progress');
    expect((await addDriver()).statusCode).toBe(409);

    await setRequestStatus(ctx.test.database.handle.db, request!.id, 'refused', 'Pièce manquante.');
    const again = await addDriver();
    expect(again.statusCode).toBe(200);
    expect(again.json<{ reference: string }>().reference).not.toBe(first.reference);
    expect(await ctx.requests()).toHaveLength(2);
  });

  it('refuses a repeated call-back or message, not a different one', async ({
    callBack,
    listed,
    message,
  }) => {
    const phone = await callBack('06 12 34 56 78');
    expect(phone.statusCode).toBe(200);
    const repeat = await callBack('06 12 34 56 78');
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json<{ error: { reference: string } }>().error.reference).toBe(
      phone.json<{ reference: string }>().reference,
    );
    expect((await callBack('07 00 00 00 01')).statusCode).toBe(200);

    expect((await message('Où en est mon dossier ?')).statusCode).toBe(200);
    expect((await message('où en est  mon dossier ?')).statusCode).toBe(409);
    expect((await message('Et ma carte verte ?')).statusCode).toBe(200);
    expect((await listed()).map((r) => r.kind).sort()).toEqual(
      ['call_back', 'call_back', 'email_message', 'email_message'].sort(),
    );
  });

  it('refuses bad input with a 400 and stores nothing', async ({
    addDriver,
    callBack,
    ctx,
    listed,
  }) => {
    const bad = await addDriver({ ...driver(), birthDate: 'demain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe(ERROR_CODES.validation);
    expect((await callBack('pas un numéro')).statusCode).toBe(400);
    expect(await ctx.requests()).toEqual([]);
    expect(await listed()).toEqual([]);
    // Nothing half-done blocks the valid request that follows.
    expect((await addDriver()).statusCode).toBe(200);
  });
});
