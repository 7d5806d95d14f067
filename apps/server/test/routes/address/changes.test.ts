// API of docs/product/addresses.md POST …/validateAddress, PUT …/account/…/address and PUT …/policy/…/address/
// {policyNumber}: what each answers, what it leaves in the database, and that every refusal
// leaves nothing behind.
import {
  ADDRESS_MESSAGES,
  CHANGE_MESSAGES,
  MESSAGES,
  SAFE_TEXT_MESSAGE,
  type Account,
} from '@espace/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { clearRequests, changesContext, POLICIES } from '../../support/changes';
import { bearer } from '../../support/harness';

const { check: CHECK, required: REQUIRED, api: API } = ADDRESS_MESSAGES;
const CRAPONNE = ['AU2023049920', POLICIES.noPayment];
const LILAS = [POLICIES.withInes, POLICIES.active];

const newAddress = (id: string) => ({
  id,
  street: ' 12 chemin de la Forêt ',
  zip: '69130',
  city: 'Écully',
  country: 'France',
});
const UPPER_CASED = {
  street: '12 CHEMIN DE LA FORÊT',
  zip: '69130',
  city: 'ÉCULLY',
  country: 'FRANCE',
};

describe.each(BACKENDS)('address calls on %s', (backend) => {
  const it = apiTest
    .extend('ctx', ({ t, camille }) => changesContext(t, camille))
    .extend(
      'call',
      ({ ctx }) =>
        (
          method: 'POST' | 'PUT',
          path: string,
          payload?: unknown,
          { token = ctx.token, raw = false } = {},
        ): Promise<LightMyRequestResponse> =>
          ctx.test.app.inject({
            method,
            url: `/api/v1/${path}`,
            headers: {
              ...(token ? bearer(token) : {}),
              ...(raw ? { 'content-type': 'application/json' } : {}),
            },
            ...(payload === undefined ? {} : { payload: payload as string }),
          }),
    )
    .extend(
      'validate',
      ({ call, ctx }) =>
        (body: unknown, options?: { token?: string; raw?: boolean }) =>
          call('POST', `account/accounts/${ctx.accountId}/validateAddress`, body, options),
    )
    .extend(
      'changePersonal',
      ({ call, ctx }) =>
        (body: unknown, options?: { token?: string; raw?: boolean }) =>
          call('PUT', `account/accounts/${ctx.accountId}/address`, body, options),
    )
    .extend(
      'changeGarage',
      ({ call, ctx }) =>
        (policy: string, body: unknown, options?: { token?: string; raw?: boolean }) =>
          call('PUT', `policy/accounts/${ctx.accountId}/address/${policy}`, body, options),
    )
    .extend(
      'db',
      ({ ctx }) =>
        () =>
          ctx.test.database.handle.db,
    )
    .extend(
      'accountAddress',
      ({ ctx, db }) =>
        () =>
          db()
            .selectFrom('account_addresses')
            .select(['id', 'line1', 'postal_code', 'city', 'country', 'complement'])
            .where('account_id', '=', ctx.accountId)
            .executeTakeFirstOrThrow(),
    )
    .extend(
      'account',
      ({ ctx }) =>
        () =>
          ctx.test.app.inject({
            method: 'GET',
            url: `/api/v1/account/accounts/${ctx.accountId}`,
            headers: bearer(ctx.token),
          }),
    )
    .extend('start', { auto: true }, ({ ctx, db, once }) =>
      once('start', async () => {
        const account = await ctx.test.app.inject({
          method: 'GET',
          url: `/api/v1/account/accounts/${ctx.accountId}`,
          headers: bearer(ctx.token),
        });
        const garage = await db()
          .selectFrom('policies')
          .select('garage_address_id')
          .where('policy_number', '=', POLICIES.noPayment)
          .executeTakeFirstOrThrow();
        return { seeded: account.json<Account>(), craponneId: garage.garage_address_id! };
      }),
    )
    .extend('seededRow', ({ start: { seeded } }) => () => ({
      id: seeded.address.id,
      line1: seeded.address.line1,
      postal_code: seeded.address.postalCode,
      city: seeded.address.city,
      country: seeded.address.country,
      complement: seeded.address.complement ?? null,
    }))
    .extend('expectNothingWritten', ({ accountAddress, ctx, seededRow }) => async () => {
      expect(await ctx.requests()).toEqual([]);
      expect(await accountAddress()).toEqual(seededRow());
    })
    .override({ backend });

  it.beforeEach(async ({ ctx, db, seededRow }) => {
    await clearRequests(ctx);
    const { id, ...address } = seededRow();
    await db().updateTable('account_addresses').set(address).where('id', '=', id).execute();
  });

  describe('POST …/validateAddress', () => {
    it('requires authentication and the caller’s own account id', async ({ call, validate }) => {
      expect((await validate(newAddress('x'), { token: '' })).statusCode).toBe(401);
      const other = await call(
        'POST',
        'account/accounts/someone-else/validateAddress',
        newAddress('x'),
      );
      expect(other.statusCode).toBe(403);
    });

    it('says offline that a street of a right commune could not be verified, writing nothing', async ({
      expectNothingWritten,
      start: { seeded },
      validate,
    }) => {
      // docs/decisions/0044-address-truthfulness-and-complement.md: the communes list cannot
      // confirm a street; the customer is asked to check it before saving.
      const message =
        'La voie «\u00a012 chemin de la Forêt\u00a0» n’a pas pu être vérifiée\u00a0: vérifiez son orthographe avant d’enregistrer.';
      for (const street of [' 12 chemin de la Forêt ', '12 chemin de la Forêt']) {
        const response = await validate({ ...newAddress(seeded.address.id), street });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: { code: 'validation_error', message, fields: { street: message } },
        });
      }
      await expectNothingWritten();
    });

    it.for<[string, Record<string, unknown>, string, string]>([
      ['an unknown postal code', { zip: '99999' }, 'zip', CHECK.unknownPostalCode('99999')],
      ['a postal code of 4 digits', { zip: '6913' }, 'zip', CHECK.postalCodeFormat],
      ['an address abroad', { country: 'Belgique' }, 'country', CHECK.notFrance],
      [
        'a postal code of another commune',
        { city: 'Lyon' },
        'city',
        CHECK.postalCodeNotInCity('69130', 'Lyon', ['Écully']),
      ],
    ])(
      'refuses %s with 400 and the French reason',
      async ([_, change, field, message], { validate }) => {
        const response = await validate({ ...newAddress('x'), ...change });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: { code: 'validation_error', message, fields: { [field]: message } },
        });
      },
    );

    it('refuses a body without its fields or that is not JSON with 400', async ({ validate }) => {
      const missing = await validate({ id: 'x', street: '12 rue X' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toEqual({
        zip: REQUIRED.postalCode,
        city: REQUIRED.city,
        country: REQUIRED.country,
      });
      const malformed = await validate('{"id": ', { raw: true });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toBe(MESSAGES.api.malformedJson);
    });
  });

  describe('PUT …/account/accounts/{accountId}/address', () => {
    it('requires authentication and the caller’s own account id', async ({
      call,
      changePersonal,
      expectNothingWritten,
      start: { seeded },
    }) => {
      const body = newAddress(seeded.address.id);
      expect((await changePersonal(body, { token: '' })).statusCode).toBe(401);
      expect((await call('PUT', 'account/accounts/someone-else/address', body)).statusCode).toBe(
        403,
      );
      await expectNothingWritten();
    });

    it('changes the personal address at once, upper-cased, and answers 200 with its reference', async ({
      accountAddress,
      changePersonal,
      ctx,
      start: { seeded },
    }) => {
      const response = await changePersonal(newAddress(seeded.address.id));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ reference: expect.stringMatching(/^DEM-[0-9A-F]{8}$/) });
      expect(await accountAddress()).toEqual({
        id: seeded.address.id,
        line1: UPPER_CASED.street,
        postal_code: UPPER_CASED.zip,
        city: UPPER_CASED.city,
        country: UPPER_CASED.country,
        complement: null,
      });
      // Without a linked policy, nothing is asked of the broker.
      expect(await ctx.requests()).toEqual([]);
    });

    it('asks the broker to move the garage of the linked policies with it', async ({
      accountAddress,
      changePersonal,
      ctx,
      start: { seeded },
    }) => {
      const response = await changePersonal({
        ...newAddress(seeded.address.id),
        policyNumber: POLICIES.active,
      });
      expect(response.statusCode).toBe(200);
      expect((await accountAddress()).line1).toBe(UPPER_CASED.street);
      expect(await ctx.requests()).toEqual([
        {
          type: 'change_garage_address',
          policy_number: POLICIES.active,
          status: 'received',
          payload: {
            addressId: expect.any(String),
            address: UPPER_CASED,
            policyNumbers: LILAS,
            origin: 'personal',
          },
        },
      ]);
    });

    it('asks nothing of the broker for a policy garaged elsewhere', async ({
      changePersonal,
      ctx,
      start: { seeded },
    }) => {
      const response = await changePersonal({
        ...newAddress(seeded.address.id),
        policyNumber: POLICIES.noPayment,
      });
      expect(response.statusCode).toBe(200);
      expect(await ctx.requests()).toEqual([]);
    });

    it('refuses a policy of another account or another address id with 404, writing nothing', async ({
      changePersonal,
      expectNothingWritten,
      start: { craponneId, seeded },
    }) => {
      const otherPolicy = await changePersonal({
        ...newAddress(seeded.address.id),
        policyNumber: POLICIES.otherAccount,
      });
      expect(otherPolicy.statusCode).toBe(404);
      expect(otherPolicy.json().error.message).toBe(MESSAGES.api.policyNotFound);
      const otherAddress = await changePersonal(newAddress(craponneId));
      expect(otherAddress.statusCode).toBe(404);
      expect(otherAddress.json().error).toEqual({
        code: 'not_found',
        message: API.addressNotFound,
      });
      await expectNothingWritten();
    });

    it('refuses a body without its fields or that is not JSON with 400, writing nothing', async ({
      changePersonal,
      expectNothingWritten,
      start: { seeded },
    }) => {
      const missing = await changePersonal({ ...newAddress(seeded.address.id), street: '  ' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.fields).toEqual({ street: REQUIRED.street });
      const malformed = await changePersonal('{"id"', { raw: true });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toBe(MESSAGES.api.malformedJson);
      await expectNothingWritten();
    });
  });

  describe('PUT …/policy/accounts/{accountId}/address/{policyNumber}', () => {
    it('requires authentication and the caller’s own account id', async ({
      call,
      changeGarage,
      expectNothingWritten,
      start: { craponneId },
    }) => {
      const body = newAddress(craponneId);
      expect((await changeGarage(POLICIES.noPayment, body, { token: '' })).statusCode).toBe(401);
      const other = await call(
        'PUT',
        `policy/accounts/someone-else/address/${POLICIES.noPayment}`,
        body,
      );
      expect(other.statusCode).toBe(403);
      await expectNothingWritten();
    });

    it('records one request for every policy garaged there and answers its reference', async ({
      accountAddress,
      changeGarage,
      ctx,
      db,
      seededRow,
      start: { craponneId },
    }) => {
      const response = await changeGarage(POLICIES.noPayment, newAddress(craponneId));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ reference: expect.stringMatching(/^DEM-[0-9A-F]{8}$/) });
      expect(await ctx.requests()).toEqual([
        {
          type: 'change_garage_address',
          policy_number: POLICIES.noPayment,
          status: 'received',
          payload: {
            addressId: craponneId,
            address: UPPER_CASED,
            policyNumbers: CRAPONNE,
            origin: 'garage',
          },
        },
      ]);
      // The garage address itself stays until the broker confirms.
      const garage = await db()
        .selectFrom('garage_addresses')
        .select(['street', 'city'])
        .where('id', '=', craponneId)
        .executeTakeFirstOrThrow();
      expect(garage).toEqual({ street: '4 chemin des Vignes', city: 'Craponne' });
      expect(await accountAddress()).toEqual(seededRow());
    });

    it('refuses another account’s policy and an address that is not the policy’s with 404', async ({
      changeGarage,
      expectNothingWritten,
      start: { craponneId },
    }) => {
      const other = await changeGarage(POLICIES.otherAccount, newAddress(craponneId));
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(MESSAGES.api.policyNotFound);
      const notItsAddress = await changeGarage(POLICIES.active, newAddress(craponneId));
      expect(notItsAddress.statusCode).toBe(404);
      expect(notItsAddress.json().error.message).toBe(API.addressNotFound);
      await expectNothingWritten();
    });

    it('refuses a terminated policy with 409', async ({
      changeGarage,
      expectNothingWritten,
      start: { craponneId },
    }) => {
      const response = await changeGarage(POLICIES.terminated, newAddress(craponneId));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: { code: 'conflict', message: CHANGE_MESSAGES.api.policyTerminated },
      });
      await expectNothingWritten();
    });

    it('refuses a body without its fields or that is not JSON with 400, writing nothing', async ({
      changeGarage,
      expectNothingWritten,
      start: { craponneId },
    }) => {
      const missing = await changeGarage(POLICIES.noPayment, { id: craponneId });
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json().error.fields).sort()).toEqual([
        'city',
        'country',
        'street',
        'zip',
      ]);
      const malformed = await changeGarage(POLICIES.noPayment, 'pas du JSON', { raw: true });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.message).toBe(MESSAGES.api.malformedJson);
      await expectNothingWritten();
    });
  });

  // docs/decisions/0044-address-truthfulness-and-complement.md: bâtiment, appartement…
  describe('the complement of an address', () => {
    it('is stored with the personal address, upper-cased, and read back by the account', async ({
      account,
      accountAddress,
      changePersonal,
      ctx,
      start: { seeded },
    }) => {
      const response = await changePersonal({
        ...newAddress(seeded.address.id),
        complement: ' Bâtiment B, appartement 12 ',
      });
      expect(response.statusCode).toBe(200);
      expect((await accountAddress()).complement).toBe('BÂTIMENT B, APPARTEMENT 12');
      expect((await account()).json<Account>().address).toMatchObject({
        line1: UPPER_CASED.street,
        complement: 'BÂTIMENT B, APPARTEMENT 12',
      });
      // Changed again without one, the address has none.
      await clearRequests(ctx);
      expect(
        (await changePersonal({ ...newAddress(seeded.address.id), complement: '' })).statusCode,
      ).toBe(200);
      expect((await accountAddress()).complement).toBeNull();
      expect((await account()).json<Account>().address).not.toHaveProperty('complement');
    });

    it('is sent along in the garage request, and a garage complement is read back', async ({
      changeGarage,
      ctx,
      db,
      start: { craponneId },
    }) => {
      const response = await changeGarage(POLICIES.noPayment, {
        ...newAddress(craponneId),
        complement: 'Résidence Les Tilleuls',
      });
      expect(response.statusCode).toBe(200);
      expect((await ctx.requests())[0]?.payload).toMatchObject({
        address: { ...UPPER_CASED, complement: 'RÉSIDENCE LES TILLEULS' },
      });
      await db()
        .updateTable('garage_addresses')
        .set({ complement: 'BÂTIMENT C' })
        .where('id', '=', craponneId)
        .execute();
      try {
        const policies = await ctx.test.app.inject({
          method: 'GET',
          url: `/api/v1/policy/accounts/${ctx.accountId}`,
          headers: bearer(ctx.token),
        });
        const addresses = policies
          .json<{ policyNumber: string; address: unknown }[]>()
          .map((p) => [p.policyNumber, p.address]);
        expect(Object.fromEntries(addresses)[POLICIES.noPayment]).toMatchObject({
          street: '4 chemin des Vignes',
          complement: 'BÂTIMENT C',
        });
        expect(Object.fromEntries(addresses)[POLICIES.active]).not.toHaveProperty('complement');
      } finally {
        await db()
          .updateTable('garage_addresses')
          .set({ complement: null })
          .where('id', '=', craponneId)
          .execute();
      }
    });

    it.for([
      ['longer than 38 characters', 'B'.repeat(39), ADDRESS_MESSAGES.invalid.tooLong(38)],
      ['with a control character', 'Bâtiment\u0007B', SAFE_TEXT_MESSAGE],
      ['with a line break', 'Bâtiment B\nappartement 12', SAFE_TEXT_MESSAGE],
    ])(
      'is refused %s with 400, nothing stored',
      async (
        [_, complement, message],
        { changeGarage, changePersonal, expectNothingWritten, start: { craponneId, seeded } },
      ) => {
        const personal = await changePersonal({ ...newAddress(seeded.address.id), complement });
        expect(personal.statusCode).toBe(400);
        expect(personal.json().error.fields).toEqual({ complement: message });
        const garage = await changeGarage(POLICIES.noPayment, {
          ...newAddress(craponneId),
          complement,
        });
        expect(garage.statusCode).toBe(400);
        expect(garage.json().error.fields).toEqual({ complement: message });
        await expectNothingWritten();
      },
    );

    it('accepts exactly 38 characters', async ({
      accountAddress,
      changePersonal,
      start: { seeded },
    }) => {
      const complement = 'b'.repeat(38);
      expect(
        (await changePersonal({ ...newAddress(seeded.address.id), complement })).statusCode,
      ).toBe(200);
      expect((await accountAddress()).complement).toBe('B'.repeat(38));
    });
  });
});
