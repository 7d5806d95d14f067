// No input makes the server fail. Texts with NUL, lone surrogates or bidi overrides,
// dates no customer means, a phone of zeros, a multipart body without boundary: each gets a
// French 400 and changes nothing in the database.
import {
  CONTACT_MESSAGES,
  ERROR_CODES,
  type ErrorBody,
  SAFE_TEXT_MESSAGE,
  addMonths,
  todayInParis,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';
import { BACKENDS } from '../support/backends';
import { POLICIES } from '../support/changes';
import { bearer, DEMO, startLogin, submitLogin } from '../support/harness';
import { rowCounts } from '../support/row-counts';

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const BIDI_OVERRIDE = 'Mme Claire \u202eTNOPUD';
const today = () => todayInParis();

describe.each(BACKENDS)('hostile input on %s', (backend) => {
  const it = apiTest
    /** Sends a request that must be refused with 400 and leave every table as it was. */
    .extend(
      'expectRefused',
      ({ t, camille: { token } }) =>
        async (request: {
          method: 'GET' | 'POST' | 'PUT' | 'DELETE';
          url: string;
          payload?: unknown;
          headers?: Record<string, string>;
        }) => {
          const before = await rowCounts(t.database.handle.db);
          const response = await t.app.inject({
            method: request.method,
            url: request.url,
            headers: { ...bearer(token), ...request.headers },
            ...(request.payload === undefined ? {} : { payload: request.payload as string }),
          });
          expect(response.statusCode, response.body).toBe(400);
          const body = response.json<ErrorBody>();
          expect(body.error.code).toBe(ERROR_CODES.validation);
          expect(await rowCounts(t.database.handle.db)).toEqual(before);
          return body;
        },
    )
    .extend(
      'policyUrl',
      ({ camille: { accountId } }) =>
        (rest: string) =>
          `/api/v1/policy/accounts/${accountId}/${rest}`,
    )
    .override({ backend });

  const vehicle = () => ({
    manufacturer: 'Renault',
    model: 'Clio',
    engine: 'Essence',
    equipment: 'Zen',
    licensePlate: 'GK-123-AB',
    regDate: '2020-05-02',
    effectiveDate: addMonths(today(), 1),
  });
  const driver = () => ({
    salutation: 'Mme',
    firstName: 'Léa',
    lastName: 'Martin',
    birthDate: addMonths(today(), -12 * 30),
    bonus: 0.85,
    relationToCustomer: 'Enfant',
    driverLicenseNr: 123456789012,
    driverLicensePermDate: addMonths(today(), -12 * 5),
    effectiveDate: today(),
  });

  describe.each([
    ['NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
    ['a bidi override', 'a\u202eb'],
  ])('a text holding %s', (_name, bad) => {
    it('is refused in the mail-contact message', async ({
      camille: { accountId },
      expectRefused,
    }) => {
      const body = await expectRefused({
        method: 'POST',
        url: `/api/v1/account/accounts/${accountId}/mail/mail-contact`,
        payload: { text: `Bonjour ${bad}` },
      });
      expect(body.error.fields?.text).toBe(SAFE_TEXT_MESSAGE);
    });

    it.for(['manufacturer', 'model', 'equipment'])(
      'is refused in the vehicle %s',
      async (field, { expectRefused, policyUrl }) => {
        const body = await expectRefused({
          method: 'PUT',
          url: policyUrl(`${POLICIES.active}/vehicle`),
          payload: { ...vehicle(), [field]: bad },
        });
        expect(body.error.fields?.[field]).toBe(SAFE_TEXT_MESSAGE);
      },
    );

    it.for(['paymentMethod', 'bankAccount.ownerName'])(
      'is refused in the payment details’ %s',
      async (field, { expectRefused, policyUrl }) => {
        const payload = {
          id: 'x',
          paymentMethod: 'SEPA',
          bankAccount: {
            iban: 'DE89370400440532013000',
            ownerName: 'Mme Camille MARTIN',
            changeHolder: true,
          },
        };
        if (field === 'paymentMethod') payload.paymentMethod = bad;
        else payload.bankAccount.ownerName = bad;
        const body = await expectRefused({
          method: 'PUT',
          url: policyUrl(`${POLICIES.active}/payment-details`),
          payload,
        });
        expect(body.error.fields?.[field]).toBe(SAFE_TEXT_MESSAGE);
      },
    );
  });

  it('refuses a bank-account holder hidden behind a bidi override', async ({
    expectRefused,
    policyUrl,
  }) => {
    await expectRefused({
      method: 'PUT',
      url: policyUrl(`${POLICIES.active}/payment-details`),
      payload: {
        id: 'x',
        paymentMethod: 'SEPA',
        bankAccount: {
          iban: 'DE89370400440532013000',
          ownerName: BIDI_OVERRIDE,
          changeHolder: true,
        },
      },
    });
  });

  it('keeps line breaks in a multi-line message', async ({ t, camille: { accountId, token } }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/account/accounts/${accountId}/mail/mail-contact`,
      headers: bearer(token),
      payload: { text: 'Bonjour,\r\nmerci.' },
    });
    expect(response.statusCode).toBe(200);
  });

  it('refuses NUL in the FAQ query and in a path parameter', async ({
    t,
    camille: { accountId, token },
    expectRefused,
  }) => {
    await expectRefused({ method: 'GET', url: '/api/v1/content/faq?q=a%00b' });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document/accounts/${accountId}/policy/AU%00X`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a multipart upload without boundary', async ({
    camille: { accountId },
    expectRefused,
  }) => {
    await expectRefused({
      method: 'POST',
      url: `/api/v1/document/accounts/${accountId}/policy/${POLICIES.active}/uploadfile`,
      headers: { 'content-type': 'multipart/form-data' },
      payload: '--x\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nautre\r\n--x--\r\n',
    });
  });

  it.for<[string, Record<string, string>]>([
    ['a birth date of year 0000', { birthDate: '0000-01-01' }],
    ['a birth date in 1800', { birthDate: '1800-03-01' }],
    ['a licence date in 1800', { driverLicensePermDate: '01.01.1800' }],
    ['an effective date in 9999', { effectiveDate: '9999-12-31' }],
  ])('refuses a new driver with %s', async ([_name, change], { expectRefused, policyUrl }) => {
    const body = await expectRefused({
      method: 'POST',
      url: policyUrl(`${POLICIES.active}/driver`),
      payload: { ...driver(), ...change },
    });
    const [field] = Object.keys(change);
    expect(body.error.fields?.[field!]).toMatch(/n’est pas plausible/);
  });

  it('refuses a call-back to 000000', async ({ camille: { accountId }, expectRefused }) => {
    const body = await expectRefused({
      method: 'POST',
      url: `/api/v1/account/accounts/${accountId}/mail/phone-contact`,
      payload: { phone: '000000' },
    });
    expect(body.error.fields?.phone).toBe(CONTACT_MESSAGES.phoneInvalid);
  });
});

describe('hostile sign-in input', () => {
  const it = apiTest;

  it.for<[string]>([[NUL], ['l\u202eea@example.fr']])(
    'answers the form again for the email %j',
    async ([email], { t }) => {
      const { jar, interaction } = await startLogin(t.app, t.config);
      const response = await submitLogin(t.app, interaction, jar, email, DEMO.password);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Veuillez saisir votre adresse e-mail');
    },
  );
});
