// The fuzz corpus, shared by the API test (http/fuzz.test.ts) and the bench
// (bench/hardening.ts): hostile values, bodies made from a valid payload with fields swapped
// for them (or arbitrary JSON), and every JSON route with a valid payload to start from.
import { addMonths, todayInParis } from '@espace/contract';
import fc from 'fast-check';
import { POLICIES } from './changes';

export const FUZZ_SEED = 20_261_122;

const hostileChar = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\u2066', '\n', '\r', '\t', '\u007f'),
  fc.constantFrom('a', 'é', '0', '9', '-', '.', ' ', '@', '/', '%', "'", '"', '\\', '😀'),
  fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
);
// A plausible value with a character that no customer types hidden inside it: what got past
// the schemas and failed in the database before the contract's safe strings.
const taintedText = fc
  .tuple(
    fc.constantFrom('Bonjour', 'Renault', 'Mme Camille MARTIN', '06 12 34 56 78', 'SEPA'),
    fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\u0007', '\u001b'),
  )
  .map(([text, bad]) => `${text.slice(0, 3)}${bad}${text.slice(3)}`);
export const hostileString = fc.oneof(
  { weight: 3, arbitrary: taintedText },
  fc.string({ unit: hostileChar, maxLength: 30 }),
  fc.constantFrom('', ' ', '0000-01-01', '1800-02-30', '9999-12-31', '31.12.9999', '000000'),
  fc.constantFrom('DE89370400440532013000', 'AB-123-CD', 'a'.repeat(5000), '1e999', 'null'),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(Number.MAX_SAFE_INTEGER * 10),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** A valid payload with some of its (nested) fields replaced, or arbitrary JSON. */
export function bodies(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  const mutated = fc
    .array(fc.tuple(fc.constantFrom(...keys), hostileValue, fc.nat()), {
      minLength: 1,
      maxLength: 3,
    })
    .map((changes) => {
      const body: Record<string, unknown> = structuredClone(base);
      for (const [key, value, pick] of changes) {
        const nested = body[key];
        if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
          const inner = Object.keys(nested);
          body[key] = { ...nested, [inner[pick % inner.length]!]: value };
        } else body[key] = value;
      }
      return body;
    });
  return fc.oneof({ weight: 4, arbitrary: mutated }, fc.jsonValue({ maxDepth: 2 }));
}

export type FuzzRoute = [
  name: string,
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  base: Record<string, unknown>,
];

/** Every JSON route of /api/v1 for `accountId`, with a valid payload. */
export function fuzzRoutes(accountId: string): FuzzRoute[] {
  const today = () => todayInParis();
  const address = {
    id: 'x',
    street: '12 rue de la Paix',
    zip: '75002',
    city: 'Paris',
    country: 'France',
  };
  return [
    [
      'phone contact',
      'POST',
      `/api/v1/account/accounts/${accountId}/mail/phone-contact`,
      { phone: '06 12 34 56 78' },
    ],
    [
      'mail contact',
      'POST',
      `/api/v1/account/accounts/${accountId}/mail/mail-contact`,
      { text: 'Bonjour' },
    ],
    [
      'conversation',
      'POST',
      `/api/v1/message/accounts/${accountId}/conversations`,
      { topic: 'other', text: 'Bonjour' },
    ],
    [
      'message',
      'POST',
      `/api/v1/message/accounts/${accountId}/conversations/00000000-0000-4000-8000-000000000000/messages`,
      { text: 'Bonjour' },
    ],
    [
      'complaint',
      'POST',
      `/api/v1/complaint/accounts/${accountId}/complaints`,
      { category: 'other', text: 'Bonjour', expectation: 'Une réponse' },
    ],
    [
      'claim draft',
      'POST',
      `/api/v1/claim/accounts/${accountId}/drafts`,
      { policyNumber: POLICIES.active },
    ],
    [
      'claim step (date and place)',
      'PUT',
      `/api/v1/claim/accounts/${accountId}/drafts/unknown-draft/steps/when`,
      { occurredOn: today(), occurredAt: '08:30', place: { label: 'Paris' } },
    ],
    [
      'claim draft progress (typed in part)',
      'PUT',
      `/api/v1/claim/accounts/${accountId}/drafts/unknown-draft/progress`,
      { step: 'when', typed: { occurredOn: '', occurredAt: '08:', place: { label: 'Par' } } },
    ],
    ['address check', 'POST', `/api/v1/account/accounts/${accountId}/validateAddress`, address],
    [
      'personal address',
      'PUT',
      `/api/v1/account/accounts/${accountId}/address`,
      { ...address, policyNumber: POLICIES.active },
    ],
    [
      'passkey added',
      'POST',
      `/api/v1/authentication/accounts/${accountId}/passkeys`,
      {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      },
    ],
    [
      'data export',
      'POST',
      `/api/v1/account/accounts/${accountId}/data-exports`,
      { brand: 'lumen' },
    ],
    [
      'password',
      'PUT',
      `/api/v1/authentication/accounts/${accountId}/password`,
      { oldPassword: 'Pas-le-bon-1!', newPassword: 'Nouveau-2026-!x' },
    ],
    [
      'account deletion',
      'DELETE',
      `/api/v1/account/accounts/${accountId}`,
      { password: 'Pas-le-bon-1!' },
    ],
    [
      'new driver',
      'POST',
      `/api/v1/policy/accounts/${accountId}/${POLICIES.active}/driver`,
      {
        salutation: 'Mme',
        firstName: 'Léa',
        lastName: 'Martin',
        birthDate: addMonths(today(), -360),
        bonus: 0.85,
        relationToCustomer: 'Enfant',
        driverLicenseNr: 123456789012,
        driverLicensePermDate: addMonths(today(), -60),
        effectiveDate: today(),
      },
    ],
    [
      'driver removal',
      'DELETE',
      `/api/v1/policy/accounts/${accountId}/${POLICIES.active}/driver`,
      {
        salutation: 'Mr',
        firstName: 'Thomas',
        lastName: 'Martin',
        birthDate: '1990-01-01',
        effectiveDate: today(),
      },
    ],
    [
      'vehicle',
      'PUT',
      `/api/v1/policy/accounts/${accountId}/${POLICIES.active}/vehicle`,
      {
        manufacturer: 'Renault',
        model: 'Clio',
        engine: 'Essence',
        equipment: 'Zen',
        licensePlate: 'GK-123-AB',
        regDate: '2020-05-02',
        effectiveDate: today(),
      },
    ],
    [
      'payment details',
      'PUT',
      `/api/v1/policy/accounts/${accountId}/${POLICIES.active}/payment-details`,
      {
        id: 'x',
        paymentMethod: 'SEPA',
        bankAccount: {
          iban: 'DE89370400440532013000',
          ownerName: 'Mme Camille MARTIN',
          changeHolder: true,
        },
      },
    ],
    [
      'garage address',
      'PUT',
      `/api/v1/policy/accounts/${accountId}/address/${POLICIES.active}`,
      address,
    ],
    [
      'termination',
      'POST',
      `/api/v1/policy/accounts/${accountId}/${POLICIES.noPayment}/terminate`,
      {
        firstName: 'Camille',
        lastName: 'Martin',
        email: 'camille.martin@example.fr',
        phone: '0612345678',
        reason: 'x',
        comment: '',
        licensePlate: '',
        files: [{ fileName: 'a.pdf', fileType: 'application/pdf', fileContent: 'JVBERi0=' }],
      },
    ],
  ];
}
