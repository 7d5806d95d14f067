// Termination for the sale of the vehicle (reason 2, Code des assurances L121-11; decision
// 0043): the customer gives the day of the sale; the suspension and the end of the contract are
// counted from it, the date is stored and read back with a repeated request; a missing, malformed
// or out-of-bounds date is refused with a French 400 and leaves nothing behind.
import {
  addDays,
  addMonths,
  ERROR_CODES,
  TERMINATION_MESSAGES,
  terminationAcknowledgementSchema,
  todayInParis,
  type Policy,
} from '@espace/contract';
import { beforeAll, describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import { samplePdf } from '../../../support/documents';
import { bearer } from '../../../support/harness';
import { fileOf, kept, SALE, terminationBody } from '../../../support/termination';

const RECENT = 'AU2026104512'; // camille, active, started days ago: kept for the refusals
const SOLD_LAST_MONTH = 'AU2023049920'; // camille, active
const SOLD_NEXT_WEEK = 'AU2021018876'; // camille, active

describe.each(BACKENDS)('termination for a sale on %s', (backend) => {
  const it = apiTest
    .extend(
      'terminate',
      ({ t, camille: { accountId, token } }) =>
        (body: unknown, policy = RECENT) =>
          t.app.inject({
            method: 'POST',
            url: `/api/v1/policy/accounts/${accountId}/${policy}/terminate`,
            headers: { ...bearer(token), 'content-type': 'application/json' },
            payload: typeof body === 'string' ? body : JSON.stringify(body),
          }),
    )
    .extend(
      'storedSaleDate',
      ({ t }) =>
        async (policyNumber: string) =>
          (
            await t.app.db
              .selectFrom('termination_requests')
              .select((eb) =>
                eb.fn<string>('to_char', [eb.ref('sale_date'), eb.val('YYYY-MM-DD')]).as('d'),
              )
              .where('policy_number', '=', policyNumber)
              .executeTakeFirstOrThrow()
          ).d,
    )
    .extend('policies', { auto: true }, ({ t, camille: { accountId, token }, once }) =>
      once('policies', async () =>
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/policy/accounts/${accountId}`,
            headers: bearer(token),
          })
        ).json<Policy[]>(),
      ),
    )
    .override({ backend });

  let pdf: Buffer;
  const today = todayInParis();
  const sale = (saleDate?: unknown) => {
    const body: Record<string, unknown> = {
      ...terminationBody({ reason: SALE, files: [fileOf('cession.pdf', pdf)] }),
    };
    if (saleDate === undefined) delete body.saleDate;
    else body.saleDate = saleDate;
    return body;
  };

  beforeAll(async () => {
    pdf = await samplePdf();
  });

  it('a sale last month: suspended the day after it, ended ten days after receipt', async ({
    storedSaleDate,
    terminate,
  }) => {
    const saleDate = addMonths(today, -1);
    const response = await terminate(sale(saleDate), SOLD_LAST_MONTH);
    expect(response.statusCode).toBe(201);
    const ack = terminationAcknowledgementSchema.parse(response.json());
    expect(ack).toMatchObject({
      effect: 'suspension',
      basis: 'L121-11',
      saleDate,
      effectiveDate: addDays(saleDate, 1),
      terminationDate: addDays(today, 10),
    });
    expect(await storedSaleDate(SOLD_LAST_MONTH)).toBe(saleDate);

    // A repeated request reads the same dates back from the stored sale date.
    const again = await terminate(sale(today), SOLD_LAST_MONTH);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(response.json());
  });

  it('a sale agreed for next week: suspended from the day after, never ended before', async ({
    terminate,
  }) => {
    const saleDate = addDays(today, 7);
    const response = await terminate(sale(saleDate), SOLD_NEXT_WEEK);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      saleDate,
      effectiveDate: addDays(saleDate, 1),
      terminationDate: addDays(today, 10),
    });
  });

  describe('refusals say why and store nothing', () => {
    const start = (policies: Policy[]) =>
      policies.find((p) => p.policyNumber === RECENT)!.startDate;
    /** What is sent, from the policies as they were before any test. */
    const cases: [string, (policies: Policy[]) => unknown, string][] = [
      ['no sale date', () => sale(undefined), TERMINATION_MESSAGES.required.saleDate],
      ['an empty sale date', () => sale(''), TERMINATION_MESSAGES.required.saleDate],
      ['31 February', () => sale('2026-02-31'), TERMINATION_MESSAGES.invalid.saleDate],
      [
        'words for a date',
        () => sale('la semaine dernière'),
        TERMINATION_MESSAGES.invalid.saleDate,
      ],
      ['a number for a date', () => sale(20261110), TERMINATION_MESSAGES.invalid.saleDate],
      [
        'a sale before the contract started',
        (policies) => sale(addDays(start(policies), -1)),
        'La date de vente ne peut pas précéder le début du contrat',
      ],
      [
        'a sale more than one month ahead',
        () => sale(addDays(addMonths(today, 1), 1)),
        'La date de vente ne peut pas dépasser le',
      ],
    ];

    it.for(cases)('%s', async ([_name, body, message], { t, policies, terminate }) => {
      const before = await kept(t.app, t.config.documentsDir);
      const response = await terminate(body(policies));
      expect(response.statusCode).toBe(400);
      const error = response.json<{ error: { fields?: Record<string, string> } }>().error;
      expect(error.fields?.saleDate).toContain(message);
      expect(await kept(t.app, t.config.documentsDir)).toEqual(before);
    });

    it('a body that is not JSON', async ({ t, terminate }) => {
      const before = await kept(t.app, t.config.documentsDir);
      const response = await terminate('{"reason": "Je vends', RECENT);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: ERROR_CODES.validation } });
      expect(await kept(t.app, t.config.documentsDir)).toEqual(before);
    });
  });
});
