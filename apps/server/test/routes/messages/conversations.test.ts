// The customer's messages (docs/product/messages.md): conversations started free or from one of
// the customer's requests, messages and attachments (the documents' upload checks), the unread
// count and the read receipts, the event `message.created` on every channel, the customer's
// notification mail (real SMTP stand-in) that never carries the message; another account's
// conversation is not found and bad input changes nothing.
import {
  CONVERSATION_MESSAGES,
  MESSAGE_TEXT_MAX,
  type Conversation,
  type ConversationList,
  type ConsoleConversationPage,
  type ConversationMessage,
  type ErrorBody,
  type MessageDraft,
  UPLOAD_REFUSALS,
} from '@espace/contract';
import { describe, expect, vi } from 'vitest';
import { postMessage } from '../../../src/services/messages/message-writes';
import { apiTest, SMTP } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import {
  MULTIPART_HEADERS,
  multipartBody,
  SAMPLE_PNG,
  samplePdf,
  storedFileCount,
} from '../../support/documents';
import { allEvents, customerSendsFile } from '../../support/events';
import { bearer, DEMO } from '../../support/harness';
import { consoleCall } from '../../support/console';
import { BO, integrationToken } from '../../support/integration';
import { decodeQuotedPrintable } from '../../support/mail-server-stand-in';

const ACTIVE = 'AU2026104512'; // Camille's Peugeot 208
const SECRET_WORDS = 'Le rapport d’expertise chiffre la réparation à 1 840 euros';

