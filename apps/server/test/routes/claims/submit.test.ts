// Photos, constat and sending of a claim (docs/product/claims.md): files checked by their bytes,
// size, count and pixels, stored without any metadata and with the same pixels (decision 0093);
// a complete claim gets its reference, a PDF receipt
// among the policy's documents, a row in 'Mes demandes' marked « Déclaré » and one outbox row.
import {
  CLAIM_MAX_PHOTOS,
  CLAIM_MESSAGES,
  CLAIM_OUTBOX_TYPE,
  imageTooLargeRefusal,
  UPLOAD_REFUSALS,
  type ClaimAcknowledgement,
  type ClaimDraft,
  type ClaimFile,
  type Policy,
  type RequestList,
} from '@espace/contract';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { ACTIVE, accidentAnswers, claimCalls } from '../../support/claims';
import { SAMPLE_JPEG, samplePdf, storedFileCount } from '../../support/documents';
import { bearer } from '../../support/harness';
import {
  cameraJpeg,
  decodedPixels,
  editorPng,
  encodedJpeg,
  encodedPng,
  hugeJpeg,
  hugePng,
  jpegMarkers,
  METADATA_TEXTS,
  pngChunkTypes,
} from '../../support/image-samples';

describe.each(BACKENDS)('claim files and sending on %s', (backend) => {
  const it = apiTest
    .extend(
      'outboxCount',
      ({ t }) =>
        async () =>
          Number(
            (
              await t.app.db
                .selectFrom('outbox')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .where('type', '=', CLAIM_OUTBOX_TYPE)
                .executeTakeFirstOrThrow()
            ).n,
          ),
    )
    .extend('storedBytes', ({ t }) => async (fileId: string) => {
      const row = await t.app.db
        .selectFrom('claim_files')
        .select(['storage_key', 'size'])
        .where('id', '=', fileId)
        .executeTakeFirstOrThrow();
      const chunks: Buffer[] = [];
      for await (const chunk of await t.app.storage.get(row.storage_key))
        chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      expect(row.size).toBe(bytes.length);
      return bytes;
    })
    .extend('calls', ({ t, camille }) => claimCalls(t.app, camille.accountId, camille.token))
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
    .extend('completeDraft', ({ calls, driverId }) => async () => {
      const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
      for (const [step, body] of accidentAnswers(driverId)) await calls.save(draft.id, step, body);
      return draft;
    })
    .override({ backend });

  it('checks photos by their bytes, not their name, and refuses a PDF as a photo', async ({
    calls,
  }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    const renamed = await calls.upload(
      draft.id,
      'photo',
      'photo.jpg',
      Buffer.from('not an image at all'),
      'image/jpeg',
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.message).toBe(UPLOAD_REFUSALS.contentMismatch);
    const pdfPhoto = await calls.upload(
      draft.id,
      'photo',
      'constat.pdf',
      await samplePdf(),
      'application/pdf',
    );
    expect(pdfPhoto.statusCode).toBe(400);
    expect(pdfPhoto.json().error.message).toBe(CLAIM_MESSAGES.invalid.photoType);
    const pdfConstat = await calls.upload(
      draft.id,
      'constat',
      'constat.pdf',
      await samplePdf(),
      'application/pdf',
    );
    expect(pdfConstat.statusCode).toBe(201);
    expect((await calls.get(draft.id)).json<ClaimDraft>().files.map((f) => f.role)).toEqual([
      'constat',
    ]);
  });

  it('refuses a photo over 10 MB', async ({ calls }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    const big = Buffer.concat([SAMPLE_JPEG, Buffer.alloc(10_000_001 - SAMPLE_JPEG.length)]);
    const response = await calls.upload(draft.id, 'photo', 'big.jpg', big, 'image/jpeg');
    expect(response.statusCode).toBe(413);
    expect((await calls.get(draft.id)).json<ClaimDraft>().files).toEqual([]);
  });

  it(`takes ${CLAIM_MAX_PHOTOS} photos, not one more`, async ({ calls }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    for (let i = 1; i <= CLAIM_MAX_PHOTOS; i += 1) {
      expect(
        (await calls.upload(draft.id, 'photo', `p${i}.jpg`, SAMPLE_JPEG, 'image/jpeg')).statusCode,
      ).toBe(201);
    }
    const extra = await calls.upload(draft.id, 'photo', 'extra.jpg', SAMPLE_JPEG, 'image/jpeg');
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toBe(CLAIM_MESSAGES.invalid.tooManyPhotos);
    expect((await calls.get(draft.id)).json<ClaimDraft>().files).toHaveLength(CLAIM_MAX_PHOTOS);
  });
  const metadataIn = (bytes: Buffer) =>
    METADATA_TEXTS.filter((text) => bytes.toString('latin1').includes(text));

  it('stores a phone’s photo without Exif, GPS, XMP, ICC, IPTC, comments, thumbnail or video, and with the same pixels', async ({
    calls,
    storedBytes,
  }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    const base = encodedJpeg(24, 16, 5);
    const photo = cameraJpeg(base);
    expect(metadataIn(photo)).toEqual(METADATA_TEXTS);
    const response = await calls.upload(draft.id, 'photo', 'photo.jpg', photo, 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<ClaimFile>();
    const stored = await storedBytes(file.id);
    expect(file.size).toBe(stored.length);
    expect(metadataIn(stored)).toEqual([]);
    expect(jpegMarkers(stored)).toEqual([0xe0, 0xdb, 0xc0, 0xc4, 0xda]);
    expect(stored.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
    expect(decodedPixels(stored)).toEqual(decodedPixels(photo));
    // The sample's ICC profile goes too; its pixels stay.
    const sample = (
      await calls.upload(draft.id, 'photo', 'sample.jpg', SAMPLE_JPEG, 'image/jpeg')
    ).json<ClaimFile>();
    const storedSample = await storedBytes(sample.id);
    expect(storedSample.toString('latin1')).not.toContain('ICC_PROFILE');
    expect(decodedPixels(storedSample)).toEqual(decodedPixels(SAMPLE_JPEG));
  });

  it('stores an edited PNG constat page without its text, Exif, time and profile chunks, with the same pixels', async ({
    calls,
    storedBytes,
  }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    const base = encodedPng(24, 16, 8);
    const response = await calls.upload(
      draft.id,
      'constat',
      'constat.png',
      editorPng(base),
      'image/png',
    );
    expect(response.statusCode, response.body).toBe(201);
    const stored = await storedBytes(response.json<ClaimFile>().id);
    expect(pngChunkTypes(stored)).toEqual(['IHDR', 'gAMA', 'IDAT', 'IEND']);
    expect(metadataIn(stored)).toEqual([]);
    expect(decodedPixels(stored)).toEqual(decodedPixels(base));
  });

  it.for<[string, string, string, () => Buffer]>([
    ['a PNG', 'photo.png', 'image/png', () => hugePng()],
    ['a JPEG', 'photo.jpg', 'image/jpeg', () => hugeJpeg()],
  ])(
    'refuses %s of 30,000 × 30,000 pixels with its size, in French, and stores nothing',
    async ([_name, fileName, type, bytes], { t, calls }) => {
      const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
      const before = await storedFileCount(t.config.documentsDir);
      const response = await calls.upload(draft.id, 'photo', fileName, bytes(), type);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(imageTooLargeRefusal(30_000, 30_000));
      expect(response.json().error.message).toBe(
        'Image trop grande\u00a0: 30\u202f000 × 30\u202f000 pixels (60\u00a0mégapixels et 16\u202f384\u00a0pixels de côté au plus). Réduisez sa définition, puis joignez-la de nouveau.',
      );
      expect((await calls.get(draft.id)).json<ClaimDraft>().files).toEqual([]);
      expect(await storedFileCount(t.config.documentsDir)).toBe(before);
    },
  );

  it('refuses a JPEG that stops before its end, in French, and stores nothing', async ({
    t,
    calls,
  }) => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    const before = await storedFileCount(t.config.documentsDir);
    const cut = cameraJpeg().subarray(0, -300);
    const response = await calls.upload(draft.id, 'photo', 'photo.jpg', cut, 'image/jpeg');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(UPLOAD_REFUSALS.unreadableImage);
    expect((await calls.get(draft.id)).json<ClaimDraft>().files).toEqual([]);
    expect(await storedFileCount(t.config.documentsDir)).toBe(before);
  });

  it('refuses to send an accident with a third party without its constat, and sends nothing', async ({
    calls,
    completeDraft,
    outboxCount,
  }) => {
    const draft = await completeDraft();
    const before = await outboxCount();
    const response = await calls.submit(draft.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ constat: CLAIM_MESSAGES.required.constat });
    expect(await outboxCount()).toBe(before);
  });

  it('sends a complete claim once: reference, receipt, « Déclaré » in Mes demandes, one outbox row, one event', async ({
    t,
    camille: { accountId, token },
    calls,
    completeDraft,
    outboxCount,
  }) => {
    const draft = await completeDraft();
    await calls.upload(draft.id, 'photo', 'avant.jpg', SAMPLE_JPEG, 'image/jpeg');
    await calls.upload(draft.id, 'constat', 'constat.pdf', await samplePdf(), 'application/pdf');
    const before = await outboxCount();
    const response = await calls.submit(draft.id);
    expect(response.statusCode).toBe(201);
    const ack = response.json<ClaimAcknowledgement>();
    expect(ack.reference).toMatch(/^SIN-\d{8}-[A-Z2-9]{6}$/);
    expect(ack.deadline).toMatchObject({ basis: 'working_days', workingDays: 5, late: false });

    const again = await calls.submit(draft.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Sinister not found');
    expect(await outboxCount()).toBe(before + 1);

    // One event for the broker, sent once whatever the retries, with the files as links.
    const events = (await t.app.db.selectFrom('events').select(['type', 'body']).execute()).filter(
      (e) => (e.body.data as { reference?: string }).reference === ack.reference,
    );
    expect(events.map((e) => e.type)).toEqual(['request.created']);
    const data = events[0]!.body.data as { kind: string; files: { name: string; href: string }[] };
    expect(data.kind).toBe('claim');
    expect(data.files.map((f) => f.name)).toEqual(
      expect.arrayContaining(['avant.jpg', 'constat.pdf']),
    );
    expect(data.files).toHaveLength(3); // and the receipt
    expect(data.files[0]!.href).toContain(`/backoffice/v1/requests/${ack.reference}/files/`);

    const requests = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/account/accounts/${accountId}/requests`,
        headers: bearer(token),
      })
    ).json<RequestList>();
    const claim = requests.items.find((r) => r.reference === ack.reference)!;
    expect(claim).toMatchObject({
      kind: 'claim',
      kindLabel: 'Déclaration de sinistre',
      status: 'declared',
      statusLabel: 'Déclaré',
      policyNumber: ACTIVE,
    });
    expect(claim.summary).toContain('Accident avec un tiers le ');

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/document/accounts/${accountId}/policy/${ACTIVE}/document/${ack.receiptDocumentId}`,
      headers: bearer(token),
    });
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain(ack.reference);
    expect(text).toContain('Paul Durand');
    expect(text).toContain('8. heurtait à l’arrière');
  });
});
