// Every refusal a client reads is French (docs/decisions/0013-bad-input-gets-a-french-400.md and
// 0090-french-validation-and-operation-ids.md): zod's own checks speak French for every schema,
// whatever part of the request is wrong. First the cases integrators met, on both APIs and the
// staff console's; then a property over every operation of both OpenAPI documents (so a new
// route is in it by itself): null and wrong-typed bodies, fields of the wrong type or out of
// range, unknown values and keys, odd path parameters, query strings and headers. No answer may
// be a 5xx or carry zod's English.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';
import { BACKENDS } from '../support/backends';
import { BO } from '../support/integration';
import { consoleCall, staffSignedIn } from '../support/console';
import { FUZZ_SEED } from '../support/fuzz-corpus';
import { bearer } from '../support/harness';
import { englishIn } from '../support/refusal-language';
import { badRequests, operationsOf, type BadRequest } from '../support/french-errors';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const STATUSES =
  '«\u00a0in_progress\u00a0», «\u00a0awaiting_documents\u00a0», «\u00a0done\u00a0», «\u00a0refused\u00a0», «\u00a0under_review\u00a0», «\u00a0expert_appointed\u00a0», «\u00a0in_repair\u00a0», «\u00a0settled\u00a0», «\u00a0closed\u00a0»';

describe.each(BACKENDS)('French refusals on %s', (backend) => {
  const it = apiTest
    .extend(
      'send',
      ({ t }) =>
        (token: string, method: string, url: string, payload?: string) =>
          t.app.inject({
            method: method as 'GET',
            url,
            headers: {
              authorization: `Bearer ${token}`,
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload }),
          }),
    )
    .extend('operations', ({ t, jean, once }) =>
      once('operations', () => operationsOf(t.app, jean.accountId)),
    )
    .override({ backend });

  const fieldsOf = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      error: {
        code: 'validation_error',
        message: 'Certaines données envoyées ne sont pas valides.',
      },
    });
    return response.json<{ error: { fields: Record<string, string> } }>().error.fields;
  };

  it('sends an invitation without a body, and names an unknown key of one in French', async ({
    integration: { token: integration },
    send,
  }) => {
    const url = `${BO}/customers/CLI-00100231/invitation`;
    // Camille has a password: nothing is mailed, the answer says so.
    expect((await send(integration, 'POST', url)).json()).toEqual({ outcome: 'active' });
    expect((await send(integration, 'POST', url, 'null')).json()).toEqual({ outcome: 'active' });
    expect(fieldsOf(await send(integration, 'POST', url, '{"colour":"rouge"}'))).toEqual({
      body: 'Champ inconnu\u00a0: «\u00a0colour\u00a0».',
    });
    expect(fieldsOf(await send(integration, 'POST', url, '[]'))).toEqual({
      body: 'Valeur attendue\u00a0: un objet. Valeur reçue\u00a0: un tableau.',
    });
  });

  it('names the statuses a request may take, on the integration API and in the console', async ({
    t,
    integration: { token: integration },
    send,
  }) => {
    const body = JSON.stringify({ status: 'lost', message: 'Bonjour' });
    const expected = { status: `Valeur non reconnue. Valeurs possibles\u00a0: ${STATUSES}.` };
    expect(fieldsOf(await send(integration, 'PATCH', `${BO}/requests/DEM-1`, body))).toEqual(
      expected,
    );
    const staff = await staffSignedIn(t.app, 'agent');
    const console = await consoleCall(t.app, staff, 'PATCH', '/requests/DEM-1/status', {
      status: 'lost',
      message: 'Bonjour',
    });
    expect(fieldsOf(console)).toEqual(expected);
  });

  it('says which page sizes the events feed takes', async ({
    integration: { token: integration },
    send,
  }) => {
    const limit = async (value: string) =>
      fieldsOf(await send(integration, 'GET', `${BO}/events?limit=${value}`)).limit;
    expect(await limit('0')).toBe('Cette valeur doit être supérieure ou égale à 1.');
    expect(await limit('501')).toBe('Cette valeur doit être inférieure ou égale à 500.');
    expect(await limit('dix')).toBe('Valeur attendue\u00a0: un nombre.');
    expect(await limit('2.5')).toBe('Valeur attendue\u00a0: un nombre entier.');
  });

  it('refuses a null record, and a field of the wrong type, in French', async ({
    jean: customer,
    integration: { token: integration },
    send,
  }) => {
    expect(fieldsOf(await send(integration, 'PUT', `${BO}/customers/CLI-NUL`, 'null'))).toEqual({
      body: 'Valeur attendue\u00a0: un objet. Valeur reçue\u00a0: null.',
    });
    const customerApi = `/api/v1/account/accounts/${customer.accountId}/mail/phone-contact`;
    expect(fieldsOf(await send(customer.token, 'POST', customerApi, 'null'))).toEqual({
      body: 'Valeur attendue\u00a0: un objet. Valeur reçue\u00a0: null.',
    });
  });

  it('refuses a path parameter longer than the router takes, and an undecodable address, in French', async ({
    jean: customer,
    send,
  }) => {
    const requests = `/api/v1/account/accounts/${customer.accountId}/requests`;
    const long = await send(customer.token, 'GET', `${requests}/${'x'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      error: { code: 'validation_error', message: 'Un élément de l’adresse est trop long.' },
    });
    const undecodable = await send(customer.token, 'GET', `${requests}/%E0%A4%A`);
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({
      error: { code: 'validation_error', message: 'La requête n’a pas pu être lue.' },
    });
  });

  describe('every operation of the OpenAPI documents', () => {
    it('has operations in both documents', ({ operations }) => {
      expect(operations.filter((o) => o.api === 'customer').length).toBeGreaterThan(30);
      expect(operations.filter((o) => o.api === 'integration').length).toBeGreaterThan(20);
    });

    it('answers bad input in French, never with a 5xx', async ({
      t,
      jean: customer,
      integration: { token: integration },
      operations,
    }) => {
      for (const operation of operations) {
        const token = operation.api === 'customer' ? customer.token : integration;
        await fc.assert(
          fc.asyncProperty(badRequests(operation), async (request: BadRequest) => {
            const response = await t.app.inject({
              method: operation.method,
              url: request.url,
              headers: { ...bearer(token), ...request.headers },
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            const where = `${operation.method} ${request.url} ${request.payload ?? ''}`;
            expect(response.statusCode, `${where} → ${response.body}`).toBeLessThan(500);
            expect(englishIn(response), `${where} → ${response.body}`).toEqual([]);
          }),
          { seed: FUZZ_SEED, numRuns: RUNS, endOnFailure: true },
        );
      }
    }, 240_000);
  });
});
