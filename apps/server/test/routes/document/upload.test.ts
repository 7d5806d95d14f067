// Uploads (docs/product/documents.md uploadfile, docs/decisions/0018-documents-streamed-and-sniffed.md): real pdf, png and jpeg files are
// stored and move their document to 'received'; every refusal leaves no file and no row behind.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { imageTooLargeRefusal, MAX_FILES_PER_REQUEST, UPLOAD_REFUSALS } from '@espace/contract';
import { beforeAll, describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import {
  documentStatus,
  MULTIPART_HEADERS,
  multipartBody,
  receivedRowCount,
  SAMPLE_JPEG,
  SAMPLE_PNG,
  samplePdf,
  storedFileCount,
  upfile,
  type Part,
} from '../../support/documents';
import { bearer } from '../../support/harness';
import {
  decodedPixels,
  encodedJpeg,
  hugeJpeg,
  hugePng,
  jpegSegment,
} from '../../support/image-samples';

const POLICY = 'AU2026104512'; // camille, started 12 days ago, documents outstanding
const OTHER_POLICY = 'AU2025087731'; // camille: carte_grise cancelled, cannot be resent
const TERMINATED = 'AU2019004215'; // camille, 'Résilié'

describe.each(BACKENDS)('document upload API on %s', (backend) => {
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await samplePdf();
  });

  const it = apiTest
    .extend(
      'upload',
      ({ t, camille: { accountId, token } }) =>
        (parts: Part[] | Buffer, policy = POLICY) =>
          t.app.inject({
            method: 'POST',
            url: `/api/v1/document/accounts/${accountId}/policy/${policy}/uploadfile`,
            headers: { ...bearer(token), ...MULTIPART_HEADERS },
            payload: Buffer.isBuffer(parts) ? parts : multipartBody(parts),
          }),
    )
    .extend('kept', ({ t }) => async () => ({
      files: await storedFileCount(t.config.documentsDir),
      rows: await receivedRowCount(t.app),
    }))
    .override({ backend });

  const fileType = (value: string): Part => ({ name: 'fileType', value });

  describe('refusals leave no file and no row behind', () => {
    const tooBig = () => Buffer.concat([pdf, Buffer.alloc(10_000_001 - pdf.length, 0x20)]);
    const cases: [string, () => Part[] | Buffer, number, string, string?][] = [
      [
        'a file of 10,000,001 bytes',
        () => [fileType('mandat_sepa'), upfile('big.pdf', tooBig())],
        413,
        UPLOAD_REFUSALS.tooLarge,
      ],
      [
        'an empty file',
        () => [fileType('mandat_sepa'), upfile('vide.pdf', Buffer.alloc(0))],
        400,
        UPLOAD_REFUSALS.emptyFile,
      ],
      [
        'an HTML file named .pdf',
        () => [
          fileType('mandat_sepa'),
          upfile('page.pdf', Buffer.from('<!doctype html><script>alert(1)</script>')),
        ],
        400,
        UPLOAD_REFUSALS.contentMismatch,
      ],
      [
        'a text file renamed .pdf, declared application/pdf',
        () => [fileType('mandat_sepa'), upfile('mandat.pdf', Buffer.from('Mandat SEPA signé\n'))],
        400,
        UPLOAD_REFUSALS.contentMismatch,
      ],
      [
        'a text file named .txt',
        () => [
          fileType('mandat_sepa'),
          upfile('mandat.txt', Buffer.from('Mandat SEPA signé\n'), 'text/plain'),
        ],
        400,
        UPLOAD_REFUSALS.typeNotAllowed,
      ],
      [
        'a PNG named .pdf',
        () => [fileType('mandat_sepa'), upfile('image.pdf', SAMPLE_PNG)],
        400,
        UPLOAD_REFUSALS.contentMismatch,
      ],
      [
        'a file named ../../x.pdf',
        () => [fileType('mandat_sepa'), upfile('../../x.pdf', pdf)],
        400,
        UPLOAD_REFUSALS.invalidName,
      ],
      [
        'a PDF declared as text/html',
        () => [fileType('mandat_sepa'), upfile('mandat.pdf', pdf, 'text/html')],
        400,
        UPLOAD_REFUSALS.typeNotAllowed,
      ],
      [
        'an unknown fileType',
        () => [fileType('passeport'), upfile('mandat.pdf', pdf)],
        400,
        UPLOAD_REFUSALS.unknownFileType,
      ],
      [
        'a fileType sent after the file',
        () => [upfile('mandat.pdf', pdf), fileType('mandat_sepa')],
        400,
        UPLOAD_REFUSALS.fieldsOrder,
      ],
      ['no file', () => [fileType('mandat_sepa')], 400, UPLOAD_REFUSALS.missingFile],
      // docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md: a few hundred
      // bytes that a browser would decode to gigabytes.
      [
        'a PNG of 30,000 × 30,000 pixels',
        () => [fileType('mandat_sepa'), upfile('mandat.png', hugePng())],
        400,
        imageTooLargeRefusal(30_000, 30_000),
      ],
      [
        'a JPEG of 17,000 × 1,000 pixels (a side over 16,384)',
        () => [fileType('mandat_sepa'), upfile('mandat.jpg', hugeJpeg(17_000, 1_000))],
        400,
        imageTooLargeRefusal(17_000, 1_000),
      ],
      [
        'a JPEG of 16,384 × 3,663 pixels (60,014,592: over 60 megapixels)',
        () => [fileType('mandat_sepa'), upfile('mandat.jpg', hugeJpeg(16_384, 3_663))],
        400,
        imageTooLargeRefusal(16_384, 3_663),
      ],
      [
        'a JPEG of more than 10 MB of Exif before its frame header',
        () => {
          const base = encodedJpeg();
          const exif = jpegSegment(0xe1, Buffer.alloc(65_533, 0x20));
          const photo = [base.subarray(0, 2), ...Array<Buffer>(160).fill(exif), base.subarray(2)];
          return [fileType('mandat_sepa'), upfile('mandat.jpg', Buffer.concat(photo))];
        },
        413,
        UPLOAD_REFUSALS.tooLarge,
      ],
      [
        'a JPEG cut before its frame header',
        () => [fileType('mandat_sepa'), upfile('mandat.jpg', encodedJpeg().subarray(0, 40))],
        400,
        UPLOAD_REFUSALS.unreadableImage,
      ],
      [
        'a multipart body cut off mid-file',
        () =>
          multipartBody([fileType('mandat_sepa'), upfile('mandat.pdf', pdf)]).subarray(
            0,
            300 + pdf.length / 2,
          ),
        400,
        UPLOAD_REFUSALS.incomplete,
      ],
      [
        'a cancelled document that cannot be resent',
        () => [fileType('carte_grise'), upfile('cg.pdf', pdf)],
        409,
        UPLOAD_REFUSALS.notUploadable,
        OTHER_POLICY,
      ],
      [
        'a terminated policy',
        () => [fileType('cession'), upfile('cession.pdf', pdf)],
        409,
        UPLOAD_REFUSALS.terminatedPolicy,
        TERMINATED,
      ],
    ];

    it.for(cases)(
      'refuses %s',
      async ([_name, body, status, message, policy = POLICY], { t, kept, upload }) => {
        const before = await kept();
        const response = await upload(body(), policy);
        expect(response.statusCode).toBe(status);
        expect(response.json().error.message).toBe(message);
        expect(await kept()).toEqual(before);
        expect(await documentStatus(t.app, POLICY, 'mandat_sepa')).toBe('not validated');
      },
    );
  });

  // 'permis' needs exactly 2 files: its first file leaves it 'pending', counted.
  it.for<[string, string, string, () => Buffer, string, string]>([
    ['a real PDF', 'permis', 'Permis recto.pdf', () => pdf, 'application/pdf', 'pending'],
    [
      'a real PNG',
      'releve',
      'Relevé d’informations.PNG',
      () => SAMPLE_PNG,
      'image/png',
      'received',
    ],
    ['a real JPEG', 'mandat_sepa', 'mandat signé.jpg', () => SAMPLE_JPEG, 'image/jpeg', 'received'],
  ])(
    'stores %s, records it and moves the document on when its files are all there',
    async ([_name, type, fileName, content, contentType, status], { t, kept, upload }) => {
      const before = await kept();
      const response = await upload([fileType(type), upfile(fileName, content())]);
      expect(response.statusCode).toBe(201);
      const body = response.json<{ id: string; fileName: string; created: string }>();
      expect(body.fileName).toBe(fileName);
      expect(await kept()).toEqual({ files: before.files + 1, rows: before.rows + 1 });
      expect(await documentStatus(t.app, POLICY, type)).toBe(status);
      const row = await t.app.db
        .selectFrom('received_files')
        .selectAll()
        .where('id', '=', body.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        policy_number: POLICY,
        file_type: type,
        content_type: contentType,
      });
      // The stored name is generated; a PDF's bytes are the customer's, unchanged; an image's
      // pixels are, without its metadata (SAMPLE_JPEG's ICC profile: decision 0131).
      expect(row.storage_key).not.toContain(fileName);
      const stored = await readFile(path.join(t.config.documentsDir, row.storage_key));
      if (contentType === 'application/pdf') expect(stored.equals(content())).toBe(true);
      else expect(decodedPixels(stored)).toEqual(decodedPixels(content()));
      expect(row.sha256).toBe(createHash('sha256').update(stored).digest('hex'));
    },
  );

  it('counts the first of two required files and receives the document with the second', async ({
    t,
    camille: { accountId, token },
    upload,
  }) => {
    const filesReceived = async () => {
      const policies = await t.app.inject({
        method: 'GET',
        url: `/api/v1/policy/accounts/${accountId}`,
        headers: bearer(token),
      });
      const policy = policies
        .json<
          { policyNumber: string; documents: { fileType: string; filesReceived: number }[] }[]
        >()
        .find((p) => p.policyNumber === POLICY);
      return policy?.documents.find((d) => d.fileType === 'permis')?.filesReceived;
    };
    // The first file came with the 'a real PDF' case: one of two, the document still owed.
    expect(await documentStatus(t.app, POLICY, 'permis')).toBe('pending');
    expect(await filesReceived()).toBe(1);
    const second = Buffer.concat([pdf, Buffer.from('\n%verso\n')]);
    const response = await upload([fileType('permis'), upfile('Permis verso.pdf', second)]);
    expect(response.statusCode).toBe(201);
    expect(await documentStatus(t.app, POLICY, 'permis')).toBe('received');
    expect(await filesReceived()).toBe(2);
  });

  it("accepts an extra document ('autre') of exactly 10,000,000 bytes without changing any status", async ({
    t,
    upload,
  }) => {
    const big = Buffer.concat([pdf, Buffer.alloc(10_000_000 - pdf.length, 0x20)]);
    const response = await upload([fileType('autre'), upfile('Courrier.pdf', big)]);
    expect(response.statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom('received_files')
      .select(['size', 'policy_document_id', 'file_type'])
      .where('id', '=', response.json<{ id: string }>().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ size: 10_000_000, policy_document_id: null, file_type: 'autre' });
  });

  it('accepts an image at the pixel limits: 16,384 × 3,662 (59,998,208 pixels)', async ({
    upload,
  }) => {
    const response = await upload([fileType('autre'), upfile('Plan.jpg', hugeJpeg(16_384, 3_662))]);
    expect(response.statusCode, response.body).toBe(201);
  });

  it(`refuses a request with more than ${MAX_FILES_PER_REQUEST} file and keeps none of them`, async ({
    kept,
    upload,
  }) => {
    const before = await kept();
    const response = await upload([
      fileType('autre'),
      upfile('Premier.pdf', pdf),
      upfile('Second.pdf', Buffer.concat([pdf, Buffer.from('\n%second\n')])),
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(UPLOAD_REFUSALS.tooManyFiles);
    expect(await kept()).toEqual(before);
  });

  it('keeps only a sanitised original name', async ({ upload }) => {
    const response = await upload([fileType('autre'), upfile('facture\u202egpj.pdf', pdf)]);
    expect(response.statusCode).toBe(201);
    expect(response.json<{ fileName: string }>().fileName).toBe('facturegpj.pdf');
  });
});
