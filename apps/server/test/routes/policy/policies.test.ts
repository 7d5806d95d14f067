import { accountSchema, POLICIES_PAGE_SIZE, policyListSchema, type Policy } from '@espace/contract';
import { sql } from 'kysely';
import { gunzipSync } from 'node:zlib';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { bearer, DEMO } from '../../support/harness';

describe.each(BACKENDS)('account and policies API on %s', (backend) => {
  const it = apiTest
    .extend('sessions', ({ camille, jean, lea }) => ({ camille, jean, lea }))
    .extend(
      'policiesOf',
      ({ t, sessions }) =>
        async (who: 'camille' | 'jean' | 'lea'): Promise<Policy[]> => {
          const { token, accountId } = sessions[who];
          const response = await t.app.inject({
            method: 'GET',
            url: `/api/v1/policy/accounts/${accountId}`,
            headers: bearer(token),
          });
          expect(response.statusCode).toBe(200);
          expect(response.headers['cache-control']).toBe('no-store');
          return policyListSchema.parse(response.json());
        },
    )
    .override({ backend });

  it("returns camille's seven policies with every field of docs/product/policies.md", async ({
    policiesOf,
    sessions,
  }) => {
    const policies = await policiesOf('camille');
    expect(policies).toHaveLength(7);
    const recent = policies.find((p) => p.policyNumber === 'AU2026104512')!;
    expect(recent).toMatchObject({
      accountId: sessions.camille.accountId,
      customerId: expect.stringMatching(/^CLI-\d{8}$/),
      state: 'Actif',
      premiumA: 742.36,
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      risks: [
        {
          licensePlate: 'GH-482-KL',
          manufacturer: 'Peugeot',
          model: '208',
          guaranteeFormula: 'Tous Risques',
        },
      ],
      paymentDetails: {
        id: expect.any(String),
        paymentMethod: 'Prélèvement SEPA mensuel',
        bankAccount: {
          ownerName: 'Mme Camille Martin',
          bic: 'CCBPFRPPLYO',
          iban: 'FR7613807000353212345678973',
        },
      },
      address: {
        id: expect.any(String),
        street: '18 rue des Lilas',
        zip: '69003',
        city: 'Lyon',
        country: 'France',
      },
    });
    expect(recent.risks[0]!.guarantees).toContainEqual({
      type: 'Bris de glace',
      description: expect.any(String),
      franchise: 75,
    });
    expect(recent.drivers).toEqual([
      expect.objectContaining({
        firstName: 'Camille',
        lastName: 'Martin',
        principal: true,
        crm: 0.68,
        birthDate: '1986-04-14',
        salutation: 'Mme',
      }),
      expect.objectContaining({ firstName: 'Thomas', principal: false, crm: 0.76 }),
    ]);
    expect(recent.documents.map((d) => d.status)).toEqual([
      'pending',
      'rejected',
      'received',
      'validated',
      'not validated',
      null,
    ]);
    expect(recent.documents[0]).toEqual({
      name: 'Permis de conduire',
      description: expect.any(String),
      fileType: 'permis',
      status: 'pending',
      canResend: false,
      maxFileNumber: 2,
      exactFileNumber: 2,
      filesReceived: 0,
      dueOn: null,
      // Only a document « Non conforme » carries the broker's reason.
      statusReason: null,
      // A piece of the contract's own list, not one asked while handling a request.
      askedForRequest: false,
    });
  });

  it('lists policies in force first and terminated ones last', async ({ policiesOf }) => {
    const states = (await policiesOf('camille')).map((p) => p.state);
    expect(states.at(-1)).toBe('Résilié');
    expect(states.slice(0, -1)).not.toContain('Résilié');
  });

  it('shares a garage address between two of camille’s policies and gives payment details to at least two', async ({
    policiesOf,
  }) => {
    const policies = await policiesOf('camille');
    const garageIds = policies.map((p) => p.address?.id).filter(Boolean);
    expect(new Set(garageIds).size).toBeLessThan(garageIds.length);
    expect(policies.filter((p) => p.paymentDetails).length).toBeGreaterThanOrEqual(2);
  });

  it('gives jean only terminated policies and lea one active policy without payment details', async ({
    policiesOf,
  }) => {
    expect((await policiesOf('jean')).map((p) => p.state).sort()).toEqual([
      'Résilié',
      'Résilié CTX',
    ]);
    const lea = await policiesOf('lea');
    expect(lea).toHaveLength(1);
    expect(lea[0]).toMatchObject({ state: 'Actif', paymentDetails: null });
  });

  it('returns the account with every field of docs/product/policies.md', async ({
    t,
    sessions,
  }) => {
    const { token, accountId } = sessions.lea;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/account/accounts/${accountId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    expect(accountSchema.strict().parse(response.json())).toEqual({
      address: {
        id: expect.any(String),
        line1: '27 boulevard de la Liberté',
        postalCode: '59000',
        city: 'Lille',
        country: 'France',
        customerId: expect.stringMatching(/^CLI-/),
      },
      commercialConsent: false,
      firstName: 'Léa',
      lastName: 'Bernard',
      email: DEMO.lea,
      phoneNumber: '06 45 23 89 10',
    });
  });

  it('answers 304 without a body while the policies and the account are unchanged', async ({
    t,
    sessions,
  }) => {
    const { token, accountId } = sessions.jean;
    for (const url of [
      `/api/v1/policy/accounts/${accountId}`,
      `/api/v1/account/accounts/${accountId}`,
    ]) {
      const first = await t.app.inject({ url, headers: bearer(token) });
      const tag = first.headers.etag;
      expect(tag, url).toMatch(/^W\/"/);
      const again = await t.app.inject({
        url,
        headers: { ...bearer(token), 'if-none-match': tag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['cache-control']).toBe('no-store');
      const stale = await t.app.inject({
        url,
        headers: { ...bearer(token), 'if-none-match': 'W/"something-else"' },
      });
      expect(stale.statusCode, url).toBe(200);
      expect(stale.body).toBe(first.body);
      // Another customer's tag changes nothing: the token decides, 403 before any body.
      const other = await t.app.inject({
        url,
        headers: { ...bearer(sessions.lea.token), 'if-none-match': tag },
      });
      expect(other.statusCode).toBe(403);
    }
  });

  it('gives a new ETag and the body again once the account changed', async ({ t, sessions }) => {
    const { token, accountId } = sessions.jean;
    const url = `/api/v1/account/accounts/${accountId}`;
    const before = await t.app.inject({ url, headers: bearer(token) });
    const consent = before.json<{ commercialConsent: boolean }>().commercialConsent;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/consent/accounts/${accountId}/${String(!consent)}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(put.statusCode).toBe(204);
    const after = await t.app.inject({
      url,
      headers: { ...bearer(token), 'if-none-match': before.headers.etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json()).toMatchObject({ commercialConsent: !consent });
  });

  it('compresses a JSON answer over 1 KB for a client that accepts gzip', async ({
    t,
    sessions,
  }) => {
    const { token, accountId } = sessions.camille;
    const url = `/api/v1/policy/accounts/${accountId}`;
    const plain = await t.app.inject({ url, headers: bearer(token) });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await t.app.inject({
      url,
      headers: { ...bearer(token), 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('pages a fleet account past POLICIES_PAGE_SIZE policies, the next page named by a Link header', async ({
    t,
    sessions,
  }) => {
    // lea gets 150 more policies, copies of her one policy and its vehicle with their own
    // numbers: every policy has its vehicle, as the answer's document says.
    const { token, accountId } = sessions.lea;
    await sql`insert into policies (policy_number, account_id, customer_id, garage_address_id,
                                    premium_a, start_date, state)
              select 'FLEET' || lpad(g::text, 4, '0'), account_id, customer_id, garage_address_id,
                     premium_a, start_date - g, state
              from policies, generate_series(1, 150) g
              where account_id = ${accountId}`.execute(t.database.handle.db);
    await sql`insert into risks (policy_number, position, license_plate, manufacturer, model,
                                 guarantee_formula)
              select 'FLEET' || lpad(g::text, 4, '0'), r.position, r.license_plate, r.manufacturer,
                     r.model, r.guarantee_formula
              from risks r join policies p on p.policy_number = r.policy_number,
                   generate_series(1, 150) g
              where p.account_id = ${accountId} and p.policy_number not like 'FLEET%'`.execute(
      t.database.handle.db,
    );
    const url = `/api/v1/policy/accounts/${accountId}`;
    const first = await t.app.inject({ url, headers: bearer(token) });
    expect(first.statusCode).toBe(200);
    expect(first.json<Policy[]>()).toHaveLength(POLICIES_PAGE_SIZE);
    expect(first.headers.link).toBe(`<${url}?page=2>; rel="next"`);
    const second = await t.app.inject({ url: `${url}?page=2`, headers: bearer(token) });
    expect(second.json<Policy[]>()).toHaveLength(151 - POLICIES_PAGE_SIZE);
    expect(second.headers.link).toBeUndefined();
    const numbers = [...first.json<Policy[]>(), ...second.json<Policy[]>()].map(
      (p) => p.policyNumber,
    );
    expect(new Set(numbers).size).toBe(151);
    expect(numbers[0]).not.toMatch(/^FLEET/);
    const wrong = await t.app.inject({ url: `${url}?page=0`, headers: bearer(token) });
    expect(wrong.statusCode).toBe(400);
    await sql`delete from risks where policy_number like 'FLEET%'`.execute(t.database.handle.db);
    await sql`delete from policies where policy_number like 'FLEET%'`.execute(t.database.handle.db);
  });

  it('answers an unknown API path with 404 in the error body shape', async ({ t }) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });
});
