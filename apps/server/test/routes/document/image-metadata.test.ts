// No customer photo carries its location (docs/decisions/0131-every-customer-image-without-metadata.md):
// a portrait photo, JPEG and PNG, with its Exif GPS position and a comment, sent through every
// way a customer sends a file (a document to provide, a message, a complaint, a termination's
// base64 files, a claim's photo and constat page) is stored without them, its Orientation and its
// pixels kept; and so is it when downloaded again by the customer, the console and the integration
// API. The Exif is read by hand (image-samples.ts exifTags), the pixels by pure-JS decoders.
import {
  type ClaimDraft,
  type ClaimFile,
  type ComplaintReceipt,
  type Conversation,
  type ConversationMessage,
  type RequestList,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { accidentAnswers, ACTIVE, claimCalls } from '../../support/claims';
import { consoleCall } from '../../support/console';
import { MULTIPART_HEADERS, multipartBody, upfile } from '../../support/documents';
import { bearer } from '../../support/harness';
import {
  decodedPixels,
  encodedJpeg,
  encodedPng,
  exifTags,
  gpsPhoto,
  jpegMarkers,
  LOCATING_TEXTS,
  pngChunkTypes,
} from '../../support/image-samples';
import { call as integrationCall } from '../../support/integration';
import { fileOf, OTHER, terminationBody } from '../../support/termination';

const OTHER_REASON = 'AU2021018876'; // camille, active: terminated for another reason
const ORIENTATION = 0x0112;
const GPS_POINTER = 0x8825;

type Kind = 'jpeg' | 'png';
const PHOTOS = {
  jpeg: { name: 'IMG_2041.jpg', type: 'image/jpeg', base: encodedJpeg(24, 16, 11) },
  png: { name: 'Capture pare-brise.png', type: 'image/png', base: encodedPng(24, 16, 12) },
} as const;
const photo = (kind: Kind) => gpsPhoto(kind, PHOTOS[kind].base);
const part = (kind: Kind) => ({
  name: 'file',
  fileName: PHOTOS[kind].name,
  contentType: PHOTOS[kind].type,
  content: photo(kind),
});

/** What `bytes` shows of a photo of `kind` as sent: its pixels and Orientation, nothing else. */
function expectWithoutLocation(kind: Kind, bytes: Buffer, where: string) {
  const text = bytes.toString('latin1');
  expect(
    LOCATING_TEXTS.filter((t) => text.includes(t)),
    where,
  ).toEqual([]);
  expect([...exifTags(bytes)], where).toEqual([[ORIENTATION, 6]]);
  if (kind === 'jpeg') expect(jpegMarkers(bytes), where).not.toContain(0xfe);
  else expect(pngChunkTypes(bytes), where).toEqual(['IHDR', 'eXIf', 'IDAT', 'IEND']);
  expect(decodedPixels(bytes), where).toEqual(decodedPixels(PHOTOS[kind].base));
}

describe.each(BACKENDS)('every image a customer sends, on %s', { timeout: 120_000 }, (backend) => {
  const it = apiTest
    .extend('stored', ({ t }) => async (table: StoredTable, id: string) => {
      const row = await t.app.db
        .selectFrom(table)
        .select(['storage_key', 'size'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const chunks: Buffer[] = [];
      for await (const chunk of await t.app.storage.get(row.storage_key))
        chunks.push(chunk as Buffer);
      const bytes = Buffer.concat(chunks);
      expect(row.size).toBe(bytes.length);
      return bytes;
    })
    /** Each file of request `reference` named `name`, downloaded by the console and the integration API. */
    .extend('downloads', ({ t, agent, integration }) => async (reference: string, name: string) => {
      const detail = await consoleCall(t.app, agent, 'GET', `/requests/${reference}`);
      expect(detail.statusCode, detail.body).toBe(200);
      const files = detail.json<{ files: { id: string; name: string }[] }>().files;
      const file = files.find((f) => f.name === name);
      expect(file, `${name} in ${reference}`).toBeDefined();
      const path = `/requests/${reference}/files/${file!.id}`;
      const console = await consoleCall(t.app, agent, 'GET', path);
      const broker = await integrationCall(t.app, integration.token, 'GET', path);
      expect([console.statusCode, broker.statusCode]).toEqual([200, 200]);
      return { console: console.rawPayload, integration: broker.rawPayload };
    })
    .override({ backend });

  // The sample itself carries what the server must drop.
  it('starts from photos that carry a GPS position and a comment', () => {
    for (const kind of ['jpeg', 'png'] as const) {
      const sent = photo(kind);
      expect(exifTags(sent).get(GPS_POINTER)).toBeDefined();
      expect(exifTags(sent).get(ORIENTATION)).toBe(6);
      const text = sent.toString('latin1');
      expect(LOCATING_TEXTS.filter((t) => text.includes(t))).toEqual(LOCATING_TEXTS);
    }
  });

  it.for(['jpeg', 'png'] as const)(
    'a document to provide (%s): stored, and downloaded by the console and the API, without it',
    async (kind, { t, camille, stored, downloads }) => {
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/v1/document/accounts/${camille.accountId}/policy/${ACTIVE}/uploadfile`,
        headers: { ...camille.headers, ...MULTIPART_HEADERS },
        payload: multipartBody([
          { name: 'fileType', value: 'autre' },
          upfile(PHOTOS[kind].name, photo(kind)),
        ]),
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expectWithoutLocation(kind, await stored('received_files', sent.json().id), 'stored');
      const list = await t.app.inject({
        url: `/api/v1/account/accounts/${camille.accountId}/requests?pageSize=1`,
        headers: camille.headers,
      });
      const { reference } = list.json<RequestList>().items[0]!;
      const got = await downloads(reference, PHOTOS[kind].name);
      expectWithoutLocation(kind, got.console, 'console');
      expectWithoutLocation(kind, got.integration, 'integration');
    },
  );

  it('a message’s attachments: stored, and downloaded by the customer, the console and the API, without it', async ({
    t,
    camille,
    agent,
    integration,
    stored,
  }) => {
    const base = `/api/v1/message/accounts/${camille.accountId}/conversations`;
    const started = await t.app.inject({
      method: 'POST',
      url: base,
      headers: camille.headers,
      payload: { topic: 'claim', text: 'Voici les photos du pare-brise.' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversation = started.json<Conversation>();
    for (const kind of ['jpeg', 'png'] as const) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `${base}/${conversation.id}/attachments`,
        headers: { ...camille.headers, ...MULTIPART_HEADERS },
        payload: multipartBody([{ name: 'text', value: 'La photo' }, part(kind)]),
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const fileId = sent.json<ConversationMessage>().files[0]!.id;
      expectWithoutLocation(kind, await stored('message_files', fileId), 'stored');
      const path = `/conversations/${conversation.id}/files/${fileId}`;
      const customer = await t.app.inject({
        url: `/api/v1/message/accounts/${camille.accountId}${path}`,
        headers: camille.headers,
      });
      const console = await consoleCall(t.app, agent, 'GET', path);
      const broker = await integrationCall(t.app, integration.token, 'GET', path);
      for (const [who, got] of [
        ['customer', customer],
        ['console', console],
        ['integration', broker],
      ] as const) {
        expect(got.statusCode, who).toBe(200);
        expectWithoutLocation(kind, got.rawPayload, who);
      }
    }
  });

  it('a complaint’s files: stored, and downloaded by the console and the API, without it', async ({
    t,
    camille,
    stored,
    downloads,
  }) => {
    const base = `/api/v1/complaint/accounts/${camille.accountId}/complaints`;
    const filed = await t.app.inject({
      method: 'POST',
      url: base,
      headers: camille.headers,
      payload: {
        category: 'claim',
        text: 'Mon bris de glace n’est toujours pas réglé.',
        expectation: 'Le remplacement du pare-brise.',
        origin: 'contact',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const { reference } = filed.json<ComplaintReceipt>();
    for (const kind of ['jpeg', 'png'] as const) {
      const sent = await t.app.inject({
        method: 'POST',
        url: `${base}/${reference}/files`,
        headers: { ...bearer(camille.token), ...MULTIPART_HEADERS },
        payload: multipartBody([{ name: 'reference', value: reference }, part(kind)]),
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const row = await t.app.db
        .selectFrom('complaint_files')
        .select('id')
        .where('original_name', '=', PHOTOS[kind].name)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expectWithoutLocation(kind, await stored('complaint_files', row.id), 'stored');
      const got = await downloads(reference, PHOTOS[kind].name);
      expectWithoutLocation(kind, got.console, 'console');
      expectWithoutLocation(kind, got.integration, 'integration');
    }
  });

  it('a termination’s base64 files: stored, and downloaded by the console and the API, without it', async ({
    t,
    camille,
    stored,
    downloads,
  }) => {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/policy/accounts/${camille.accountId}/${OTHER_REASON}/terminate`,
      headers: { ...camille.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(
        terminationBody({
          reason: OTHER,
          comment: 'Décès du conducteur',
          files: (['jpeg', 'png'] as const).map((kind) => fileOf(PHOTOS[kind].name, photo(kind))),
        }),
      ),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { reference } = sent.json<{ reference: string }>();
    for (const kind of ['jpeg', 'png'] as const) {
      const row = await t.app.db
        .selectFrom('termination_files')
        .select('id')
        .where('original_name', '=', PHOTOS[kind].name)
        .executeTakeFirstOrThrow();
      expectWithoutLocation(kind, await stored('termination_files', row.id), 'stored');
      const got = await downloads(reference, PHOTOS[kind].name);
      expectWithoutLocation(kind, got.console, 'console');
      expectWithoutLocation(kind, got.integration, 'integration');
    }
  });

  it('a claim’s photo and constat page: stored, shown to the customer, and downloaded by the console and the API, without it', async ({
    t,
    camille,
    stored,
    downloads,
  }) => {
    const calls = claimCalls(t.app, camille.accountId, camille.token);
    const policies = await t.app.inject({
      url: `/api/v1/policy/accounts/${camille.accountId}`,
      headers: camille.headers,
    });
    const driverId = policies
      .json<{ policyNumber: string; drivers: { id: string }[] }[]>()
      .find((p) => p.policyNumber === ACTIVE)!.drivers[0]!.id;
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    for (const [step, body] of accidentAnswers(driverId)) {
      expect((await calls.save(draft.id, step, body)).statusCode).toBe(200);
    }
    const roles = { jpeg: 'photo', png: 'constat' } as const;
    for (const kind of ['jpeg', 'png'] as const) {
      const sent = await calls.upload(
        draft.id,
        roles[kind],
        PHOTOS[kind].name,
        photo(kind),
        PHOTOS[kind].type,
      );
      expect(sent.statusCode, sent.body).toBe(201);
      const file = sent.json<ClaimFile>();
      expectWithoutLocation(kind, await stored('claim_files', file.id), 'stored');
      // What the photos step shows as its thumbnail.
      const shown = await t.app.inject({
        url: `${calls.base}/${draft.id}/file/${file.id}`,
        headers: camille.headers,
      });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['content-type']).toBe(PHOTOS[kind].type);
      expectWithoutLocation(kind, shown.rawPayload, 'customer');
    }
    const submitted = await calls.submit(draft.id);
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { reference } = submitted.json<{ reference: string }>();
    for (const kind of ['jpeg', 'png'] as const) {
      const got = await downloads(reference, PHOTOS[kind].name);
      expectWithoutLocation(kind, got.console, 'console');
      expectWithoutLocation(kind, got.integration, 'integration');
    }
  });
});

type StoredTable =
  'received_files' | 'message_files' | 'complaint_files' | 'termination_files' | 'claim_files';
