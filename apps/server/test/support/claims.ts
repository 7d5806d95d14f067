// Shared by the claim API tests: the answers of a complete accident with a third party, and
// calls to the claim routes as the signed-in customer.
import { addDays, todayInParis, type ClaimDataStep } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { bearer } from './harness';
import { MULTIPART_HEADERS, multipartBody } from './documents';

export const ACTIVE = 'AU2026104512'; // camille, 'Actif'
export const TERMINATED = 'AU2019004215'; // camille, 'Résilié'
export const LEAS = 'AU2025110264'; // léa's, 'Actif'

export function accidentAnswers(driverId: string): [ClaimDataStep, unknown][] {
  return [
    ['kind', { kind: 'accident_third_party' }],
    [
      'when',
      {
        occurredOn: addDays(todayInParis(), -1),
        occurredAt: '08:30',
        place: { label: 'Rue de Rivoli, 75001 Paris' },
      },
    ],
    ['circumstances', { boxes: [8], description: 'Le véhicule B m’a heurté à l’arrière.' }],
    [
      'parties',
      {
        thirdParty: {
          name: 'Paul Durand',
          plate: 'AB-123-CD',
          insurer: 'Assur X',
          contractNumber: 'X-1',
        },
        witnesses: [{ name: 'Marie Curie', phone: '01 99 00 00 01' }],
      },
    ],
    ['injuries', { injuries: false }],
    ['driver', { driver: 'policy', driverId }],
    ['vehicle', { drivable: true, location: 'Devant mon domicile' }],
    ['constat', { eConstatReference: '' }],
  ];
}

export function claimCalls(app: FastifyInstance, accountId: string, token: string) {
  const base = `/api/v1/claim/accounts/${accountId}/drafts`;
  const json = { ...bearer(token), 'content-type': 'application/json' };
  return {
    base,
    create: (policyNumber: string) =>
      app.inject({ method: 'POST', url: base, headers: json, payload: { policyNumber } }),
    get: (draftId: string) =>
      app.inject({ method: 'GET', url: `${base}/${draftId}`, headers: bearer(token) }),
    list: () => app.inject({ method: 'GET', url: base, headers: bearer(token) }),
    save: (draftId: string, step: string, body: unknown) =>
      app.inject({
        method: 'PUT',
        url: `${base}/${draftId}/steps/${step}`,
        headers: json,
        payload: JSON.stringify(body),
      }),
    upload: (
      draftId: string,
      role: string,
      fileName: string,
      content: Buffer,
      contentType: string,
    ) =>
      app.inject({
        method: 'POST',
        url: `${base}/${draftId}/files/${role}`,
        headers: { ...bearer(token), ...MULTIPART_HEADERS },
        payload: multipartBody([{ name: 'file', fileName, contentType, content }]),
      }),
    submit: (draftId: string) =>
      app.inject({ method: 'POST', url: `${base}/${draftId}/submit`, headers: bearer(token) }),
  };
}
