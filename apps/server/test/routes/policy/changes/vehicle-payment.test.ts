// API of docs/product/changes.md PUT …/{policyNumber}/vehicle (200 { reference }), POST …/iban/{iban} (204, 400, 403 with the
// texts) and PUT …/{policyNumber}/payment-details (200 with the updated details, applied at
// once); every refusal leaves the database as it was.
import { addMonths, CHANGE_MESSAGES, IBAN_MESSAGES, MESSAGES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import { clearRequests, daysFrom, changesContext, POLICIES, today } from '../../../support/changes';

const { required: REQUIRED, invalid: INVALID, api: API } = CHANGE_MESSAGES;
const GERMAN_IBAN = 'DE89370400440532013000';
const BRAZILIAN_IBAN = 'BR1800360305000010009795493C1';

describe.each(BACKENDS)('vehicle and payment changes on %s', (backend) => {
  const vehicle = () => ({
    manufacturer: 'Renault',
    model: 'Mégane E-Tech',
    engine: 'Électrique',
    equipment: 'Techno',
    licensePlate: 'gk 123 ab',
    regDate: '2024-05-02',
    effectiveDate: addMonths(today(), 6),
  });
  const it = apiTest
    .extend('ctx', ({ t, camille }) => changesContext(t, camille))
    .extend(
      'changeVehicle',
      ({ ctx }) =>
        (policy: string, body: unknown = vehicle(), token?: string) =>
          ctx.send('PUT', `${policy}/vehicle`, body, token),
    )
    .extend(
      'checkIban',
      ({ ctx }) =>
        (iban: string, token?: string) =>
          ctx.send('POST', `iban/${encodeURIComponent(iban)}`, undefined, token),
    )
    .extend(
      'db',
      ({ ctx }) =>
        () =>
          ctx.test.database.handle.db,
    )
    .extend(
      'current',
      ({ db }) =>
        (policy: string) =>
          db()
            .selectFrom('payment_details')
            .select(['id', 'payment_method', 'owner_name', 'bic', 'iban'])
            .where('policy_number', '=', policy)
            .executeTakeFirstOrThrow(),
    )
    .extend('update', ({ current }) => async (policy: string, bankAccount: object) => {
      const row = await current(policy);
      return {
        id: row.id,
        paymentMethod: row.payment_method,
        bankAccount: { ownerName: row.owner_name, changeHolder: false, ...bankAccount },
      };
    })
    .extend(
      'changePayment',
      ({ ctx }) =>
        (policy: string, body: unknown, token?: string) =>
          ctx.send('PUT', `${policy}/payment-details`, body, token),
    )
    .override({ backend });

  it.beforeEach(({ ctx }) => clearRequests(ctx));

  describe('PUT …/vehicle', () => {
    it('requires authentication', async ({ changeVehicle }) => {
      expect((await changeVehicle(POLICIES.active, vehicle(), '')).statusCode).toBe(401);
    });

    it('records the request with the plate normalised and answers its reference', async ({
      changeVehicle,
      ctx,
    }) => {
      const response = await changeVehicle(POLICIES.active);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ reference: expect.stringMatching(/^DEM-[0-9A-F]{8}$/) });
      expect(await ctx.requests()).toEqual([
        {
          type: 'change_vehicle',
          policy_number: POLICIES.active,
          status: 'received',
          payload: { ...vehicle(), licensePlate: 'GK-123-AB' },
        },
      ]);
    });

    it.for<[string, Record<string, unknown>, string, string]>([
      [
        'an effective date one day after the 6-month window',
        { effectiveDate: daysFrom(addMonths(today(), 6), 1) },
        'effectiveDate',
        INVALID.effectiveTooFar,
      ],
      [
        'an effective date yesterday',
        { effectiveDate: daysFrom(today(), -1) },
        'effectiveDate',
        INVALID.pastDate,
      ],
      [
        'a first registration tomorrow',
        { regDate: daysFrom(today(), 1) },
        'regDate',
        INVALID.futureDate,
      ],
      ['an old FNI plate', { licensePlate: '123 ABC 75' }, 'licensePlate', INVALID.licensePlate],
      ['a missing trim level', { equipment: '' }, 'equipment', REQUIRED.equipment],
      ['an unknown energy', { engine: 'Vapeur' }, 'engine', REQUIRED.engine],
    ])(
      'refuses %s with 400 and the form’s message',
      async ([_, change, field, message], { changeVehicle, ctx }) => {
        const response = await changeVehicle(POLICIES.active, { ...vehicle(), ...change });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ [field]: message });
        expect(await ctx.requests()).toEqual([]);
      },
    );

    it('refuses another account’s policy with 404 and a terminated one with 409', async ({
      changeVehicle,
      ctx,
    }) => {
      const other = await changeVehicle(POLICIES.otherAccount);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(MESSAGES.api.policyNotFound);
      const terminated = await changeVehicle(POLICIES.terminated);
      expect(terminated.statusCode).toBe(409);
      expect(terminated.json().error.message).toBe(API.policyTerminated);
      expect(await ctx.requests()).toEqual([]);
    });
  });

  describe('POST …/iban/{iban}', () => {
    it('requires authentication', async ({ checkIban }) => {
      expect((await checkIban(GERMAN_IBAN, '')).statusCode).toBe(401);
    });

    it('accepts a French or other SEPA IBAN, spaces and case ignored, with 204', async ({
      checkIban,
    }) => {
      expect((await checkIban('fr76 3000 6000 0112 3456 7890 189')).statusCode).toBe(204);
      expect((await checkIban(GERMAN_IBAN)).statusCode).toBe(204);
    });

    it('answers 400 with the docs/product/changes.md text when it is not an IBAN', async ({
      checkIban,
    }) => {
      const response = await checkIban('FR7630006000011234567890188');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'validation_error',
          message: IBAN_MESSAGES.incorrect,
          fields: { iban: IBAN_MESSAGES.incorrect },
        },
      });
    });

    it('answers 403 with the docs/product/changes.md text for a valid IBAN outside SEPA', async ({
      checkIban,
    }) => {
      const response = await checkIban(BRAZILIAN_IBAN);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(IBAN_MESSAGES.notUsable);
    });
  });

  describe('PUT …/payment-details', () => {
    it('requires authentication', async ({ changePayment, update }) => {
      const body = await update(POLICIES.withInes, { iban: GERMAN_IBAN });
      expect((await changePayment(POLICIES.withInes, body, '')).statusCode).toBe(401);
    });

    it('changes the IBAN at once, keeps the holder and answers 200 with the reference', async ({
      changePayment,
      ctx,
      current,
      update,
    }) => {
      const before = await current(POLICIES.withInes);
      const body = await update(POLICIES.withInes, { iban: 'de89 3704 0044 0532 0130 00' });
      const response = await changePayment(POLICIES.withInes, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ reference: expect.stringMatching(/^DEM-[0-9A-F]{8}$/) });
      expect(await current(POLICIES.withInes)).toEqual({ ...before, bic: '', iban: GERMAN_IBAN });
      expect(await ctx.requests()).toEqual([
        {
          type: 'change_payment_details',
          policy_number: POLICIES.withInes,
          status: 'received',
          payload: { ...body, bankAccount: { ...body.bankAccount, iban: GERMAN_IBAN } },
        },
      ]);
    });

    it('records a different holder as title, first name and last name', async ({
      changePayment,
      current,
      update,
    }) => {
      const body = await update(POLICIES.active, {
        iban: 'FR7630006000011234567890189',
        ownerName: 'Mme Claire DUPONT',
        changeHolder: true,
      });
      const response = await changePayment(POLICIES.active, body);
      expect(response.statusCode).toBe(200);
      expect((await current(POLICIES.active)).owner_name).toBe('Mme Claire DUPONT');
    });

    it.for([
      ['no IBAN', ' ', REQUIRED.iban],
      ['an incorrect IBAN', 'FR7630006000011234567890188', IBAN_MESSAGES.incorrect],
      ['an IBAN outside SEPA', BRAZILIAN_IBAN, IBAN_MESSAGES.notUsable],
    ])(
      'refuses %s with 400 and changes nothing',
      async ([_, iban, message], { changePayment, ctx, current, update }) => {
        const before = await current(POLICIES.active);
        const response = await changePayment(
          POLICIES.active,
          await update(POLICIES.active, { iban }),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual({ 'bankAccount.iban': message });
        expect(await current(POLICIES.active)).toEqual(before);
        expect(await ctx.requests()).toEqual([]);
      },
    );

    it('refuses details that are not the policy’s, and a policy without details, with 404', async ({
      changePayment,
      ctx,
      update,
    }) => {
      const body = await update(POLICIES.active, { iban: GERMAN_IBAN });
      const wrongId = await changePayment(POLICIES.withInes, body);
      expect(wrongId.statusCode).toBe(404);
      expect(wrongId.json().error.message).toBe(API.noPaymentDetails);
      expect((await changePayment(POLICIES.noPayment, body)).statusCode).toBe(404);
      expect(await ctx.requests()).toEqual([]);
    });

    it('refuses another account’s policy with 404 and a terminated one with 409', async ({
      changePayment,
      ctx,
      update,
    }) => {
      const body = await update(POLICIES.active, { iban: GERMAN_IBAN });
      const other = await changePayment(POLICIES.otherAccount, body);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(MESSAGES.api.policyNotFound);
      const terminated = await changePayment(POLICIES.terminated, body);
      expect(terminated.statusCode).toBe(409);
      expect(terminated.json().error.message).toBe(API.policyTerminated);
      expect(await ctx.requests()).toEqual([]);
    });
  });
});
