// The broker's files in a conversation (docs/console.md « Messages », docs/integration.md
// « Messages »): an agent answers with a file from the console (the same upload checks as the
// customer's: a disguised file or a body that is not multipart is refused and nothing is kept),
// the customer reads and downloads it, the journal names the file; the integration API downloads
// any message's file with its read scope, and nothing without a token or of another conversation.
import {
  UPLOAD_REFUSALS,
  type Conversation,
  type ConversationMessage,
  type ErrorBody,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest as it } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall } from '../../support/console';
import {
  MULTIPART_HEADERS,
  multipartBody,
  SAMPLE_PNG,
  samplePdf,
  storedFileCount,
} from '../../support/documents';
import { bearer, type TestApp } from '../../support/harness';
import { call as integrationCall, integrationToken } from '../../support/integration';

describe.each(BACKENDS)('the broker’s files in a conversation (%s)', (backend) => {
  it.override({ backend });

  /** Camille's conversation about her payments, started through the portal's API. */
  const started = (
    t: TestApp,
    camille: { accountId: string; headers: { authorization: string } },
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/message/accounts/${camille.accountId}/conversations`,
      headers: camille.headers,
      payload: { topic: 'payment', text: 'Pouvez-vous m’envoyer mon échéancier ?' },
    });

  const counts = async (t: TestApp) => ({
    messages: (await t.app.db.selectFrom('conversation_messages').select('id').execute()).length,
    files: (await t.app.db.selectFrom('message_files').select('id').execute()).length,
    stored: await storedFileCount(t.config.documentsDir),
  });

  it('lets an agent answer with a file the customer reads, downloads, and the journal names', async ({
    t,
    camille,
    agent,
  }) => {
    const conversation = (await started(t, camille)).json<Conversation>();
    const pdf = await samplePdf();
    const answered = await consoleCall(
      t.app,
      agent,
      'POST',
      `/conversations/${conversation.id}/attachments`,
      multipartBody([
        { name: 'text', value: 'Voici votre échéancier.' },
        {
          name: 'file',
          fileName: 'Échéancier 2027.pdf',
          contentType: 'application/pdf',
          content: pdf,
        },
      ]),
      MULTIPART_HEADERS,
    );
    expect(answered.statusCode, answered.body).toBe(201);
    const message = answered.json<ConversationMessage>();
    expect(message).toMatchObject({
      author: 'broker',
      text: 'Voici votre échéancier.',
      files: [{ name: 'Échéancier 2027.pdf', contentType: 'application/pdf', size: pdf.length }],
    });

    const base = `/api/v1/message/accounts/${camille.accountId}/conversations/${conversation.id}`;
    const read = await t.app.inject({ url: base, headers: camille.headers });
    expect(read.json<Conversation>().messages.at(-1)).toMatchObject({
      author: 'broker',
      files: [{ id: message.files[0]!.id, name: 'Échéancier 2027.pdf' }],
    });
    const file = await t.app.inject({
      url: `${base}/files/${message.files[0]!.id}`,
      headers: camille.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const journal = (await auditRows(t.app, 'conversation.answered')).at(-1)!;
    expect(journal).toMatchObject({ staff_id: agent.id, target_id: conversation.id });
    expect(journal.details).toMatchObject({
      messageId: message.id,
      fileIds: [message.files[0]!.id],
    });
  });

  it('refuses a disguised file and a body that is not multipart, and keeps nothing', async ({
    t,
    camille,
    agent,
  }) => {
    const conversation = (await started(t, camille)).json<Conversation>();
    const before = await counts(t);
    const disguised = await consoleCall(
      t.app,
      agent,
      'POST',
      `/conversations/${conversation.id}/attachments`,
      multipartBody([
        { name: 'text', value: 'Une photo' },
        {
          name: 'file',
          fileName: 'photo.png',
          contentType: 'image/png',
          content: Buffer.from('#!/bin/sh\necho pas une image\n'),
        },
      ]),
      MULTIPART_HEADERS,
    );
    // Refused as the documents and the customer's files are, saying so.
    expect(disguised.statusCode).toBe(400);
    expect(disguised.json<ErrorBody>().error.message).toBe(UPLOAD_REFUSALS.contentMismatch);
    const plain = await consoleCall(
      t.app,
      agent,
      'POST',
      `/conversations/${conversation.id}/attachments`,
      { text: 'Sans fichier' },
    );
    expect(plain.statusCode).toBe(415);
    // A customer's token never opens the console.
    const customer = await t.app.inject({
      method: 'POST',
      url: `/backoffice/api/conversations/${conversation.id}/attachments`,
      headers: { ...camille.headers, ...MULTIPART_HEADERS },
      payload: multipartBody([{ name: 'text', value: 'x' }]),
    });
    expect(customer.statusCode).toBe(401);
    expect(await counts(t)).toEqual(before);
  });

  it('lets the broker’s systems download a message’s file with their read scope', async ({
    t,
    camille,
    jean,
  }) => {
    const reader = (await integrationToken(t.app, ['backoffice:read'])).token;
    const conversation = (await started(t, camille)).json<Conversation>();
    const photo = await t.app.inject({
      method: 'POST',
      url: `/api/v1/message/accounts/${camille.accountId}/conversations/${conversation.id}/attachments`,
      headers: { ...camille.headers, ...MULTIPART_HEADERS },
      payload: multipartBody([
        { name: 'text', value: 'La photo du pare-brise' },
        { name: 'file', fileName: 'pare-brise.png', contentType: 'image/png', content: SAMPLE_PNG },
      ]),
    });
    expect(photo.statusCode, photo.body).toBe(201);
    const fileId = photo.json<ConversationMessage>().files[0]!.id;
    const path = `/conversations/${conversation.id}/files/${fileId}`;

    const download = await integrationCall(t.app, reader, 'GET', path);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toContain('pare-brise.png');
    expect(download.rawPayload.equals(SAMPLE_PNG)).toBe(true);

    // Another conversation's id with this file: not found; no token, a customer's token: refused.
    const other = (await started(t, jean)).json<Conversation>();
    const wrong = await integrationCall(
      t.app,
      reader,
      'GET',
      `/conversations/${other.id}/files/${fileId}`,
    );
    expect(wrong.statusCode).toBe(404);
    expect((await t.app.inject(`/backoffice/v1${path}`)).statusCode).toBe(401);
    const customer = await t.app.inject({
      url: `/backoffice/v1${path}`,
      headers: bearer(camille.token),
    });
    expect([401, 403]).toContain(customer.statusCode);
  });
});
