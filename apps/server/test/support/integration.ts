// What the integration API tests share: an integration client and its token through the real
// client-credentials grant of the embedded provider, sample records, and calls.
import type { ContractRecordInput, CustomerRecordInput } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { createIntegrationClient } from '../../src/services/integration/clients';

export const BO = '/backoffice/v1';

/** A client created as `npm run client -- create` does, and a token from POST /oidc/token. */
export async function integrationToken(
  app: FastifyInstance,
  scopes: string[] = ['backoffice:read', 'backoffice:write'],
): Promise<{ token: string; clientId: string; secret: string }> {
  const { clientId, secret } = await createIntegrationClient(app.db, 'Courtier test', scopes);
  const token = await requestToken(app, clientId, secret, { scope: scopes.join(' ') });
  if (token.statusCode !== 200) throw new Error(`token: ${token.statusCode} ${token.body}`);
  return { token: token.json<{ access_token: string }>().access_token, clientId, secret };
}

export function requestToken(
  app: FastifyInstance,
  clientId: string,
  secret: string,
  extra: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: {
      authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ grant_type: 'client_credentials', ...extra }).toString(),
  });
}

export function customerRecord(overrides: Partial<CustomerRecordInput> = {}): CustomerRecordInput {
  return {
    firstName: 'Nadia',
    lastName: 'Leroy',
    birthDate: '1979-02-11',
    email: 'nadia.leroy@example.fr',
    phoneNumber: '06 12 34 56 78',
    address: { line1: '3 rue Sainte-Catherine', postalCode: '33000', city: 'Bordeaux' },
    commercialConsent: false,
    ...overrides,
  };
}

export function contractRecord(
  customerNumber: string,
  overrides: Partial<ContractRecordInput> = {},
): ContractRecordInput {
  return {
    customerNumber,
    state: 'Actif',
    formula: 'Tiers Plus',
    premium: 612.4,
    startDate: '2025-03-01',
    vehicle: { licensePlate: 'fx 123 zt', manufacturer: 'Renault', model: 'Clio V' },
    drivers: [
      {
        salutation: 'Mme',
        firstName: 'Nadia',
        lastName: 'Leroy',
        birthDate: '1979-02-11',
        principal: true,
        crm: 0.68,
        licenceNumber: '13AB12345',
        licenceDate: '1998-06-20',
      },
    ],
    coverages: [
      { type: 'Responsabilité civile', description: 'Dommages causés aux tiers', franchise: 0 },
      { type: 'Bris de glace', description: 'Pare-brise et vitres', franchise: 90 },
    ],
    paymentDetails: {
      paymentMethod: 'Prélèvement SEPA mensuel',
      ownerName: 'Mme Nadia Leroy',
      bic: 'BNPAFRPP',
      iban: 'FR76 3000 6000 0112 3456 7890 189',
    },
    garageAddress: { street: '3 rue Sainte-Catherine', zip: '33000', city: 'Bordeaux' },
    claims: [{ occurredOn: '2024-05-02', nature: 'Bris de glace', responsibility: 0 }],
    ...overrides,
  };
}

export function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `${BO}${path}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
