// Claim drafts (docs/product/claims.md): opened on one's own contract in force, saved step by
// step with the contract's French messages, resumed as saved, invisible to another account.
import { CLAIM_MESSAGES, type ClaimDraft, type Policy } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { ACTIVE, accidentAnswers, claimCalls, LEAS, TERMINATED } from '../../support/claims';
import { purgeAbandonedDrafts } from '../../../src/services/claims/purge-drafts';
import { SAMPLE_JPEG } from '../../support/documents';
import { bearer } from '../../support/harness';

describe.each(BACKENDS)('claim drafts API on %s', (backend) => {
  const it = apiTest
    .extend('calls', ({ t, camille }) => claimCalls(t.app, camille.accountId, camille.token))
    .extend('leaCalls', ({ t, lea }) => claimCalls(t.app, lea.accountId, lea.token))
    .extend('driverId', ({ t, camille: { accountId, token }, once }) =>
      once('driverId', async () => {
        const policies = (
          await t.app.inject({
            method: 'GET',
            url: `/api/v1/policy/accounts/${accountId}`,
            headers: bearer(token),
          })
        ).json<Policy[]>();
        return policies.find((p) => p.policyNumber === ACTIVE)!.drivers[0]!.id;
      }),
    )
    .override({ backend });

  it('requires authentication', async ({ t, calls }) => {
    const response = await t.app.inject({ method: 'GET', url: calls.base });
    expect(response.statusCode).toBe(401);
  });

  it('opens a draft only on the caller’s own contract in force', async ({ calls }) => {
    expect((await calls.create(LEAS)).json().error.message).toBe('Policy not found');
    const terminated = await calls.create(TERMINATED);
    expect(terminated.statusCode).toBe(409);
    expect(terminated.json().error.message).toBe(CLAIM_MESSAGES.invalid.notInForce);
    const created = await calls.create(ACTIVE);
    expect(created.statusCode).toBe(201);
    expect(created.json<ClaimDraft>()).toMatchObject({
      policyNumber: ACTIVE,
      answers: {},
      files: [],
      deadline: null,
    });
  });

  it('refuses each step’s bad answers with French messages and keeps the draft as it was', async ({
    calls,
  }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    const cases: [string, unknown, Record<string, string>][] = [
      ['kind', { kind: 'meteorite' }, { kind: CLAIM_MESSAGES.required.kind }],
      [
        'when',
        { occurredOn: '2999-01-01', occurredAt: '8h', place: { label: ' ' } },
        {
          occurredOn: CLAIM_MESSAGES.invalid.futureDate,
          occurredAt: CLAIM_MESSAGES.invalid.time,
          'place.label': CLAIM_MESSAGES.required.place,
        },
      ],
      [
        'circumstances',
        { boxes: [0, 18], description: '' },
        {
          'boxes.0': 'Case du constat inconnue',
          'boxes.1': 'Case du constat inconnue',
          description: CLAIM_MESSAGES.required.description,
        },
      ],
      [
        'parties',
        { thirdParty: { name: '', plate: '' } },
        {
          'thirdParty.name': CLAIM_MESSAGES.required.thirdPartyName,
          'thirdParty.plate': CLAIM_MESSAGES.required.thirdPartyPlate,
        },
      ],
      ['injuries', {}, { injuries: CLAIM_MESSAGES.required.injuries }],
      [
        'theft',
        { keys: 'lost' },
        {
          complaintFiledOn: CLAIM_MESSAGES.required.complaintFiledOn,
          policeStation: CLAIM_MESSAGES.required.policeStation,
          complaintReference: CLAIM_MESSAGES.required.complaintReference,
          keys: CLAIM_MESSAGES.required.keys,
        },
      ],
      [
        'driver',
        { driver: 'other', firstName: 'Ana' },
        { lastName: CLAIM_MESSAGES.required.driverLastName },
      ],
      [
        'vehicle',
        { drivable: 'oui', location: '' },
        {
          drivable: CLAIM_MESSAGES.required.drivable,
          location: CLAIM_MESSAGES.required.vehicleLocation,
        },
      ],
      [
        'constat',
        { eConstatReference: 'x'.repeat(41) },
        { eConstatReference: CLAIM_MESSAGES.invalid.tooLong(40) },
      ],
    ];
    for (const [step, body, fields] of cases) {
      const response = await calls.save(draft.id, step, body);
      expect(response.statusCode, step).toBe(400);
      expect(response.json().error.fields, step).toEqual(fields);
    }
    const unknownDriver = await calls.save(draft.id, 'driver', {
      driver: 'policy',
      driverId: 'nobody',
    });
    expect(unknownDriver.statusCode).toBe(400);
    expect(unknownDriver.json().error.fields).toEqual({ driverId: CLAIM_MESSAGES.invalid.driver });
    expect((await calls.get(draft.id)).json<ClaimDraft>().answers).toEqual({});
  });

  it('keeps the place picked, typed or the phone’s position rounded, and refuses bad coordinates', async ({
    calls,
  }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    const when = (place: object) => ({ occurredOn: '2026-11-02', occurredAt: '08:30', place });
    const coordinates = CLAIM_MESSAGES.invalid.coordinates;
    for (const [place, fields] of [
      [{ label: 'Ici', latitude: 48.85 }, { 'place.latitude': coordinates }],
      [{ label: 'Ici', latitude: 48.85, longitude: 200 }, { 'place.longitude': coordinates }],
      [{ label: 'Ici', source: 'position' }, { 'place.latitude': coordinates }],
      [{ label: 'Ici', source: 'gps' }, { 'place.source': CLAIM_MESSAGES.invalid.placeSource }],
    ] as const) {
      const response = await calls.save(draft.id, 'when', when(place));
      expect(response.statusCode, JSON.stringify(place)).toBe(400);
      expect(response.json().error.fields, JSON.stringify(place)).toEqual(fields);
    }
    expect((await calls.get(draft.id)).json<ClaimDraft>().answers).toEqual({});
    const position = { label: 'Position du téléphone', source: 'position' };
    const saved = await calls.save(
      draft.id,
      'when',
      when({ ...position, latitude: 48.856613, longitude: 2.352222 }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await calls.get(draft.id)).json<ClaimDraft>().answers.when?.place).toEqual({
      ...position,
      latitude: 48.8566,
      longitude: 2.3522,
    });
    await calls.save(draft.id, 'when', when({ label: '8 Boulevard du Port 80000 Amiens' }));
    expect((await calls.get(draft.id)).json<ClaimDraft>().answers.when?.place).toEqual({
      label: '8 Boulevard du Port 80000 Amiens',
      source: 'typed',
    });
  });

  it('resumes a draft as saved, with its deadline, and drops the steps a new kind does not have', async ({
    calls,
    driverId,
  }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    for (const [step, body] of accidentAnswers(driverId)) {
      expect((await calls.save(draft.id, step, body)).statusCode, step).toBe(200);
    }
    const resumed = (await calls.get(draft.id)).json<ClaimDraft>();
    expect(resumed.answers.parties?.thirdParty?.plate).toBe('AB-123-CD');
    expect(resumed.answers.when?.place.label).toBe('Rue de Rivoli, 75001 Paris');
    expect(resumed.deadline).toMatchObject({ basis: 'working_days', workingDays: 5, late: false });
    expect(resumed.deadline?.text).toMatch(/^À déclarer au plus tard le \d\d\.\d\d\.\d{4}/);
    expect((await calls.list()).json<{ items: ClaimDraft[] }>().items.map((d) => d.id)).toContain(
      draft.id,
    );

    const theft = (await calls.save(draft.id, 'kind', { kind: 'theft' })).json<ClaimDraft>();
    expect(Object.keys(theft.answers).sort()).toEqual(
      ['injuries', 'kind', 'parties', 'vehicle', 'when', 'circumstances'].sort(),
    );
    expect(theft.deadline).toMatchObject({ workingDays: 2 });
  });

  it('answers 404 « Sinister not found » for another account’s draft, and changes nothing', async ({
    calls,
    leaCalls: lea,
  }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    for (const response of [
      await lea.get(draft.id),
      await lea.save(draft.id, 'kind', { kind: 'fire' }),
      await lea.submit(draft.id),
      await calls.get('not-a-draft'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('Sinister not found');
    }
    expect((await lea.list()).json<{ items: unknown[] }>().items).toEqual([]);
    expect((await calls.get(draft.id)).json<ClaimDraft>().answers).toEqual({});
  });

  it('purges a draft untouched for the configured days, with its photos, and keeps a recent one', async ({
    t,
    calls,
  }) => {
    const old = (await calls.create(ACTIVE)).json<ClaimDraft>();
    const recent = (await calls.create(ACTIVE)).json<ClaimDraft>();
    expect(
      (await calls.upload(old.id, 'photo', 'p.jpg', SAMPLE_JPEG, 'image/jpeg')).statusCode,
    ).toBe(201);
    const { storage_key: key } = await t.app.db
      .selectFrom('claim_files')
      .select('storage_key')
      .where('draft_id', '=', old.id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('claim_drafts')
      .set({ updated_at: new Date(Date.now() - 31 * 86_400_000) })
      .where('id', '=', old.id)
      .execute();
    expect(
      await purgeAbandonedDrafts({ db: t.app.db, storage: t.app.storage }, 30),
    ).toBeGreaterThanOrEqual(1);
    expect((await calls.get(old.id)).statusCode).toBe(404);
    expect((await calls.get(recent.id)).statusCode).toBe(200);
    const read = async () => {
      for await (const chunk of await t.app.storage.get(key)) void chunk;
    };
    await expect(read()).rejects.toThrow();
  });
});
