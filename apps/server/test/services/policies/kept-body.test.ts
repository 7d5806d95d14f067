// The policies read sends again the body it built last while the account's policy data keeps its
// version (services/policies/policies.ts, migration 0018). Each table feeding the read is changed here in
// SQL, as the broker's back office or another instance would, never through this app: the next
// read must show the change all the same.
import { type Policy, policyListSchema } from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { POLICY_DATA_TABLES } from '../../../src/db/migrations/0018-policy-data-versions';
import { policiesJson } from '../../../src/services/policies/policies';
import { BACKENDS } from '../../support/backends';
import { bearer, claimsOf, DEMO, signIn, subjectOf } from '../../support/harness';

const NUMBER = 'AU2026104512';

describe.each(BACKENDS)('policies read kept between changes on %s', (backend) => {
  const it = apiTest
    .extend(
      'run',
      ({ t }) =>
        (query: ReturnType<typeof sql>) =>
          query.execute(t.database.handle.db),
    )
    .extend(
      'read',
      ({ t, camille: { token } }) =>
        async (bearerToken = token): Promise<Policy[]> => {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api/v1/policy/accounts/${subjectOf(bearerToken)}`,
            headers: bearer(bearerToken),
          });
          expect(response.statusCode).toBe(200);
          return policyListSchema.parse(response.json());
        },
    )
    .extend(
      'policy',
      ({ read }) =>
        async () =>
          (await read()).find((p) => p.policyNumber === NUMBER)!,
    )
    .override({ backend });

  // Each test starts from a body the app keeps.
  it.beforeEach(async ({ read }) => {
    await read();
  });

  it('shows a change of the policy row', async ({ policy, run }) => {
    await run(sql`update policies set premium_a = 812.5 where policy_number = ${NUMBER}`);
    expect((await policy()).premiumA).toBe(812.5);
  });

  it('shows a change of its garage address', async ({ policy, run }) => {
    await run(sql`update garage_addresses set city = 'Villeurbanne'
      where id = (select garage_address_id from policies where policy_number = ${NUMBER})`);
    expect((await policy()).address?.city).toBe('Villeurbanne');
  });

  it('shows a driver added, changed and removed', async ({ policy, run }) => {
    await run(sql`insert into drivers (id, policy_number, salutation, first_name, last_name,
        birth_date, principal, crm)
      values ('kept-body-driver', ${NUMBER}, 'Mr', 'Hugo', 'Martin', '2001-04-12', false, 1)`);
    expect((await policy()).drivers.map((d) => d.firstName)).toContain('Hugo');
    await run(sql`update drivers set first_name = 'Hugues' where id = 'kept-body-driver'`);
    expect((await policy()).drivers.map((d) => d.firstName)).toContain('Hugues');
    await run(sql`delete from drivers where id = 'kept-body-driver'`);
    expect((await policy()).drivers.map((d) => d.firstName)).not.toContain('Hugues');
  });

  it('shows a change of a risk and of one of its guarantees', async ({ policy, run }) => {
    await run(sql`update risks set model = '208 GT' where policy_number = ${NUMBER}`);
    expect((await policy()).risks[0]!.model).toBe('208 GT');
    await run(sql`update guarantees set description = 'Bris de glace sans franchise'
      where risk_id = (select id from risks where policy_number = ${NUMBER})
        and position = (select min(g.position) from guarantees g
                        join risks r on r.id = g.risk_id where r.policy_number = ${NUMBER})`);
    expect((await policy()).risks[0]!.guarantees[0]!.description).toBe(
      'Bris de glace sans franchise',
    );
  });

  it('shows a change of the payment details', async ({ policy, run }) => {
    await run(sql`update payment_details set owner_name = 'M. Camille Martin'
      where policy_number = ${NUMBER}`);
    expect((await policy()).paymentDetails?.bankAccount.ownerName).toBe('M. Camille Martin');
  });

  it('shows a change of a document to provide', async ({ policy, run }) => {
    await run(sql`update policy_documents set description = 'Copie recto verso'
      where policy_number = ${NUMBER}`);
    const documents = (await policy()).documents;
    expect(documents.length).toBeGreaterThan(0);
    expect(documents.every((d) => d.description === 'Copie recto verso')).toBe(true);
  });

  it('shows a termination request received, then processed', async ({
    camille: { accountId },
    policy,
    run,
  }) => {
    await run(sql`insert into termination_requests (id, reference, policy_number, account_id,
        reason, payload, received_at, effective_date, effect, basis, receipt_document_id)
      select 'kept-body-termination', 'RES-KEPT-BODY', ${NUMBER}, ${accountId}, 1, '{}',
        '2026-11-20T09:30:00Z', '2026-12-20', 'termination', 'L113-15-2', id
      from downloadable_documents where policy_number = ${NUMBER} limit 1`);
    expect((await policy()).terminationRequest).toEqual({
      reference: 'RES-KEPT-BODY',
      receivedAt: '2026-11-20T09:30:00.000Z',
    });
    await run(sql`update termination_requests set status = 'processed'
      where id = 'kept-body-termination'`);
    expect((await policy()).terminationRequest ?? null).toBeNull();
  });

  it('shows a policy that changes account, on both accounts', async ({
    camille: { accountId },
    lea: { token: otherToken },
    read,
    run,
  }) => {
    const before = await read(otherToken);
    await run(sql`update policies set account_id = ${subjectOf(otherToken)}
      where policy_number = ${NUMBER}`);
    expect((await read()).map((p) => p.policyNumber)).not.toContain(NUMBER);
    expect((await read(otherToken)).map((p) => p.policyNumber)).toEqual(
      expect.arrayContaining([...before.map((p) => p.policyNumber), NUMBER]),
    );
    await run(sql`update policies set account_id = ${accountId} where policy_number = ${NUMBER}`);
    expect((await read()).map((p) => p.policyNumber)).toContain(NUMBER);
  });

  it('answers 401, not the kept body, once the session is closed elsewhere', async ({
    t,
    camille: { accountId },
    read,
    run,
  }) => {
    const own = (await signIn(t.app, t.config, DEMO.camille)).access_token;
    await read(own);
    await read(own);
    // As another instance's sign-out would: the provider session's row goes.
    await run(sql`delete from oidc_payloads
      where type = 'Session' and uid = ${String(claimsOf(own).sid)}`);
    for (const url of [
      `/api/v1/policy/accounts/${accountId}`,
      `/api/v1/account/accounts/${accountId}`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(own) });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('has the trigger on every table the read selects from', async ({
    camille: { accountId },
    run,
  }) => {
    const { rows } = await run(sql<{ table: string }>`
      select distinct event_object_table as table from information_schema.triggers
      where trigger_name like '%_policy_data_changed'`);
    const withTrigger = (rows as { table: string }[]).map((r) => r.table);
    expect(withTrigger.sort()).toEqual(Object.keys(POLICY_DATA_TABLES).sort());
    // Every table in the read's plan, but the versions themselves.
    const plan = await run(sql`explain (format json) ${policiesJson(accountId, 1)}`);
    const relations = new Set(
      [...JSON.stringify(plan.rows).matchAll(/"Relation Name":"(\w+)"/g)].map((m) => m[1]!),
    );
    relations.delete('policy_data_versions');
    expect([...relations].sort()).toEqual(withTrigger.sort());
  });
});
