// A claim draft keeps the step the customer is on and what they typed there without « Continuer »
// (docs/product/claims.md, docs/decisions/0162-claim-drafts-saved-as-the-customer-types.md), as the
// portal sends it: cookie session, same-origin header. Partial values are kept, bad ones refused in
// French with nothing changed; another device resumes at that step, never past an incomplete one; a
// write over another tab's or device's is 412, a tab's own writes follow one another.
import {
  CLAIM_DRAFT_WRITER_HEADER,
  CLAIM_MESSAGES,
  SAFE_TEXT_MESSAGE,
  SESSION_REQUEST_HEADER,
  addDays,
  todayInParis,
  type ClaimDraft,
} from '@espace/contract';
import { sql } from 'kysely';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { ACTIVE } from '../../support/claims';
import {
  DEMO,
  pageAccount,
  portalSignIn,
  webBuild,
  type PortalBrowser,
} from '../../support/harness';

const WRITE = { [SESSION_REQUEST_HEADER]: '1', 'sec-fetch-site': 'same-origin' };
const TAB_A = '6f1c2d3e-0000-4000-8000-00000000000a';
const TAB_B = '6f1c2d3e-0000-4000-8000-00000000000b';
const WHEN = {
  occurredOn: addDays(todayInParis(), -1),
  occurredAt: '08:30',
  place: { label: 'Rue de Rivoli, Paris' },
};