describe.each(BACKENDS)('the customer’s messages (%s)', { timeout: 150_000 }, (backend) => {
  const it = apiTest
    /** The request of Camille's the conversations start from. */
    .extend('reference', ({ t, once, camille }) =>
      once('reference', async () =>
        customerSendsFile(t.app, camille, ACTIVE, 'Carte grise.pdf', await samplePdf()),
      ),
    )
    .extend('helpers', ({ t, camille }) => {
      const base = (accountId: string) => `/api/v1/message/accounts/${accountId}/conversations`;
      const call = (
        method: 'GET' | 'POST',
        path: string,
        payload?: unknown,
        who: { token: string; accountId: string } = camille,
      ) =>
        t.app.inject({
          method,
          url: `${base(who.accountId)}${path}`,
          headers: bearer(who.token),
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
      const multipart = (
        path: string,
        parts: Parameters<typeof multipartBody>[0],
        who: { token: string; accountId: string },
      ) =>
        t.app.inject({
          method: 'POST',
          url: `${base(who.accountId)}${path}`,
          headers: { ...bearer(who.token), ...MULTIPART_HEADERS },
          payload: multipartBody(parts),
        });
      const attach = (conversationId: string, parts: Parameters<typeof multipartBody>[0]) =>
        multipart(`/${conversationId}/attachments`, parts, camille);
      /** A new conversation whose first message carries a file, as the portal sends it. */
      const start = (
        parts: Parameters<typeof multipartBody>[0],
        who: { token: string; accountId: string } = camille,
      ) => multipart('/attachments', parts, who);
      const counts = async () => ({
        conversations: (await t.app.db.selectFrom('conversations').select('id').execute()).length,
        messages: (await t.app.db.selectFrom('conversation_messages').select('id').execute())
          .length,
        files: (await t.app.db.selectFrom('message_files').select('id').execute()).length,
        stored: await storedFileCount(t.config.documentsDir),
        events: (
          await t.app.db
            .selectFrom('events')
            .select('id')
            .where('type', '=', 'message.created')
            .execute()
        ).length,
      });
      const brokerWrites = (conversationId: string, text: string) =>
        postMessage(
          {
            db: t.app.db,
            outbox: t.app.outbox,
            mail: { publicUrl: t.config.publicUrl, brand: t.config.mailBrand },
          },
          { accountId: null, author: 'broker', authorId: 'staff:test' },
          conversationId,
          text,
        );
      return { base, call, attach, start, counts, brokerWrites };
    })
    .override({ backend, smtp: SMTP });

  it('requires authentication', async ({ t, camille, helpers: { base } }) => {
    const response = await t.app.inject({ method: 'GET', url: base(camille.accountId) });
    expect(response.statusCode).toBe(401);
  });

  it('starts a conversation from a request, with a photo, then continues it', async ({
    reference,
    helpers: { call, attach },
  }) => {
    const started = await call('POST', '', {
      requestReference: reference,
      text: 'Voici la photo de la carte grise.',
    });
    expect(started.statusCode, started.body).toBe(201);
    const conversation = started.json<Conversation>();
    expect(conversation).toMatchObject({
      requestReference: reference,
      topic: null,
      subject: `Document envoyé – ${reference}`,
      lastAuthor: 'customer',
      unread: 0,
      messages: [{ author: 'customer', text: 'Voici la photo de la carte grise.', readAt: null }],
    });
    const photo = await attach(conversation.id, [
      { name: 'text', value: 'La photo' },
      { name: 'file', fileName: 'photo.png', contentType: 'image/png', content: SAMPLE_PNG },
    ]);
    expect(photo.statusCode, photo.body).toBe(201);
    const sent = photo.json<ConversationMessage>();
    expect(sent).toMatchObject({
      author: 'customer',
      text: 'La photo',
      files: [{ name: 'photo.png', contentType: 'image/png', size: SAMPLE_PNG.length }],
    });
    const file = await call('GET', `/${conversation.id}/files/${sent.files[0]!.id}`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');

    // Writing again about the same request continues its conversation.
    const again = await call('POST', '', { requestReference: reference, text: 'Et encore.' });
    expect(again.json<Conversation>().id).toBe(conversation.id);
    expect(again.json<Conversation>().messages).toHaveLength(3);
  });

  it('counts the broker’s unread messages, marks them read, shows the read receipts', async ({
    mail,
    helpers: { call, brokerWrites },
  }) => {
    const started = (
      await call('POST', '', { topic: 'payment', text: 'Mon échéancier ?' })
    ).json<Conversation>();
    expect(started.subject).toBe('Cotisations et paiements');
    const before = mail.received.length;
    await brokerWrites(started.id, SECRET_WORDS);

    const list = (await call('GET', '')).json<ConversationList>();
    expect(list.conversations[0]).toMatchObject({
      id: started.id,
      unread: 1,
      lastAuthor: 'broker',
    });
    expect(list.unread).toBe(1);

    const read = (await call('GET', `/${started.id}`)).json<Conversation>();
    expect(read.messages.map((m) => [m.author, m.text])).toEqual([
      ['customer', 'Mon échéancier ?'],
      ['broker', SECRET_WORDS],
    ]);
    expect(read.messages[1]!.readAt).not.toBeNull();
    // The broker read nothing yet: no receipt on the customer's message.
    expect(read.messages[0]!.readAt).toBeNull();
    expect((await call('GET', '')).json<ConversationList>().unread).toBe(0);

    // The customer's mail says a message is waiting, links to it, and carries none of it.
    await vi.waitFor(() => expect(mail.received.length).toBeGreaterThan(before), {
      timeout: 10_000,
      interval: 100,
    });
    const received = mail.received.slice(before);
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([DEMO.camille]);
    const body = decodeQuotedPrintable(received[0]!.data);
    expect(body).toContain('un nouveau message vous attend');
    expect(body).toContain(`/messages/${started.id}`);
    expect(body).not.toContain('1 840');
    expect(body).not.toContain('rapport');
    expect(body).not.toContain('Cotisations');
  });

  it('sends message.created on the feed and on every webhook subscription', async ({
    t,
    helpers: { call },
  }) => {
    await t.app.db
      .insertInto('event_subscriptions')
      .values({ id: 'wh_messages', kind: 'webhook', url: 'http://127.0.0.1:9/hook', source: 'api' })
      .execute();
    const started = (
      await call('POST', '', { topic: 'other', text: 'Une question.' })
    ).json<Conversation>();
    const { token } = await integrationToken(t.app);
    const events = (await allEvents(t.app, token)).filter(
      (e) => e.type === 'message.created' && e.data.conversationId === started.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      author: 'customer',
      text: 'Une question.',
      subject: 'Autre question',
      topic: 'other',
      requestReference: null,
      files: [],
    });
    const deliveries = await t.app.db
      .selectFrom('outbox as o')
      .innerJoin('events as e', 'e.id', 'o.event_id')
      .select(['o.channel'])
      .where('e.event_id', '=', events[0]!.id)
      .execute();
    expect(deliveries).toEqual([{ channel: 'webhook' }]);
    await t.app.db.deleteFrom('event_subscriptions').where('id', '=', 'wh_messages').execute();
  });

  it('refuses another account’s conversation and request, changing nothing', async ({
    t,
    camille,
    jean,
    reference,
    helpers: { base, call, attach, counts },
  }) => {
    const own = (
      await call('POST', '', { topic: 'contract', text: 'À moi.' })
    ).json<Conversation>();
    const file = (
      await attach(own.id, [
        { name: 'text', value: '' },
        { name: 'file', fileName: 'photo.png', contentType: 'image/png', content: SAMPLE_PNG },
      ])
    ).json<ConversationMessage>().files[0]!;
    const before = await counts();
    // Through Jean's own path: not found, never listed.
    const read = await call('GET', `/${own.id}`, undefined, jean);
    expect(read.statusCode).toBe(404);
    expect(read.json<ErrorBody>().error.message).toBe(CONVERSATION_MESSAGES.conversationNotFound);
    expect((await call('POST', `/${own.id}/messages`, { text: 'Intrus' }, jean)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/${own.id}/files/${file.id}`, undefined, jean)).statusCode).toBe(
      404,
    );
    const jeanList = (await call('GET', '', undefined, jean)).json<ConversationList>();
    expect(jeanList.conversations.map((c) => c.id)).not.toContain(own.id);
    // Camille's request named by Jean: not his.
    const foreign = await call('POST', '', { requestReference: reference, text: 'Hop' }, jean);
    expect(foreign.statusCode).toBe(404);
    // Jean's token on Camille's path: refused before the handler.
    const path = await t.app.inject({
      method: 'GET',
      url: `${base(camille.accountId)}/${own.id}`,
      headers: bearer(jean.token),
    });
    expect(path.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    // Camille's broker messages stay unread: Jean's attempt read nothing.
  });

  it.for([
    ['no subject', { text: 'Sans sujet' }, 'topic', CONVERSATION_MESSAGES.subjectMissing],
    [
      'two subjects',
      { topic: 'other', requestReference: 'DEM-1', text: 'x' },
      'topic',
      CONVERSATION_MESSAGES.subjectTwice,
    ],
    [
      'an unknown topic',
      { topic: 'vacances', text: 'x' },
      'topic',
      CONVERSATION_MESSAGES.topicInvalid,
    ],
    ['a blank text', { topic: 'other', text: '  \n ' }, 'text', CONVERSATION_MESSAGES.textEmpty],
    [
      'a text too long',
      { topic: 'other', text: 'a'.repeat(MESSAGE_TEXT_MAX + 1) },
      'text',
      CONVERSATION_MESSAGES.textTooLong,
    ],
    ['a bidi override', { topic: 'other', text: 'bad\u202etext' }, 'text', undefined],
  ] as const)(
    'refuses %s with a French message, changing nothing',
    async ([, body, field, message], { helpers: { call, counts } }) => {
      const before = await counts();
      const response = await call('POST', '', body);
      expect(response.statusCode).toBe(400);
      const error = response.json<ErrorBody>().error;
      expect(error.fields?.[field]).toBeDefined();
      if (message) expect(error.fields?.[field]).toBe(message);
      expect(await counts()).toEqual(before);
    },
  );

  it('refuses a bad attachment or message as the documents do, changing nothing', async ({
    helpers: { call, attach, counts },
  }) => {
    const own = (
      await call('POST', '', { topic: 'documents', text: 'Pièce' })
    ).json<Conversation>();
    const before = await counts();
    const renamed = await attach(own.id, [
      { name: 'text', value: 'Une pièce' },
      {
        name: 'file',
        fileName: 'permis.pdf',
        contentType: 'application/pdf',
        content: Buffer.from('ceci n’est pas un PDF'),
      },
    ]);
    // A text file named .pdf: refused as the documents refuse it, saying so.
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json<ErrorBody>().error.message).toBe(UPLOAD_REFUSALS.contentMismatch);
    const fileFirst = await attach(own.id, [
      { name: 'file', fileName: 'photo.png', contentType: 'image/png', content: SAMPLE_PNG },
      { name: 'text', value: 'après' },
    ]);
    expect(fileFirst.statusCode).toBe(400);
    const notMultipart = await call('POST', `/${own.id}/attachments`, { text: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    const empty = await call('POST', `/${own.id}/messages`, { text: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorBody>().error.fields?.text).toBe(CONVERSATION_MESSAGES.textEmpty);
    const badId = await call('GET', '/pas-un-identifiant');
    expect(badId.statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('starts a conversation with its text and a photo as one message: one unread for the broker, one message.created', async ({
    t,
    integration,
    helpers: { start, call, counts },
  }) => {
    const before = await counts();
    const response = await start([
      { name: 'topic', value: 'claim' },
      { name: 'text', value: 'Voici la photo du pare-choc.' },
      { name: 'file', fileName: 'pare-choc.png', contentType: 'image/png', content: SAMPLE_PNG },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const conversation = response.json<Conversation>();
    expect(conversation).toMatchObject({ topic: 'claim', subject: 'Un sinistre', unread: 0 });
    expect(conversation.messages).toHaveLength(1);
    expect(conversation.messages[0]).toMatchObject({
      author: 'customer',
      text: 'Voici la photo du pare-choc.',
      files: [{ name: 'pare-choc.png', contentType: 'image/png', size: SAMPLE_PNG.length }],
    });
    expect(await counts()).toEqual({
      conversations: before.conversations + 1,
      messages: before.messages + 1,
      files: before.files + 1,
      stored: before.stored + 1,
      events: before.events + 1,
    });
    const file = await call(
      'GET',
      `/${conversation.id}/files/${conversation.messages[0]!.files[0]!.id}`,
    );
    expect(file.rawPayload.equals(SAMPLE_PNG)).toBe(true);

    // The broker's side: one message waiting, unread; one event, with the text and the file.
    const listed = await t.app.inject({
      method: 'GET',
      url: `${BO}/conversations?state=waiting`,
      headers: bearer(integration.token),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const item = listed
      .json<{ items: { id: string; unread: number }[] }>()
      .items.find((i) => i.id === conversation.id);
    expect(item?.unread).toBe(1);
    const events = (await allEvents(t.app, integration.token)).filter(
      (e) => e.type === 'message.created' && e.data.conversationId === conversation.id,
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({
      author: 'customer',
      text: 'Voici la photo du pare-choc.',
      topic: 'claim',
      files: [{ name: 'pare-choc.png', contentType: 'image/png' }],
    });
  });

  it('starts about a request with a file, or continues its conversation, as one message each', async ({
    reference,
    helpers: { start },
  }) => {
    const first = await start([
      { name: 'requestReference', value: reference },
      { name: 'text', value: '' },
      { name: 'file', fileName: 'recto.png', contentType: 'image/png', content: SAMPLE_PNG },
    ]);
    expect(first.statusCode, first.body).toBe(201);
    const conversation = first.json<Conversation>();
    expect(conversation.requestReference).toBe(reference);
    const last = conversation.messages.at(-1)!;
    // The file speaks for itself: an empty text, as in a reply with a file.
    expect(last).toMatchObject({ text: '', files: [{ name: 'recto.png' }] });
  });

  it('refuses a new conversation’s file or subject as a reply’s, before reading the file, changing nothing', async ({
    jean,
    reference,
    helpers: { call, start, counts },
  }) => {
    const photo = {
      name: 'file',
      fileName: 'photo.png',
      contentType: 'image/png',
      content: SAMPLE_PNG,
    };
    const before = await counts();
    const refused = async (
      parts: Parameters<typeof start>[0],
      status: number,
      message: string,
      field?: string,
      who = undefined as typeof jean | undefined,
    ) => {
      const response = await start(parts, who);
      expect(response.statusCode, response.body).toBe(status);
      const error = response.json<ErrorBody>().error;
      expect(error.message).toBe(message);
      if (field) expect(error.fields?.[field]).toBe(message);
    };
    await refused(
      [{ name: 'text', value: 'Sans sujet' }, photo],
      400,
      CONVERSATION_MESSAGES.subjectMissing,
      'topic',
    );
    // The subject comes before the text: after it, it is not there yet.
    await refused(
      [{ name: 'text', value: 'Trop tard' }, { name: 'topic', value: 'other' }, photo],
      400,
      CONVERSATION_MESSAGES.subjectMissing,
      'topic',
    );
    await refused(
      [{ name: 'topic', value: 'vacances' }, { name: 'text', value: 'x' }, photo],
      400,
      CONVERSATION_MESSAGES.topicInvalid,
      'topic',
    );
    await refused(
      [
        { name: 'topic', value: 'other' },
        { name: 'text', value: 'a'.repeat(MESSAGE_TEXT_MAX + 1) },
        photo,
      ],
      400,
      CONVERSATION_MESSAGES.textTooLong,
      'text',
    );
    // Camille's request named by Jean: not his, refused before his file is read.
    await refused(
      [{ name: 'requestReference', value: reference }, { name: 'text', value: 'Hop' }, photo],
      404,
      CONVERSATION_MESSAGES.requestNotFound,
      'requestReference',
      jean,
    );
    await refused(
      [
        { name: 'topic', value: 'documents' },
        { name: 'text', value: 'Mon permis' },
        {
          name: 'file',
          fileName: 'permis.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('ceci n’est pas un PDF'),
        },
      ],
      400,
      UPLOAD_REFUSALS.contentMismatch,
    );
    await refused(
      [
        { name: 'topic', value: 'other' },
        { name: 'text', value: 'Sans fichier' },
      ],
      400,
      UPLOAD_REFUSALS.missingFile,
    );
    const notMultipart = await call('POST', '/attachments', { topic: 'other', text: 'x' });
    expect(notMultipart.statusCode).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it('keeps a long text sent with a file whole, to its last character', async ({
    helpers: { start, attach },
  }) => {
    // '€' is 3 bytes in UTF-8: the longest text allowed, with a file, in a reply and a new
    // conversation.
    const longest = '€'.repeat(MESSAGE_TEXT_MAX - 1) + '.';
    const photo = {
      name: 'file',
      fileName: 'photo.png',
      contentType: 'image/png',
      content: SAMPLE_PNG,
    };
    const started = await start([
      { name: 'topic', value: 'payment' },
      { name: 'text', value: longest },
      photo,
    ]);
    expect(started.statusCode, started.body).toBe(201);
    const conversation = started.json<Conversation>();
    expect(conversation.messages[0]!.text).toBe(longest);
    const reply = await attach(conversation.id, [{ name: 'text', value: longest }, photo]);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json<ConversationMessage>().text).toBe(longest);
    // One character more is refused, and so is a text longer than the parser reads: never cut.
    for (const text of [`${longest}€`, 'a'.repeat(MESSAGE_TEXT_MAX * 5)]) {
      const tooLong = await attach(conversation.id, [{ name: 'text', value: text }, photo]);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json<ErrorBody>().error.fields?.text).toBe(CONVERSATION_MESSAGES.textTooLong);
    }
  });

  it('starts the contact page’s message as a conversation, keeping the draft of a new message', async ({
    t,
    camille,
    agent,
    helpers: { call },
  }) => {
    const draftUrl = `/api/v1/message/accounts/${camille.accountId}/drafts/new`;
    const typed = 'Bonjour, au sujet de mon échéancier';
    const saved = await t.app.inject({
      method: 'PUT',
      url: draftUrl,
      headers: bearer(camille.token),
      payload: { text: typed },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const sent = await call('POST', '', {
      topic: 'other',
      text: 'Bonjour, je souhaite recevoir mon attestation.',
      keepDraft: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const conversation = sent.json<Conversation>();
    expect(conversation).toMatchObject({
      subject: 'Autre question',
      messages: [{ author: 'customer', text: 'Bonjour, je souhaite recevoir mon attestation.' }],
    });
    const list = (await call('GET', '')).json<ConversationList>();
    expect(list.conversations.map((c) => c.id)).toContain(conversation.id);
    // The new message typed in the « Messagerie » is still there.
    const draft = await t.app.inject({
      method: 'GET',
      url: draftUrl,
      headers: bearer(camille.token),
    });
    expect(draft.json<MessageDraft>().text).toBe(typed);

    // The console waits for it against the recontact promise of docs/product/contact-and-faq.md:
    // « Recontact promise: within 48 h ».
    const inbox = await consoleCall(t.app, agent, 'GET', '/conversations');
    const item = inbox.json<ConsoleConversationPage>().items.find((i) => i.id === conversation.id);
    expect(item).toMatchObject({ targetHours: 48, age: 'on_time' });
  });
});
