// A claim follows its own steps (docs/integration.md « Statuts », docs/product/claims.md
// « Suivi »): a claim declared in the portal is moved by PATCH /backoffice/v1/requests/{reference}
// through expertise, repair, settlement and closing, each step with what it must carry (400
// naming the field otherwise); a request's status that is not a claim's is refused with 409.
import type { ClaimAcknowledgement, ClaimDraft, Policy, RequestDetail } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { accidentAnswers, ACTIVE, claimCalls } from '../../support/claims';
import { samplePdf } from '../../support/documents';
import { getRequest, patchRequest } from '../../support/events';
import { bearer } from '../../support/harness';

describe.each(BACKENDS)('a claim’s steps from the broker (%s)', (backend) => {
  const it = apiTest
    .extend('reference', { auto: true }, ({ t, camille: { accountId, token }, once }) =>
      once('claim', async () => {
        const calls = claimCalls(t.app, accountId, token);
        const policies = await t.app.inject({
          method: 'GET',
          url: `/api/v1/policy/accounts/${accountId}`,
          headers: bearer(token),
        });
        const driverId = policies.json<Policy[]>().find((p) => p.policyNumber === ACTIVE)!
          .drivers[0]!.id;
        const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
        for (const [step, body] of accidentAnswers(driverId))
          await calls.save(draft.id, step, body);
        await calls.upload(
          draft.id,
          'constat',
          'constat.pdf',
          await samplePdf(),
          'application/pdf',
        );
        const submitted = await calls.submit(draft.id);
        expect(submitted.statusCode).toBe(201);
        return submitted.json<ClaimAcknowledgement>().reference;
      }),
    )
    .extend(
      'patch',
      ({ t, integration: { token }, reference }) =>
        (body: unknown) =>
          patchRequest(t.app, token, reference, body),
    )
    .override({ backend });

  it('refuses a request’s status that is not a claim’s step, listing the steps allowed', async ({
    patch,
    reference,
  }) => {
    const response = await patch({ status: 'done' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      `La demande ${reference} est «\u00a0Déclaré\u00a0»\u00a0: elle peut passer à under_review (En cours d’instruction), awaiting_documents (En attente de pièces), expert_appointed (Expertise planifiée), refused (Refusée), closed (Clos).`,
    );
  });

  it('needs what each step carries, naming the field', async ({ patch }) => {
    for (const [body, field] of [
      [{ status: 'expert_appointed' }, 'expertise'],
      [{ status: 'in_repair' }, 'repair'],
      [{ status: 'settled' }, 'settlement'],
      [{ status: 'settled', settlement: { amount: -1, franchise: 0 } }, 'settlement.amount'],
      [{ status: 'under_review', repair: { garage: 'Garage du Centre' } }, 'repair'],
    ] as const) {
      const response = await patch(body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    }
  });

  it('moves through expertise, repair, settlement and closing, each kept in the timeline', async ({
    t,
    integration: { token },
    patch,
    reference,
  }) => {
    const steps = [
      { status: 'expert_appointed', expertise: { date: '2027-01-10', expert: 'Cabinet Durand' } },
      { status: 'in_repair', repair: { garage: 'Garage du Centre' } },
      { status: 'settled', settlement: { amount: 1250.5, franchise: 300 } },
      { status: 'closed', message: 'Dossier clos.' },
    ];
    for (const step of steps) {
      const response = await patch(step);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: step.status, changed: true });
    }
    expect((await patch(steps.at(-1))).json()).toMatchObject({ changed: false });
    const detail = (await getRequest(t.app, token, reference)).json<RequestDetail>();
    expect(detail.timeline.map((s) => s.status)).toEqual([
      'declared',
      'expert_appointed',
      'in_repair',
      'settled',
      'closed',
    ]);
    expect(detail.timeline[3]).toMatchObject({
      details: { settlement: { amount: 1250.5, franchise: 300 } },
    });
    const closed = await patch({ status: 'under_review' });
    expect(closed.statusCode).toBe(409);
  });
});