describe.each(BACKENDS)('claim draft progress on %s', (backend) => {
  const it = apiTest
    .extend('phone', { auto: true }, ({ t, once }) =>
      once('phone', () => portalSignIn(t.app, DEMO.camille)),
    )
    // Camille's two devices, signed in before any test, the phone first.
    .extend('laptop', { auto: true }, ({ t, phone: _signedInFirst, once }) =>
      once('laptop', () => portalSignIn(t.app, DEMO.camille)),
    )
    .extend('base', ({ phone }) => `/api/v1/claim/accounts/${pageAccount(phone.page)!}/drafts`)
    .extend(
      'call',
      ({ t, base }) =>
        (
          device: PortalBrowser,
          method: 'GET' | 'POST' | 'PUT',
          url: string,
          body?: unknown,
          headers: Record<string, string> = {},
        ) =>
          t.app.inject({
            method,
            url: `${base}${url}`,
            headers: {
              cookie: device.jar.header(),
              ...(method === 'GET' ? {} : WRITE),
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
              ...headers,
            },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          }),
    )
    .extend(
      'read',
      ({ call }) =>
        async (device: PortalBrowser, id: string) =>
          (await call(device, 'GET', `/${id}`)).json<ClaimDraft>(),
    )
    .extend(
      'progress',
      ({ call, phone }) =>
        (id: string, body: unknown, headers?: Record<string, string>) =>
          call(phone, 'PUT', `/${id}/progress`, body, headers),
    )
    /** A glass claim whose kind is confirmed: the customer is on « Date et lieu ». */
    .extend('glassClaim', ({ call, phone }) => async (): Promise<ClaimDraft> => {
      const created = (await call(phone, 'POST', '', { policyNumber: ACTIVE })).json<ClaimDraft>();
      expect(created).toMatchObject({ step: 'kind', version: 1, typed: {} });
      const saved = await call(phone, 'PUT', `/${created.id}/steps/kind`, { kind: 'broken_glass' });
      expect(saved.statusCode).toBe(200);
      return saved.json<ClaimDraft>();
    })
    .override({ backend, appConfig: { webDist: webBuild() } });

  const tab = (id: string, seq: number, version: number) => ({
    'if-match': `"${version}"`,
    [CLAIM_DRAFT_WRITER_HEADER]: `${id}:${seq}`,
  });

  it('keeps a step typed in part, and another device resumes at that step with it', async ({
    call,
    glassClaim,
    laptop,
    progress,
    read,
  }) => {
    const draft = await glassClaim();
    expect(draft).toMatchObject({ step: 'when', version: 2 });
    const typed = {
      occurredOn: '',
      occurredAt: '08:',
      place: { label: 'Rue de Ri', source: 'typed' },
    };
    const saved = await progress(draft.id, { step: 'when', typed }, tab(TAB_A, 1, 2));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<ClaimDraft>()).toMatchObject({
      step: 'when',
      version: 3,
      typed: { when: typed },
    });

    const elsewhere = await read(laptop, draft.id);
    expect(elsewhere).toMatchObject({ step: 'when', typed: { when: typed }, version: 3 });
    // Typed is not confirmed: the claim cannot go further, nor be sent.
    expect(elsewhere.answers.when).toBeUndefined();
    const sent = await call(laptop, 'POST', `/${draft.id}/submit`);
    expect(sent.statusCode).toBe(400);
    expect(sent.json().error.fields).toMatchObject({ when: CLAIM_MESSAGES.required.step });
  });

  it('confirming a step drops what was typed there and resumes at the next one', async ({
    call,
    glassClaim,
    laptop,
    phone,
    progress,
    read,
  }) => {
    const draft = await glassClaim();
    await progress(draft.id, { step: 'when', typed: { place: { label: 'Rue' } } });
    const confirmed = await call(phone, 'PUT', `/${draft.id}/steps/when`, WHEN);
    expect(confirmed.json<ClaimDraft>()).toMatchObject({
      step: 'circumstances',
      typed: {},
    });
    const typed = { boxes: [], description: 'Un caillou a fendu le pare-' };
    await progress(draft.id, { step: 'circumstances', typed });
    // The customer goes back to « Date et lieu »: that is where another device opens.
    const back = await progress(draft.id, { step: 'when' });
    expect(back.json<ClaimDraft>()).toMatchObject({
      step: 'when',
      typed: { circumstances: typed },
    });
    expect((await read(laptop, draft.id)).step).toBe('when');
  });

  it('« Précédent »: the step opened is kept, whichever of its writes arrives last', async ({
    call,
    glassClaim,
    laptop,
    phone,
    progress,
    read,
  }) => {
    const draft = await glassClaim();
    const confirmed = await call(phone, 'PUT', `/${draft.id}/steps/when`, WHEN, tab(TAB_A, 1, 2));
    expect(confirmed.json<ClaimDraft>()).toMatchObject({ step: 'circumstances', version: 3 });
    // On « Circonstances », the customer types, then goes back at once: the portal records the
    // step opened and sends what was typed on the step left (as it unmounts), in either order.
    const typed = { boxes: [], description: 'Un caillou a' };
    const back = await progress(draft.id, { step: 'when' });
    expect(back.json<ClaimDraft>()).toMatchObject({ step: 'when', version: 3 });
    const flushed = await progress(draft.id, { step: 'circumstances', typed }, tab(TAB_A, 2, 3));
    expect(flushed.statusCode, flushed.body).toBe(200);
    expect(flushed.json<ClaimDraft>()).toMatchObject({
      step: 'when',
      version: 4,
      typed: { circumstances: typed },
    });
    const more = { boxes: [], description: 'Un caillou a fendu' };
    await progress(draft.id, { step: 'circumstances', typed: more }, tab(TAB_A, 3, 4));
    await progress(draft.id, { step: 'when' });
    // Another device resumes at « Date et lieu », the text of « Circonstances » kept.
    expect(await read(laptop, draft.id)).toMatchObject({
      step: 'when',
      version: 5,
      typed: { circumstances: more },
    });
  });

  it('refuses bad typed values in French and changes nothing', async ({
    glassClaim,
    phone,
    progress,
    read,
  }) => {
    const draft = await glassClaim();
    const cases: [unknown, Record<string, string>][] = [
      [
        { step: 'when', typed: { place: { label: 'x'.repeat(201) } } },
        { 'typed.place.label': CLAIM_MESSAGES.invalid.tooLong(200) },
      ],
      [
        { step: 'when', typed: { occurredAt: '08\u0000' } },
        { 'typed.occurredAt': SAFE_TEXT_MESSAGE },
      ],
      [
        { step: 'when', typed: { place: { latitude: 91 } } },
        { 'typed.place.latitude': CLAIM_MESSAGES.invalid.coordinates },
      ],
      [
        { step: 'injuries', typed: { injuries: 'oui' } },
        { 'typed.injuries': CLAIM_MESSAGES.required.injuries },
      ],
      [{ step: 'nowhere' }, { step: CLAIM_MESSAGES.invalid.step }],
    ];
    for (const [body, fields] of cases) {
      const response = await progress(draft.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.fields, JSON.stringify(body)).toEqual(fields);
    }
    // A step this claim does not go through, or one after an incomplete step.
    const theft = await progress(draft.id, { step: 'theft', typed: {} });
    expect(theft.statusCode).toBe(400);
    expect(theft.json().error.fields).toEqual({ step: CLAIM_MESSAGES.invalid.step });
    const later = await progress(draft.id, { step: 'vehicle', typed: { location: 'Garage' } });
    expect(later.statusCode).toBe(400);
    const notReached = CLAIM_MESSAGES.invalid.stepNotReached('Date et lieu');
    expect(notReached).toBe('Terminez d’abord l’étape «\u00a0Date et lieu\u00a0».');
    expect(later.json().error).toMatchObject({ message: notReached, fields: { step: notReached } });
    for (const [header, value, message] of [
      ['if-match', '3', CLAIM_MESSAGES.invalid.ifMatch],
      [CLAIM_DRAFT_WRITER_HEADER, 'tab', CLAIM_MESSAGES.invalid.writer],
    ] as const) {
      const response = await progress(draft.id, { step: 'when', typed: {} }, { [header]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toEqual({ [header]: message });
    }
    expect(await read(phone, draft.id)).toMatchObject({ step: 'when', typed: {}, version: 2 });
  });

  it('never resumes past an incomplete step, whatever step is stored', async ({
    t,
    glassClaim,
    laptop,
    read,
  }) => {
    const draft = await glassClaim();
    await sql`update claim_drafts set step = 'vehicle' where id = ${draft.id}`.execute(
      t.database.handle.db,
    );
    expect((await read(laptop, draft.id)).step).toBe('when');
    // Answers that no longer pass their step's schema (an hour « 8h ») do not count either.
    const when = JSON.stringify({ ...WHEN, occurredAt: '8h' });
    await sql`update claim_drafts set answers = answers || jsonb_build_object('when', ${when}::jsonb)
              where id = ${draft.id}`.execute(t.database.handle.db);
    const resumed = await read(laptop, draft.id);
    expect(resumed.answers.when?.occurredAt).toBe('8h');
    expect(resumed.step).toBe('when');
  });

  it('refuses with 412 a write over another device’s, and orders a tab’s own writes', async ({
    call,
    glassClaim,
    laptop,
    progress,
    read,
  }) => {
    const draft = await glassClaim();
    const typed = (label: string) => ({ step: 'when', typed: { place: { label } } });
    expect((await progress(draft.id, typed('A1'), tab(TAB_A, 1, 2))).statusCode).toBe(200);
    // Tab A's second write, sent before the first was answered (same version read): in order.
    expect((await progress(draft.id, typed('A2'), tab(TAB_A, 2, 2))).statusCode).toBe(200);
    // Its first write, arriving late (or sent again): never over the newer one, nothing changes.
    const late = await progress(draft.id, typed('A1 late'), tab(TAB_A, 1, 2));
    expect(late.statusCode).toBe(200);
    expect(late.json<ClaimDraft>()).toMatchObject({
      version: 4,
      typed: { when: { place: { label: 'A2' } } },
    });
    // Device B read version 2 too: its write would replace A's.
    const stale = await call(laptop, 'PUT', `/${draft.id}/progress`, typed('B'), tab(TAB_B, 1, 2));
    expect(stale.statusCode).toBe(412);
    expect(stale.json().error).toEqual({
      code: 'precondition_failed',
      message: CLAIM_MESSAGES.draft.changedElsewhere,
    });
    const confirm = await call(laptop, 'PUT', `/${draft.id}/steps/when`, WHEN, tab(TAB_B, 2, 2));
    expect(confirm.statusCode).toBe(412);
    expect(await read(laptop, draft.id)).toMatchObject({
      version: 4,
      typed: { when: { place: { label: 'A2' } } },
    });
    // B reads version 4 and writes over it; A, still on 4, is now refused.
    expect((await progress(draft.id, typed('B'), tab(TAB_B, 3, 4))).statusCode).toBe(200);
    expect((await progress(draft.id, typed('A3'), tab(TAB_A, 3, 4))).statusCode).toBe(412);
    // Recording the step alone changes no version; without If-Match the last writer wins.
    expect((await progress(draft.id, { step: 'when' })).json<ClaimDraft>().version).toBe(5);
    expect((await progress(draft.id, typed('API'))).json<ClaimDraft>()).toMatchObject({
      version: 6,
      typed: { when: { place: { label: 'API' } } },
    });
  });

  it('answers another account’s draft 404 and a write without the portal’s header 403', async ({
    t,
    base,
    glassClaim,
    phone,
    read,
  }) => {
    const draft = await glassClaim();
    const lea = await portalSignIn(t.app, DEMO.lea);
    const other = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/claim/accounts/${pageAccount(lea.page)!}/drafts/${draft.id}/progress`,
      headers: { cookie: lea.jar.header(), ...WRITE, 'content-type': 'application/json' },
      payload: JSON.stringify({ step: 'when', typed: {} }),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe('Sinister not found');
    const forged = await t.app.inject({
      method: 'PUT',
      url: `${base}/${draft.id}/progress`,
      headers: { cookie: phone.jar.header(), 'content-type': 'application/json' },
      payload: JSON.stringify({ step: 'when', typed: { place: { label: 'x' } } }),
    });
    expect(forged.statusCode).toBe(403);
    expect(await read(phone, draft.id)).toMatchObject({ typed: {}, version: 2 });
  });
});
