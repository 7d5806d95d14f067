// The broker's deadline on a document the customer owes (docs/integration.md « Documents to
// provide », docs/product/policies.md « Remaining days »), from the integration API's body to what
// the customer reads: the policies read (the body kept by version, migration 0018, must change),
// the first reads carried in the signed-in page (docs/decisions/0067-first-reads-in-the-page.md),
// and the banner's words the portal makes of them (the contract's owedDocumentsDelay). Léa owes
// nothing at first, and her contract started long ago (the 30-day rule alone would say 0 days).
import {
  addDays,
  owedDocumentsDelay,
  sentenceText,
  todayInParis,
  unfulfilledDocuments,
  type Policy,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { call } from '../../support/integration';
import { DEMO, pageAccount, portalSignIn, webBuild } from '../../support/harness';

const LEA_CONTRACT = 'AU2025110264'; // Léa's Fiat 500, in force, started 200 days ago
const OWED_PATH = `/contracts/${LEA_CONTRACT}/owed-documents/ATT-2027`;

describe.each(BACKENDS)('the broker’s deadline of an owed document on %s', (backend) => {
  const it = apiTest
    .extend('leaBrowser', ({ t, once }) => once('lea browser', () => portalSignIn(t.app, DEMO.lea)))
    /** The policies the signed-in page carries (its first reads). */
    .extend('pagePolicies', ({ t, leaBrowser: lea }) => async (): Promise<Policy[]> => {
      const page = await t.app.inject({ url: '/', headers: { cookie: lea.jar.header() } });
      const block =
        /<script type="application\/json" id="portal-first-reads">([^<]*)<\/script>/.exec(
          page.body,
        )?.[1];
      return (JSON.parse(block!) as { policies: Policy[] }).policies;
    })
    .extend('leaAccount', ({ leaBrowser }) => pageAccount(leaBrowser.page)!)
    /** Léa's policies as the API answers them (cookie session, the kept body when unchanged). */
    .extend(
      'policiesRead',
      ({ t, leaAccount: accountId, leaBrowser: lea }) =>
        async (): Promise<Policy[]> => {
          const response = await t.app.inject({
            url: `/api/v1/policy/accounts/${accountId}`,
            headers: { cookie: lea.jar.header() },
          });
          expect(response.statusCode).toBe(200);
          return response.json<Policy[]>();
        },
    )
    .override({ backend, appConfig: { webDist: webBuild() } });

  const inDays = (days: number) => addDays(todayInParis(), days);
  const owed = (deadline: string | null) => ({
    type: 'attestation-employeur',
    name: 'Attestation employeur',
    description: 'Attestation de votre employeur pour le tarif salarié',
    status: 'pending',
    deadline,
  });

  const attestation = (policies: Policy[]) =>
    policies
      .find((p) => p.policyNumber === LEA_CONTRACT)!
      .documents.find((d) => d.fileType === 'attestation-employeur');
  /** The banner's sentence the portal shows for these policies. */
  const banner = (policies: Policy[]) => {
    const { unfulfilledDocs, remainedDays } = unfulfilledDocuments(policies);
    return unfulfilledDocs ? sentenceText(owedDocumentsDelay(remainedDays)) : null;
  };

  it('reaches the customer’s read and page, and the banner counts the days until it', async ({
    t,
    integration: { token },
    pagePolicies,
    policiesRead,
  }) => {
    // Read first, so that both answers are kept bodies the write must replace.
    expect(banner(await policiesRead())).toBeNull();
    expect(banner(await pagePolicies())).toBeNull();

    const put = await call(t.app, token, 'PUT', OWED_PATH, owed(inDays(40)));
    expect(put.statusCode).toBe(201);

    for (const policies of [await policiesRead(), await pagePolicies()]) {
      expect(attestation(policies)).toMatchObject({ status: 'pending', dueOn: inDays(40) });
      expect(unfulfilledDocuments(policies).remainedDays).toBe(40);
      expect(banner(policies)).toBe(
        'Merci de nous transmettre en ligne les documents demandés dans un délai de 40\u00a0jours.',
      );
    }
  });

  it('follows a new deadline at once, and the 30-day rule when the broker removes it', async ({
    t,
    integration: { token },
    pagePolicies,
    policiesRead,
  }) => {
    expect((await call(t.app, token, 'PUT', OWED_PATH, owed(inDays(1)))).statusCode).toBe(200);
    let policies = await policiesRead();
    expect(attestation(policies)?.dueOn).toBe(inDays(1));
    expect(banner(policies)).toBe(
      'Merci de nous transmettre en ligne les documents demandés dans un délai de 1\u00a0jour (aujourd’hui au plus tard).',
    );

    // No deadline: the contract started 200 days ago, so the 30-day rule says it has passed.
    expect((await call(t.app, token, 'PUT', OWED_PATH, owed(null))).statusCode).toBe(200);
    policies = await pagePolicies();
    expect(attestation(policies)?.dueOn).toBeNull();
    expect(banner(policies)).toBe(
      'Le délai pour nous transmettre les documents demandés est dépassé\u00a0: merci de nous les transmettre en ligne au plus vite.',
    );
  });

  it('refuses a deadline that is no date with a French reason, and changes nothing', async ({
    t,
    integration: { token },
    policiesRead,
  }) => {
    const before = await policiesRead();
    const refused = await call(t.app, token, 'PUT', OWED_PATH, owed('31/12/2026'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.deadline).toMatch(/AAAA-MM-JJ|date/i);
    expect(await policiesRead()).toEqual(before);
  });
});
