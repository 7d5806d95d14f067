// A broken-glass claim and what follows the sending (docs/product/claims.md « Bris de glace »,
// « After sending »): « Circonstances » of a glass claim name the glass and its damage, checked by
// the contract's schema with French messages; another kind drops them. Once sent, the receipt
// (the answer and its PDF) says « Déclaré le … », not « À déclarer au plus tard le … », the glass,
// and what happens next — the broker, its 48 h, the glass cover the contract lacks — and so does
// the customer's mail (real SMTP stand-in), the PDF attached; the console and the customer's
// request detail name the glass.
import {
  CLAIM_MESSAGES,
  type ClaimAcknowledgement,
  type ClaimDraft,
  type Policy,
  type RequestDetail,
} from '@espace/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, vi } from 'vitest';
import { apiTest, SMTP } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { ACTIVE, claimCalls } from '../../support/claims';
import { consoleCall } from '../../support/console';
import { DEMO } from '../../support/harness';
import { decodeQuotedPrintable } from '../../support/mail-server-stand-in';

const WITHOUT_GLASS = 'AU2024061108'; // camille, active, « Tiers »: no « Bris de glace »
const WITH_GLASS = ACTIVE; // camille, active, « Tous Risques »
// Learnt on Monday 05.01.2026: Tue 6, Wed 7, Thu 8, Fri 9, Mon 12 are its 5 working days.
const WHEN = { occurredOn: '2026-01-05', occurredAt: '07:45', place: { label: 'A7, Vienne' } };
const LAST_DAY = '12.01.2026';
const DESCRIPTION = 'Un caillou projeté par un camion a fendu le pare-brise.';

/** Today in Paris as a customer reads it, dd.mm.yyyy, from the platform's own calendar. */
const todayFr = () =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' })
    .format(new Date())
    .replaceAll('/', '.');

