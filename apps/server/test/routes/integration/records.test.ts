// The integration API's customers and contracts (docs/integration.md): upsert by the broker's
// numbers, idempotent, versioned (ETag / If-Match), each refused field named with nothing
// written, and what the broker changes visible to the customer at the next read.
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { call, contractRecord, customerRecord } from '../../support/integration';
import { DEMO, signIn, subjectOf } from '../../support/harness';

const CAMILLE = 'CLI-00100231';

describe.each(BACKENDS)('integration API records (%s)', (backend) => {
  const it = apiTest
    .extend(
      'count',
      ({ t }) =>
        async (table: 'accounts' | 'policies' | 'drivers') =>
          Number(
            (
              await t.app.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
    )
    .override({ backend });

  it('creates a customer, reads it back, and changes nothing when it is sent again', async ({
    t,
    integration: { token },
  }) => {
    const created = await call(t.app, token, 'PUT', '/customers/CLI-9001', customerRecord());
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ changed: true, created: true, version: 1 });
    expect(created.headers.etag).toBe('"1"');
    const read = await call(t.app, token, 'GET', '/customers/CLI-9001');
    expect(read.json()).toMatchObject({
      customerNumber: 'CLI-9001',
      version: 1,
      email: 'nadia.leroy@example.fr',
      address: { city: 'Bordeaux', country: 'France', complement: null },
    });
    const again = await call(t.app, token, 'PUT', '/customers/CLI-9001', customerRecord());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ changed: false, created: false, version: 1 });
    const changed = await call(
      t.app,
      token,
      'PUT',
      '/customers/CLI-9001',
      customerRecord({ phoneNumber: '07 00 11 22 33' }),
    );
    expect(changed.json()).toEqual({ changed: true, created: false, version: 2 });
  });

  it('refuses a stale If-Match with 412 and writes nothing', async ({
    t,
    integration: { token },
  }) => {
    const before = await call(t.app, token, 'GET', '/customers/CLI-9001');
    const stale = await call(
      t.app,
      token,
      'PUT',
      '/customers/CLI-9001',
      customerRecord({ lastName: 'Perrin' }),
      { 'if-match': '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error.code).toBe('precondition_failed');
    const after = await call(t.app, token, 'GET', '/customers/CLI-9001');
    expect(after.json()).toEqual(before.json());
    const fresh = await call(
      t.app,
      token,
      'PUT',
      '/customers/CLI-9001',
      customerRecord({ lastName: 'Perrin' }),
      { 'if-match': before.headers.etag as string },
    );
    expect(fresh.statusCode).toBe(200);
  });

  it('resolves two concurrent writers of the same version: one wins, the other gets 412', async ({
    t,
    integration: { token },
  }) => {
    const { etag } = (await call(t.app, token, 'GET', '/customers/CLI-9001')).headers;
    const [a, b] = await Promise.all(
      ['Rémi', 'Sacha'].map((firstName) =>
        call(t.app, token, 'PUT', '/customers/CLI-9001', customerRecord({ firstName }), {
          'if-match': etag as string,
        }),
      ),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 412]);
  });

  it('names each refused field of a customer in French and writes nothing', async ({
    t,
    integration: { token },
    count,
  }) => {
    const accounts = await count('accounts');
    const response = await call(t.app, token, 'PUT', '/customers/CLI-9002', {
      ...customerRecord({ email: 'pas-une-adresse', birthDate: '2030-01-01' }),
      address: { line1: '', postalCode: '33000', city: 'Bordeaux' },
      nickname: 'Nana',
    });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error as { fields: Record<string, string> };
    expect(fields.email).toBe('Cette adresse e-mail n’est pas valide.');
    expect(fields.birthDate).toMatch(/date de naissance/);
    expect(fields['address.line1']).toMatch(/1 à 120 caractères/);
    expect(Object.values(fields).join(' ')).toMatch(/Champ inconnu\u00a0: «\u00a0nickname\u00a0»/);
    expect(await count('accounts')).toBe(accounts);
  });

  it('refuses another customer’s e-mail, naming the field', async ({
    t,
    integration: { token },
  }) => {
    const response = await call(
      t.app,
      token,
      'PUT',
      '/customers/CLI-9003',
      customerRecord({ email: DEMO.jean }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toHaveProperty('email');
  });

  it('refuses a contract of an unknown customer with 422, naming customerNumber', async ({
    t,
    integration: { token },
    count,
  }) => {
    const policies = await count('policies');
    const response = await call(
      t.app,
      token,
      'PUT',
      '/contracts/AU9990001',
      contractRecord('CLI-404'),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields.customerNumber).toMatch(/Aucun client/);
    expect(await count('policies')).toBe(policies);
  });

  it('names each refused field of a contract and writes nothing', async ({
    t,
    integration: { token },
    count,
  }) => {
    const [policies, drivers] = [await count('policies'), await count('drivers')];
    const record = contractRecord('CLI-9001', { state: 'Perdu', premium: -3 });
    record.drivers = [
      { ...record.drivers[0]!, licenceNumber: '12', crm: 9 },
      { ...record.drivers[0]!, firstName: 'Lou' },
    ];
    record.paymentDetails = { ...record.paymentDetails!, iban: 'pas un iban' };
    const response = await call(t.app, token, 'PUT', '/contracts/AU9990002', record);
    expect(response.statusCode).toBe(400);
    const { fields } = response.json().error as { fields: Record<string, string> };
    expect(Object.keys(fields).sort()).toEqual(
      [
        'state',
        'premium',
        'drivers.0.licenceNumber',
        'drivers.0.crm',
        'paymentDetails.iban',
      ].sort(),
    );
    expect(fields.state).toContain('«\u00a0Actif\u00a0»');
    expect([await count('policies'), await count('drivers')]).toEqual([policies, drivers]);
  });

  it('refuses a contract with two principal drivers', async ({ t, integration: { token } }) => {
    const record = contractRecord('CLI-9001');
    record.drivers = [record.drivers[0]!, { ...record.drivers[0]!, firstName: 'Lou' }];
    const response = await call(t.app, token, 'PUT', '/contracts/AU9990003', record);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.drivers).toMatch(/un seul principal/);
  });

  it('writes a contract for Camille that she sees at her next read, then its change', async ({
    t,
    integration: { token },
  }) => {
    const tokens = await signIn(t.app, t.config, DEMO.camille);
    const policiesPath = `/api/v1/policy/accounts/${subjectOf(tokens.access_token)}`;
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: policiesPath,
          headers: { authorization: `Bearer ${tokens.access_token}` },
        })
      ).json<{ policyNumber: string; premiumA: number; risks: { licensePlate: string }[] }[]>();
    const before = await read();
    const created = await call(
      t.app,
      token,
      'PUT',
      '/contracts/AU9990010',
      contractRecord(CAMILLE),
    );
    expect(created.statusCode).toBe(201);
    const mine = (await read()).find((p) => p.policyNumber === 'AU9990010');
    expect(before.find((p) => p.policyNumber === 'AU9990010')).toBeUndefined();
    expect(mine).toMatchObject({ premiumA: 612.4, risks: [{ licensePlate: 'FX-123-ZT' }] });

    const version = await t.app.db
      .selectFrom('policy_data_versions')
      .select('version')
      .where('account_id', '=', subjectOf(tokens.access_token))
      .executeTakeFirstOrThrow();
    const same = await call(t.app, token, 'PUT', '/contracts/AU9990010', contractRecord(CAMILLE));
    expect(same.json()).toEqual({ changed: false, created: false, version: 1 });
    const unchanged = await t.app.db
      .selectFrom('policy_data_versions')
      .select('version')
      .where('account_id', '=', subjectOf(tokens.access_token))
      .executeTakeFirstOrThrow();
    expect(unchanged.version).toBe(version.version);

    await call(
      t.app,
      token,
      'PUT',
      '/contracts/AU9990010',
      contractRecord(CAMILLE, { premium: 580 }),
    );
    expect((await read()).find((p) => p.policyNumber === 'AU9990010')?.premiumA).toBe(580);
  });

  it('reads a contract back in the record’s shape, normalised', async ({
    t,
    integration: { token },
  }) => {
    const response = await call(t.app, token, 'GET', '/contracts/AU9990010');
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe('"2"');
    expect(response.json()).toMatchObject({
      contractNumber: 'AU9990010',
      customerNumber: CAMILLE,
      premium: 580,
      vehicle: { licensePlate: 'FX-123-ZT' },
      drivers: [{ licenceNumber: '13AB12345', licenceDate: '1998-06-20', principal: true }],
      paymentDetails: { iban: 'FR7630006000011234567890189' },
      claims: [{ occurredOn: '2024-05-02', responsibility: 0, driverName: null }],
    });
  });

  it('keeps a driver’s id while the contract still lists them', async ({
    t,
    integration: { token },
  }) => {
    const id = async () =>
      (
        await t.app.db
          .selectFrom('drivers')
          .select('id')
          .where('policy_number', '=', 'AU9990010')
          .executeTakeFirstOrThrow()
      ).id;
    const before = await id();
    const record = contractRecord(CAMILLE, { premium: 590 });
    record.drivers = [{ ...record.drivers[0]!, crm: 0.6 }];
    await call(t.app, token, 'PUT', '/contracts/AU9990010', record);
    expect(await id()).toBe(before);
  });

  it('answers 404 for what does not exist', async ({ t, integration: { token } }) => {
    for (const path of ['/customers/CLI-404', '/contracts/AU404'])
      expect((await call(t.app, token, 'GET', path)).statusCode).toBe(404);
    expect((await call(t.app, token, 'DELETE', '/contracts/AU404')).statusCode).toBe(404);
  });

  it('removes a contract, then its customer; a customer with contracts stays', async ({
    t,
    integration: { token },
  }) => {
    await call(t.app, token, 'PUT', '/contracts/AU9990020', contractRecord('CLI-9001'));
    const refused = await call(t.app, token, 'DELETE', '/customers/CLI-9001');
    expect(refused.statusCode).toBe(409);
    expect((await call(t.app, token, 'DELETE', '/contracts/AU9990020')).statusCode).toBe(204);
    expect((await call(t.app, token, 'GET', '/contracts/AU9990020')).statusCode).toBe(404);
    expect((await call(t.app, token, 'DELETE', '/customers/CLI-9001')).statusCode).toBe(204);
    expect((await call(t.app, token, 'GET', '/customers/CLI-9001')).statusCode).toBe(404);
  });
});
