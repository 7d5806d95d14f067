// API of docs/product/changes.md POST and DELETE /policy/accounts/{accountId}/{policyNumber}/driver: 200 { reference } and
// one 'received' request row on success; every refusal leaves no row.
import { CHANGE_MESSAGES, MESSAGES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import {
  clearRequests,
  daysFrom,
  changesContext,
  POLICIES,
  today,
  yearsAgo,
} from '../../../support/changes';

const { required: REQUIRED, invalid: INVALID, api: API } = CHANGE_MESSAGES;

describe.each(BACKENDS)('driver changes on %s', (backend) => {
  const ines = () => ({
    salutation: 'Mme',
    firstName: 'ines',
    lastName: 'MARTIN',
    birthDate: '21.03.2006',
    effectiveDate: today(),
  });
  const it = apiTest
    .extend('ctx', ({ t, camille }) => changesContext(t, camille))
    .extend(
      'addDriver',
      ({ ctx }) =>
        (policy: string, body: unknown = newDriver(), token?: string) =>
          ctx.send('POST', `${policy}/driver`, body, token),
    )
    .extend(
      'removeDriver',
      ({ ctx }) =>
        (policy: string, body: unknown = ines(), token?: string) =>
          ctx.send('DELETE', `${policy}/driver`, body, token),
    )
    .override({ backend });

  it.beforeEach(({ ctx }) => clearRequests(ctx));

  const newDriver = () => ({
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

  describe('POST …/driver', () => {
    it('requires authentication', async ({ addDriver, ctx }) => {
      const response = await addDriver(POLICIES.active, newDriver(), '');
      expect(response.statusCode).toBe(401);
      expect(await ctx.requests()).toEqual([]);
    });

    it('records the request with ISO dates and answers 200 with its reference', async ({
      addDriver,
      ctx,
    }) => {
      const response = await addDriver(POLICIES.active, {
        ...newDriver(),
        birthDate: yearsAgo(30).split('-').reverse().join('.'),
        bonus: '0,85',
        driverLicenseNr: '0123 4567 8901',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ reference: expect.stringMatching(/^DEM-[0-9A-F]{8}$/) });
      expect(await ctx.requests()).toEqual([
        {
          type: 'add_driver',
          policy_number: POLICIES.active,
          status: 'received',
          payload: { ...newDriver(), birthDate: yearsAgo(30), driverLicenseNr: '012345678901' },
        },
      ]);
    });

    it('does not add the driver to the policy before the broker confirms', async ({
      addDriver,
      ctx,
    }) => {
      await addDriver(POLICIES.active);
      const policies = await ctx.test.app.inject({
        method: 'GET',
        url: `/api/v1/policy/accounts/${ctx.accountId}`,
        headers: { authorization: `Bearer ${ctx.token}` },
      });
      const policy = policies
        .json<{ policyNumber: string; drivers: { firstName: string }[] }[]>()
        .find((p) => p.policyNumber === POLICIES.active);
      expect(policy?.drivers.map((d) => d.firstName)).toEqual(['Camille', 'Thomas']);
    });

    it.for<[string, Record<string, unknown>, string, string]>([
      [
        'a driver one day short of 18',
        { birthDate: daysFrom(yearsAgo(18), 1) },
        'birthDate',
        INVALID.minAge,
      ],
      [
        'an effective date yesterday',
        { effectiveDate: daysFrom(today(), -1) },
        'effectiveDate',
        INVALID.pastDate,
      ],
      ['an impossible date', { effectiveDate: '31.02.2030' }, 'effectiveDate', INVALID.date],
      ['a missing first name', { firstName: '  ' }, 'firstName', REQUIRED.firstName],
      [
        'a licence number of 11 digits typed',
        { driverLicenseNr: '12345678901' },
        'driverLicenseNr',
        INVALID.driverLicenseNr(12),
      ],
      ['an unknown salutation', { salutation: 'Dr' }, 'salutation', REQUIRED.salutation],
    ])(
      'refuses %s with 400 and the form’s French message',
      async ([_, change, field, message], { addDriver, ctx }) => {
        const response = await addDriver(POLICIES.active, { ...newDriver(), ...change });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: {
            code: 'validation_error',
            message: MESSAGES.api.validation,
            fields: { [field]: message },
          },
        });
        expect(await ctx.requests()).toEqual([]);
      },
    );

    it('refuses a policy of another account with 404 and a terminated one with 409', async ({
      addDriver,
      ctx,
    }) => {
      const other = await addDriver(POLICIES.otherAccount);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(MESSAGES.api.policyNotFound);
      const terminated = await addDriver(POLICIES.terminated);
      expect(terminated.statusCode).toBe(409);
      expect(terminated.json()).toEqual({
        error: { code: 'conflict', message: API.policyTerminated },
      });
      expect(await ctx.requests()).toEqual([]);
    });

    it('refuses another account id in the path with 403', async ({ ctx }) => {
      const response = await ctx.send(
        'POST',
        `/someone-else/${POLICIES.active}/driver`,
        newDriver(),
      );
      expect(response.statusCode).toBe(403);
      expect(await ctx.requests()).toEqual([]);
    });

    it('refuses a driver already on the policy with 409', async ({ addDriver, ctx }) => {
      const response = await addDriver(POLICIES.active, {
        ...newDriver(),
        firstName: 'THOMAS',
        lastName: 'martin',
        birthDate: '1984-09-02',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(API.driverAlreadyOnPolicy);
      expect(await ctx.requests()).toEqual([]);
    });
  });

  describe('DELETE …/driver', () => {
    it('requires authentication', async ({ removeDriver }) => {
      expect((await removeDriver(POLICIES.withInes, ines(), '')).statusCode).toBe(401);
    });

    it('records the removal of a driver named regardless of case and accents', async ({
      ctx,
      removeDriver,
    }) => {
      const response = await removeDriver(POLICIES.withInes);
      expect(response.statusCode).toBe(200);
      const rows = await ctx.requests();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        type: 'remove_driver',
        policy_number: POLICIES.withInes,
        status: 'received',
        payload: {
          ...ines(),
          firstName: 'ines',
          birthDate: '2006-03-21',
          driverId: expect.any(String),
        },
      });
    });

    it('refuses a driver who is not on that policy with 404', async ({ ctx, removeDriver }) => {
      // Inès drives AU2025087731, not AU2026104512.
      const response = await removeDriver(POLICIES.active);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(API.driverNotOnPolicy);
      const wrongBirth = await removeDriver(POLICIES.withInes, {
        ...ines(),
        birthDate: '2006-03-22',
      });
      expect(wrongBirth.statusCode).toBe(404);
      expect(await ctx.requests()).toEqual([]);
    });

    it('refuses removing the principal driver with 409', async ({ ctx, removeDriver }) => {
      const response = await removeDriver(POLICIES.withInes, {
        ...ines(),
        firstName: 'Camille',
        birthDate: '1986-04-14',
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(API.principalDriver);
      expect(await ctx.requests()).toEqual([]);
    });

    it('refuses a past effective date, another account’s and a terminated policy', async ({
      ctx,
      removeDriver,
    }) => {
      const past = await removeDriver(POLICIES.withInes, {
        ...ines(),
        effectiveDate: daysFrom(today(), -1),
      });
      expect(past.statusCode).toBe(400);
      expect(past.json().error.fields).toEqual({ effectiveDate: INVALID.pastDate });
      expect((await removeDriver(POLICIES.otherAccount)).statusCode).toBe(404);
      expect((await removeDriver(POLICIES.terminated)).statusCode).toBe(409);
      expect(await ctx.requests()).toEqual([]);
    });
  });
});