describe.each(BACKENDS)('broken glass and what follows a claim on %s', (backend) => {
  const it = apiTest
    .extend('calls', ({ t, camille }) => claimCalls(t.app, camille.accountId, camille.token))
    .extend('driverOf', ({ t, camille }) => async (policyNumber: string) => {
      const policies = await t.app.inject({
        url: `/api/v1/policy/accounts/${camille.accountId}`,
        headers: camille.headers,
      });
      return policies.json<Policy[]>().find((p) => p.policyNumber === policyNumber)!.drivers[0]!.id;
    })
    /** A broken-glass draft on `policyNumber`, up to « Circonstances ». */
    .extend('glassDraft', ({ calls }) => async (policyNumber: string) => {
      const draft = (await calls.create(policyNumber)).json<ClaimDraft>();
      expect((await calls.save(draft.id, 'kind', { kind: 'broken_glass' })).statusCode).toBe(200);
      expect((await calls.save(draft.id, 'when', WHEN)).statusCode).toBe(200);
      return draft;
    })
    /** The rest of a broken-glass claim after « Circonstances », then sent. */
    .extend('finishAndSend', ({ calls, driverOf }) => async (draftId: string, policy: string) => {
      const rest: [string, unknown][] = [
        ['parties', { thirdParty: null, witnesses: [] }],
        ['injuries', { injuries: false }],
        ['driver', { driver: 'policy', driverId: await driverOf(policy) }],
        ['vehicle', { drivable: true, location: 'Sur le parking de mon travail' }],
      ];
      for (const [step, body] of rest)
        expect((await calls.save(draftId, step, body)).statusCode).toBe(200);
      const sent = await calls.submit(draftId);
      expect(sent.statusCode, sent.body).toBe(201);
      return sent.json<ClaimAcknowledgement>();
    })
    .override({ backend, smtp: SMTP });

  it('asks « Circonstances » which glass and how it is broken, and changes nothing until said', async ({
    t,
    camille,
    calls,
    glassDraft,
  }) => {
    const draft = await glassDraft(WITHOUT_GLASS);
    const none = await calls.save(draft.id, 'circumstances', { description: DESCRIPTION });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatchObject({
      message: CLAIM_MESSAGES.required.glassPane,
      fields: { glass: 'Indiquez quel vitrage est endommagé' },
    });
    const empty = await calls.save(draft.id, 'circumstances', {
      description: DESCRIPTION,
      glass: { pane: 'hood' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toMatchObject({
      'glass.damage': 'Indiquez s’il s’agit d’un impact, d’une fissure ou d’une vitre brisée',
    });
    const unchanged = (await calls.get(draft.id)).json<ClaimDraft>();
    expect(unchanged.answers.circumstances).toBeUndefined();
    expect(unchanged.step).toBe('circumstances');

    const named = await calls.save(draft.id, 'circumstances', {
      description: DESCRIPTION,
      glass: { pane: 'windscreen', damage: 'crack' },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json<ClaimDraft>().answers.circumstances).toEqual({
      boxes: [],
      description: DESCRIPTION,
      glass: { pane: 'windscreen', damage: 'crack' },
    });
    // Another kind keeps the description, not the glass.
    await calls.save(draft.id, 'kind', { kind: 'vandalism' });
    expect((await calls.get(draft.id)).json<ClaimDraft>().answers.circumstances).toEqual({
      boxes: [],
      description: DESCRIPTION,
    });
    // Glass again: no step after « Circonstances » opens until it names the glass.
    await calls.save(draft.id, 'kind', { kind: 'broken_glass' });
    const later = await t.app.inject({
      method: 'PUT',
      url: `${calls.base}/${draft.id}/progress`,
      headers: { ...camille.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ step: 'summary' }),
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().error.message).toBe(CLAIM_MESSAGES.invalid.stepNotReached('Circonstances'));
  });

  it('sends a glass claim without glass cover: « Déclaré le », the glass, what follows, by mail with its receipt', async ({
    t,
    camille,
    agent,
    mail,
    calls,
    glassDraft,
    finishAndSend,
  }) => {
    const draft = await glassDraft(WITHOUT_GLASS);
    await calls.save(draft.id, 'circumstances', {
      description: DESCRIPTION,
      glass: { pane: 'windscreen', damage: 'crack' },
    });
    const before = mail.received.length;
    const ack = await finishAndSend(draft.id, WITHOUT_GLASS);

    const declared = `Déclaré le ${todayFr()}, après le délai (au plus tard le ${LAST_DAY}, 5\u00a0jours ouvrés après le jour où vous l’avez appris).`;
    expect(ack.deadline).toMatchObject({ late: true, text: declared });
    const noCover =
      'Votre contrat ne comprend pas de garantie Bris de glace\u00a0: votre courtier vous dira si ce sinistre est pris en charge avant toute réparation.';
    expect(ack.nextSteps).toHaveLength(4);
    expect(ack.nextSteps[0]).toMatch(
      /^Courtage Horizon SAS, votre courtier, étudie votre déclaration et vous contacte sous 48\u00a0h, d’ici le \d{2}\.\d{2}\.\d{4} à \d{2}:\d{2}, /,
    );
    expect(ack.nextSteps[2]).toBe(noCover);

    const receipt = await t.app.inject({
      url: `/api/v1/document/accounts/${camille.accountId}/policy/${WITHOUT_GLASS}/document/${ack.receiptDocumentId}`,
      headers: camille.headers,
    });
    expect(receipt.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(receipt.rawPayload)), {
      mergePages: true,
    });
    const flat = text.replace(/[ \t\r\n]+/g, ' ');
    expect(flat).toContain('Vitrage Pare-brise, fissure');
    expect(flat).toContain(`Déclaré le ${todayFr()}, après le délai`);
    expect(flat).not.toContain('À déclarer au plus tard');
    expect(flat).toContain('Et maintenant');
    expect(flat).toContain('ne comprend pas de garantie Bris de glace');

    // The customer's mail: the same next steps, and the receipt itself attached.
    await vi.waitFor(() => expect(mail.received.length).toBeGreaterThan(before), {
      timeout: 15_000,
      interval: 100,
    });
    const sent = mail.received.slice(before).find((m) => m.data.includes(ack.reference))!;
    expect(sent.to).toEqual([DEMO.camille]);
    const body = decodeQuotedPrintable(sent.data).replace(/[ \t\r\n]+/g, ' ');
    expect(body).toContain(`votre déclaration de sinistre ${ack.reference} est bien reçue`);
    expect(body).toContain('«\u00a0Bris de glace\u00a0»');
    for (const step of ack.nextSteps) expect(body).toContain(step);
    expect(body).toContain(`/account/requests/${ack.reference}`);
    const attached = /Content-Type: application\/pdf[^]*?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(
      sent.data,
    );
    expect(Buffer.from(attached![1]!, 'base64').equals(receipt.rawPayload)).toBe(true);

    // The console and the customer's own detail name the glass.
    const console = await consoleCall(t.app, agent, 'GET', `/requests/${ack.reference}`);
    expect(console.json<RequestDetail>().answers).toContainEqual({
      label: 'Vitrage',
      value: 'Pare-brise, fissure',
    });
    const detail = await t.app.inject({
      url: `/api/v1/account/accounts/${camille.accountId}/requests/${ack.reference}`,
      headers: camille.headers,
    });
    expect(detail.json<RequestDetail>().answers).toContainEqual({
      label: 'Vitrage',
      value: 'Pare-brise, fissure',
    });
  });

  it('tells a glass claim with glass cover that the repairer is the customer’s choice', async ({
    calls,
    glassDraft,
    finishAndSend,
  }) => {
    const draft = await glassDraft(WITH_GLASS);
    await calls.save(draft.id, 'circumstances', {
      description: DESCRIPTION,
      glass: { pane: 'side_window', damage: 'shattered' },
    });
    const ack = await finishAndSend(draft.id, WITH_GLASS);
    expect(ack.nextSteps[2]).toBe(
      'Vous êtes libre de choisir le professionnel qui réparera ou remplacera le vitrage.',
    );
    expect(ack.nextSteps.join(' ')).not.toContain('ne comprend pas de garantie');
  });
});
