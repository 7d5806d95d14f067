// Online termination (docs/product/termination.md terminate; Code des assurances L113-15-3): each reason
// is acknowledged with its reference, date of receipt, indicative effective date and a PDF
// receipt listed with the policy's documents; a repeated request gets the first acknowledgement;
// every refusal leaves no stored file and no row behind.
import {
  MESSAGES,
  TERMINATION_BODY_LIMIT,
  TERMINATION_MESSAGES,
  terminationAcknowledgementSchema,
  terminationEffect,
  todayInParis,
  UPLOAD_REFUSALS,
  type Policy,
  type TerminationRequest,
} from '@espace/contract';
import { beforeAll, describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import { SAMPLE_JPEG, SAMPLE_PNG, samplePdf } from '../../../support/documents';
import { bearer } from '../../../support/harness';
import { fileOf, kept, OTHER, SALE, terminationBody } from '../../../support/termination';

const RECENT = 'AU2026104512'; // camille, active, started days ago: kept for the refusals
const ON_ANNIVERSARY = 'AU2024061108'; // camille, active
const SOLD = 'AU2023049920'; // camille, active
const OTHER_REASON = 'AU2021018876'; // camille, active
const LARGE_FILES = 'AU2022031457'; // camille, 'Suspendu': still terminable
const TERMINATED = 'AU2019004215'; // camille, 'Résilié'
const JEANS = 'AU2020007342'; // jean's
const LEAS = 'AU2025110264'; // léa's, active

describe.each(BACKENDS)('termination API on %s', (backend) => {
  const it = apiTest
    .extend(
      'terminate',
      ({ t, camille: { accountId, token } }) =>
        (body: TerminationRequest | string, policy = RECENT, auth = token) =>
          t.app.inject({
            method: 'POST',
            url: `/api/v1/policy/accounts/${accountId}/${policy}/terminate`,
            headers: { ...bearer(auth), 'content-type': 'application/json' },
            payload: typeof body === 'string' ? body : JSON.stringify(body),
          }),
    )
    .extend(
      'listPolicies',
      ({ t, camille: { accountId, token } }) =>
        async () =>
          (
            await t.app.inject({
              method: 'GET',
              url: `/api/v1/policy/accounts/${accountId}`,
              headers: bearer(token),
            })
          ).json<Policy[]>(),
    )
    // The policies as they were before any test terminated one.
    .extend('policies', { auto: true }, ({ listPolicies, once }) => once('policies', listPolicies))
    .extend(
      'startOf',
      ({ policies }) =>
        (policyNumber: string) =>
          policies.find((p) => p.policyNumber === policyNumber)!.startDate,
    )
    .override({ backend });

  let pdf: Buffer;

  beforeAll(async () => {
    pdf = await samplePdf();
  });

  it('requires authentication', async ({ t, camille: { accountId } }) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/policy/accounts/${accountId}/${RECENT}/terminate`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(terminationBody()),
    });
    expect(response.statusCode).toBe(401);
  });

  describe('refusals leave no file and no row behind', () => {
    const bigPdf = () => Buffer.concat([pdf, Buffer.alloc(10_000_001 - pdf.length, 0x20)]);
    const cases: [string, () => TerminationRequest | string, number, string, string?][] = [
      [
        'a sale without its proof',
        () => terminationBody({ reason: SALE }),
        400,
        MESSAGES.api.validation,
        TERMINATION_MESSAGES.required.attachment,
      ],
      [
        'a sale with two files',
        () =>
          terminationBody({
            reason: SALE,
            files: [fileOf('cession.pdf', pdf), fileOf('carte-grise.png', SAMPLE_PNG)],
          }),
        400,
        MESSAGES.api.validation,
        TERMINATION_MESSAGES.invalid.tooManyFiles(1),
      ],
      [
        'another reason with three files',
        () =>
          terminationBody({
            reason: OTHER,
            comment: 'Décès du conducteur',
            files: [
              fileOf('a.pdf', pdf),
              fileOf('b.png', SAMPLE_PNG),
              fileOf('c.jpg', SAMPLE_JPEG),
            ],
          }),
        400,
        MESSAGES.api.validation,
      ],
      [
        'another reason without its comment',
        () => terminationBody({ reason: OTHER, files: [fileOf('acte.pdf', pdf)] }),
        400,
        MESSAGES.api.validation,
        TERMINATION_MESSAGES.required.comment,
      ],
      [
        'a comment of 501 characters',
        () => terminationBody({ comment: 'é'.repeat(501) }),
        400,
        MESSAGES.api.validation,
        TERMINATION_MESSAGES.invalid.commentTooLong,
      ],
      [
        'an empty phone number and email',
        () => terminationBody({ phone: '  ', email: '' }),
        400,
        MESSAGES.api.validation,
      ],
      [
        'a PNG named .pdf',
        () => terminationBody({ reason: SALE, files: [fileOf('cession.pdf', SAMPLE_PNG)] }),
        400,
        `cession.pdf\u00a0: ${UPLOAD_REFUSALS.contentMismatch}`,
      ],
      [
        'a text file named .pdf',
        () =>
          terminationBody({
            reason: SALE,
            files: [fileOf('cession.pdf', Buffer.from('Certificat de cession, promis'))],
          }),
        400,
        `cession.pdf\u00a0: ${UPLOAD_REFUSALS.contentMismatch}`,
      ],
      [
        'a disguised second file after a good first one',
        () =>
          terminationBody({
            reason: OTHER,
            comment: 'Nouvel assureur après refus d’avenant',
            files: [fileOf('refus.pdf', pdf), fileOf('attestation.jpg', Buffer.from('<html>'))],
          }),
        400,
        `attestation.jpg\u00a0: ${UPLOAD_REFUSALS.contentMismatch}`,
      ],
      [
        'an empty file',
        () => terminationBody({ reason: SALE, files: [fileOf('cession.pdf', Buffer.alloc(0))] }),
        400,
        `cession.pdf\u00a0: ${UPLOAD_REFUSALS.emptyFile}`,
      ],
      [
        'a file of 10,000,001 bytes',
        () => terminationBody({ reason: SALE, files: [fileOf('cession.pdf', bigPdf())] }),
        413,
        `cession.pdf\u00a0: ${UPLOAD_REFUSALS.tooLarge}`,
      ],
      [
        'a body over the limit of two files of 10 MB',
        () => JSON.stringify(terminationBody({ comment: 'x'.repeat(TERMINATION_BODY_LIMIT) })),
        413,
        MESSAGES.api.tooLarge,
      ],
    ];

    it.for(cases)('%s', async ([_name, body, status, message, fieldMessage], { t, terminate }) => {
      const before = await kept(t.app, t.config.documentsDir);
      const response = await terminate(body());
      expect(response.statusCode).toBe(status);
      const error = response.json<{ error: { message: string; fields?: object } }>().error;
      expect(error.message).toBe(message);
      if (fieldMessage) expect(Object.values(error.fields ?? {})).toContain(fieldMessage);
      // Checked at once: a refused file is gone from storage before the answer is sent.
      expect(await kept(t.app, t.config.documentsDir)).toEqual(before);
    });

    it("another account's policy reads as not found", async ({ t, terminate }) => {
      const before = await kept(t.app, t.config.documentsDir);
      for (const policy of [JEANS, LEAS, 'AU0000000000']) {
        const response = await terminate(terminationBody(), policy);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'not_found', message: MESSAGES.api.policyNotFound },
        });
      }
      expect(await kept(t.app, t.config.documentsDir)).toEqual(before);
    });

    it('a terminated policy cannot be terminated again', async ({ t, terminate }) => {
      const before = await kept(t.app, t.config.documentsDir);
      const response = await terminate(
        terminationBody({ reason: SALE, files: [fileOf('cession.pdf', pdf)] }),
        TERMINATED,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(TERMINATION_MESSAGES.api.policyTerminated);
      expect(await kept(t.app, t.config.documentsDir)).toEqual(before);
    });
  });

  describe('accepted requests', () => {
    it('a termination at the anniversary is acknowledged with a receipt', async ({
      t,
      camille: { accountId, token },
      listPolicies,
      startOf,
      terminate,
    }) => {
      const before = await kept(t.app, t.config.documentsDir);
      const response = await terminate(terminationBody(), ON_ANNIVERSARY);
      expect(response.statusCode).toBe(201);
      const ack = terminationAcknowledgementSchema.parse(response.json());
      const receivedOn = todayInParis(new Date(ack.receivedAt));
      expect(ack).toMatchObject({
        policyNumber: ON_ANNIVERSARY,
        reference: expect.stringMatching(/^RES-\d{8}-[A-Z2-9]{6}$/),
        indicative: true,
        ...terminationEffect(1, startOf(ON_ANNIVERSARY), receivedOn),
      });
      expect(Date.now() - Date.parse(ack.receivedAt)).toBeLessThan(60_000);
      // the receipt, the request, the outbox row for the broker; no supporting file
      expect(await kept(t.app, t.config.documentsDir)).toEqual({
        ...before,
        files: before.files + 1,
        requests: before.requests + 1,
        documents: before.documents + 1,
        outbox: before.outbox + 1,
      });

      const documents = await t.app.inject({
        method: 'GET',
        url: `/api/v1/document/accounts/${accountId}/policy/${ON_ANNIVERSARY}`,
        headers: bearer(token),
      });
      expect(documents.json()).toContainEqual({
        id: ack.receiptDocumentId,
        fileName: ack.receiptFileName,
        created: ack.receivedAt,
      });
      const receipt = await t.app.inject({
        method: 'GET',
        url: `/api/v1/document/accounts/${accountId}/policy/${ON_ANNIVERSARY}/document/${ack.receiptDocumentId}`,
        headers: bearer(token),
      });
      expect(receipt.statusCode).toBe(200);
      expect(receipt.headers['content-type']).toBe('application/pdf');
      expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const card = (await listPolicies()).find((p) => p.policyNumber === ON_ANNIVERSARY)!;
      expect(card.terminationRequest).toEqual({
        reference: ack.reference,
        receivedAt: ack.receivedAt,
      });
    });

    it('a second request for the same contract gets the first acknowledgement', async ({
      t,
      terminate,
    }) => {
      const first = await terminate(terminationBody(), ON_ANNIVERSARY);
      expect(first.statusCode).toBe(200);
      const before = await kept(t.app, t.config.documentsDir);
      const again = await terminate(
        terminationBody({ reason: SALE, files: [fileOf('cession.pdf', pdf)] }),
        ON_ANNIVERSARY,
      );
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await kept(t.app, t.config.documentsDir)).toEqual(before);
    });

    it('a sale today suspends the guarantees tomorrow, with its proof kept', async ({
      t,
      startOf,
      terminate,
    }) => {
      const before = await kept(t.app, t.config.documentsDir);
      const response = await terminate(
        terminationBody({ reason: SALE, files: [fileOf('Certificat de cession.png', SAMPLE_PNG)] }),
        SOLD,
      );
      expect(response.statusCode).toBe(201);
      const ack = terminationAcknowledgementSchema.parse(response.json());
      expect(ack).toMatchObject(
        terminationEffect(2, startOf(SOLD), todayInParis(new Date(ack.receivedAt))),
      );
      expect(ack).toMatchObject({ effect: 'suspension', basis: 'L121-11' });
      const files = await t.app.db
        .selectFrom('termination_files as f')
        .innerJoin('termination_requests as r', 'r.id', 'f.termination_request_id')
        .select(['f.original_name', 'f.content_type', 'f.size', 'r.reason', 'r.reference'])
        .where('r.policy_number', '=', SOLD)
        .execute();
      expect(files).toEqual([
        {
          original_name: 'Certificat de cession.png',
          content_type: 'image/png',
          size: SAMPLE_PNG.length,
          reason: 2,
          reference: ack.reference,
        },
      ]);
      expect((await kept(t.app, t.config.documentsDir)).files).toBe(before.files + 2);
    });

    it('two files of 10 MB each fit in the body limit', async ({ terminate }) => {
      const tenMb = (head: Buffer) =>
        Buffer.concat([head, Buffer.alloc(10_000_000 - head.length, 0x20)]);
      const response = await terminate(
        terminationBody({
          reason: OTHER,
          comment: 'Vente à l’étranger, deux justificatifs scannés',
          files: [fileOf('scan-1.pdf', tenMb(pdf)), fileOf('scan-2.pdf', tenMb(pdf))],
        }),
        LARGE_FILES,
      );
      expect(response.statusCode).toBe(201);
    });

    it('another reason takes a comment and two documents', async ({ t, startOf, terminate }) => {
      const response = await terminate(
        terminationBody({
          reason: OTHER,
          comment: 'Décès du titulaire du contrat',
          files: [fileOf('acte-de-deces.pdf', pdf), fileOf('livret.jpeg', SAMPLE_JPEG)],
        }),
        OTHER_REASON,
      );
      expect(response.statusCode).toBe(201);
      const ack = terminationAcknowledgementSchema.parse(response.json());
      expect(ack).toMatchObject(
        terminationEffect(3, startOf(OTHER_REASON), todayInParis(new Date(ack.receivedAt))),
      );
      const row = await t.app.db
        .selectFrom('termination_requests')
        .select(['payload', 'status'])
        .where('reference', '=', ack.reference)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: 'received',
        payload: expect.objectContaining({ comment: 'Décès du titulaire du contrat' }),
      });
    });
  });
});
