// docs/decisions/0093-images-without-metadata-and-within-a-pixel-limit.md and 0131, on the compiled
// server (`npm start`'s process, over HTTP, PGlite on disk and the documents folder): a phone's
// photo and an edited PNG sent with a claim are stored without any of their metadata and decode to
// the same pixels; so are a portrait photo with its GPS position and a comment sent as a document
// and in a message, and downloaded again; a 30,000 × 30,000 PNG or JPEG, with a claim or as a
// document, is refused with its size in French and leaves nothing in the folder.
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  imageTooLargeRefusal,
  type ClaimDraft,
  type ClaimFile,
  type Conversation,
  type ConversationMessage,
} from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE, claimCalls } from '../support/claims';
import { MULTIPART_HEADERS, multipartBody, upfile } from '../support/documents';
import { bearer, DEMO, signIn, subjectOf } from '../support/harness';
import {
  cameraJpeg,
  decodedPixels,
  editorPng,
  encodedJpeg,
  encodedPng,
  exifTags,
  gpsPhoto,
  hugeJpeg,
  hugePng,
  jpegMarkers,
  LOCATING_TEXTS,
  METADATA_TEXTS,
  pngChunkTypes,
} from '../support/image-samples';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { seededFolderCopy } from '../support/seeded-folder';
import { testConfig } from '../support/test-config';

describe('images sent to the compiled server', () => {
  let dataDir: string;
  let portal: Portal | undefined;
  let token: string;
  let accountId: string;
  let calls: ReturnType<typeof claimCalls>;
  const documentsDir = () => path.join(dataDir, 'documents');
  const stored = async () => new Set(await readdir(documentsDir()).catch(() => []));
  /** The one file stored while `send` ran. */
  const storedBy = async (
    send: () => Promise<{ statusCode: number; body: string; json: <T>() => T }>,
  ) => {
    const before = await stored();
    const response = await send();
    expect(response.statusCode, response.body).toBe(201);
    const added = [...(await stored())].filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    return { response, bytes: await readFile(path.join(documentsDir(), added[0]!)) };
  };
  const metadataIn = (bytes: Buffer) =>
    METADATA_TEXTS.filter((text) => bytes.toString('latin1').includes(text));

  beforeAll(async () => {
    const copy = await seededFolderCopy('espace-images-');
    dataDir = copy.dataDir;
    portal = await startPortal({
      ...copy.env,
      // The harness's sign-in speaks for a portal at http://localhost:3000 (its redirect URI).
      PUBLIC_URL: 'http://localhost:3000',
    });
    const http = overHttp(portal.url);
    token = (await signIn(http, testConfig({ publicUrl: 'http://localhost:3000' }), DEMO.camille))
      .access_token;
    accountId = subjectOf(token);
    calls = claimCalls(http, accountId, token);
  }, 180_000);
  afterAll(async () => {
    if (portal) await stopped(portal.child, 'SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('stores a phone’s photo and an edited PNG without their metadata, with the same pixels', async () => {
    const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
    const photo = cameraJpeg(encodedJpeg(32, 20, 11));
    expect(metadataIn(photo)).toEqual(METADATA_TEXTS);
    const jpeg = await storedBy(() =>
      calls.upload(draft.id, 'photo', 'photo.jpg', photo, 'image/jpeg'),
    );
    expect(jpeg.response.json<ClaimFile>().size).toBe(jpeg.bytes.length);
    expect(metadataIn(jpeg.bytes)).toEqual([]);
    expect(jpegMarkers(jpeg.bytes)).toEqual([0xe0, 0xdb, 0xc0, 0xc4, 0xda]);
    expect(decodedPixels(jpeg.bytes)).toEqual(decodedPixels(photo));

    const base = encodedPng(20, 12, 6);
    const png = await storedBy(() =>
      calls.upload(draft.id, 'constat', 'constat.png', editorPng(base), 'image/png'),
    );
    expect(pngChunkTypes(png.bytes)).toEqual(['IHDR', 'gAMA', 'IDAT', 'IEND']);
    expect(metadataIn(png.bytes)).toEqual([]);
    expect(decodedPixels(png.bytes)).toEqual(decodedPixels(base));
    expect((await calls.get(draft.id)).json<ClaimDraft>().files).toHaveLength(2);
  });

  it('stores and sends back a document’s and a message’s photo without its position or comment', async () => {
    const http = overHttp(portal!.url);
    const base = encodedJpeg(16, 12, 3);
    const photo = gpsPhoto('jpeg', base);
    const without = (bytes: Buffer) => {
      const text = bytes.toString('latin1');
      expect(LOCATING_TEXTS.filter((t) => text.includes(t))).toEqual([]);
      expect([...exifTags(bytes)]).toEqual([[0x0112, 6]]); // the Orientation alone
      expect(decodedPixels(bytes)).toEqual(decodedPixels(base));
    };
    const document = await storedBy(() =>
      http.inject({
        method: 'POST',
        url: `/api/v1/document/accounts/${accountId}/policy/${ACTIVE}/uploadfile`,
        headers: { ...bearer(token), ...MULTIPART_HEADERS },
        payload: multipartBody([
          { name: 'fileType', value: 'autre' },
          upfile('IMG_2041.jpg', photo),
        ]),
      }),
    );
    without(document.bytes);

    const messages = `/api/v1/message/accounts/${accountId}/conversations`;
    const started = await http.inject({
      method: 'POST',
      url: messages,
      headers: bearer(token),
      payload: { topic: 'claim', text: 'La photo du pare-brise.' },
    });
    const conversation = started.json<Conversation>();
    const message = await storedBy(() =>
      http.inject({
        method: 'POST',
        url: `${messages}/${conversation.id}/attachments`,
        headers: { ...bearer(token), ...MULTIPART_HEADERS },
        payload: multipartBody([
          { name: 'text', value: 'La voici' },
          { name: 'file', fileName: 'IMG_2042.jpg', contentType: 'image/jpeg', content: photo },
        ]),
      }),
    );
    without(message.bytes);
    const fileId = message.response.json<ConversationMessage>().files[0]!.id;
    const downloaded = await http.inject({
      url: `${messages}/${conversation.id}/files/${fileId}`,
      headers: bearer(token),
    });
    expect(downloaded.statusCode).toBe(200);
    without(downloaded.rawPayload);
  });

  it.each([
    ['PNG', 'plan.png', 'image/png', hugePng],
    ['JPEG', 'plan.jpg', 'image/jpeg', hugeJpeg],
  ])(
    'refuses a 30,000 × 30,000 %s with a claim and as a document, storing nothing',
    async (_name, fileName, type, image) => {
      const draft = (await calls.create(ACTIVE)).json<ClaimDraft>();
      const before = await stored();
      const photo = await calls.upload(draft.id, 'photo', fileName, image(), type);
      expect(photo.statusCode).toBe(400);
      expect(photo.json()).toMatchObject({
        error: { message: imageTooLargeRefusal(30_000, 30_000) },
      });
      const document = await overHttp(portal!.url).inject({
        method: 'POST',
        url: `/api/v1/document/accounts/${accountId}/policy/${ACTIVE}/uploadfile`,
        headers: { ...bearer(token), ...MULTIPART_HEADERS },
        payload: multipartBody([{ name: 'fileType', value: 'autre' }, upfile(fileName, image())]),
      });
      expect(document.statusCode).toBe(400);
      expect(document.json()).toMatchObject({
        error: { message: imageTooLargeRefusal(30_000, 30_000) },
      });
      expect((await calls.get(draft.id)).json<ClaimDraft>().files).toEqual([]);
      expect(await stored()).toEqual(before);
    },
  );
});
