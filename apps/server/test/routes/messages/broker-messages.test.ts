// The broker's side of the messages and the customer's drafts (docs/product/messages.md,
// docs/console.md « Messages », docs/integration.md « Messages »): a draft kept on the server per
// place, another account's never read and refused, forgotten when the message is sent; the
// console's inbox (waiting conversations, search, assignment), a conversation read (audited, the
// customer's read receipts), beside its request, answered (the customer's unread count); the
// integration API's list, read and post, with its scopes; another customer's or a customer's
// token refused.
import {
  type ConsoleConversation,
  type ConsoleConversationPage,
  type Conversation,
  type ConversationList,
  type ConversationMessage,
  type MessageDraft,
} from '@espace/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../../support/backends';
import { auditRows, consoleCall, staffSignedIn, type ConsoleStaff } from '../../support/console';
import { MULTIPART_HEADERS, multipartBody, SAMPLE_PNG, samplePdf } from '../../support/documents';
import { customerSendsFile } from '../../support/events';
import {
  bearer,
  createTestApp,
  DEMO,
  signIn,
  subjectOf,
  type TestApp,
} from '../../support/harness';
import { BO, integrationToken } from '../../support/integration';

const ACTIVE = 'AU2026104512'; // Camille's Peugeot 208

describe.each(BACKENDS)(
  'the broker’s messages and the drafts (%s)',
  { timeout: 150_000 },
  (backend) => {
    let t: TestApp;
    let agent: ConsoleStaff;
    let camille: { token: string; accountId: string };
    let jean: { token: string; accountId: string };
    let reference: string;
    let conversationId: string;
    beforeAll(async () => {
      t = await createTestApp(backend);
      const who = async (email: string) => {
        const token = (await signIn(t.app, t.config, email)).access_token;
        return { token, accountId: subjectOf(token) };
      };
      camille = await who(DEMO.camille);
      jean = await who(DEMO.jean);
      agent = await staffSignedIn(t.app, 'agent', 'Léa Martin');
      reference = await customerSendsFile(
        t.app,
        camille,
        ACTIVE,
        'Carte grise.pdf',
        await samplePdf(),
      );
    });
    afterAll(() => t.close());

    const api = (
      method: 'GET' | 'POST' | 'PUT',
      path: string,
      payload?: unknown,
      who: { token: string; accountId: string } = camille,
    ) =>
      t.app.inject({
        method,
        url: `/api/v1/message/accounts/${who.accountId}${path}`,
        headers: bearer(who.token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

    describe('drafts', () => {
      it('keeps a draft per place, for its account only, and forgets it when emptied', async () => {
        const slot = `request-${reference}`;
        const empty = await api('GET', `/drafts/${slot}`);
        expect(empty.statusCode).toBe(200);
        expect(empty.json<MessageDraft>()).toEqual({ text: '', updatedAt: null });
        const saved = await api('PUT', `/drafts/${slot}`, { text: 'Bonjour,\nvoici ' });
        expect(saved.statusCode, saved.body).toBe(200);
        expect((await api('GET', `/drafts/${slot}`)).json<MessageDraft>().text).toBe(
          'Bonjour,\nvoici ',
        );
        // Jean's same place is his own, empty; Camille's path with Jean's token is refused.
        expect(
          (await api('GET', `/drafts/${slot}`, undefined, jean)).json<MessageDraft>().text,
        ).toBe('');
        const foreign = await t.app.inject({
          method: 'GET',
          url: `/api/v1/message/accounts/${camille.accountId}/drafts/${slot}`,
          headers: bearer(jean.token),
        });
        expect(foreign.statusCode).toBe(403);
        // An unknown kind of place and a text too long are refused in French.
        expect((await api('GET', '/drafts/autre-chose')).statusCode).toBe(400);
        const long = await api('PUT', '/drafts/new', { text: 'x'.repeat(5001) });
        expect(long.statusCode).toBe(400);
        expect(long.body).toContain('ne doit pas dépasser');
        await api('PUT', `/drafts/${slot}`, { text: '  ' });
        expect((await api('GET', `/drafts/${slot}`)).json<MessageDraft>()).toEqual({
          text: '',
          updatedAt: null,
        });
      });

      it('forgets the draft of the place a message is sent from', async () => {
        await api('PUT', `/drafts/request-${reference}`, { text: 'La photo suit.' });
        const started = await api('POST', '/conversations', {
          requestReference: reference,
          text: 'La photo suit.',
        });
        expect(started.statusCode, started.body).toBe(201);
        conversationId = started.json<Conversation>().id;
        expect((await api('GET', `/drafts/request-${reference}`)).json<MessageDraft>().text).toBe(
          '',
        );

        await api('PUT', `/drafts/${conversationId}`, { text: 'Et la voici' });
        const photo = await t.app.inject({
          method: 'POST',
          url: `/api/v1/message/accounts/${camille.accountId}/conversations/${conversationId}/attachments`,
          headers: { ...bearer(camille.token), ...MULTIPART_HEADERS },
          payload: multipartBody([
            { name: 'text', value: 'Et la voici' },
            { name: 'file', fileName: 'photo.png', contentType: 'image/png', content: SAMPLE_PNG },
          ]),
        });
        expect(photo.statusCode, photo.body).toBe(201);
        expect((await api('GET', `/drafts/${conversationId}`)).json<MessageDraft>().text).toBe('');
      });
    });

    describe('the console', () => {
      it('lists the waiting conversation, finds it by the customer’s name, traces the search', async () => {
        const inbox = await consoleCall(t.app, agent, 'GET', '/conversations');
        expect(inbox.statusCode, inbox.body).toBe(200);
        const item = inbox
          .json<ConsoleConversationPage>()
          .items.find((c) => c.id === conversationId);
        expect(item).toMatchObject({
          requestReference: reference,
          customerName: 'Camille Martin',
          lastAuthor: 'customer',
          unread: 2,
          age: 'on_time',
          assignee: null,
        });
        expect(item?.waitingSince).not.toBeNull();
        const found = await consoleCall(
          t.app,
          agent,
          'GET',
          '/conversations?q=martin%20cam&state=all',
        );
        expect(found.json<ConsoleConversationPage>().items.map((c) => c.id)).toContain(
          conversationId,
        );
        const none = await consoleCall(t.app, agent, 'GET', '/conversations?q=zzzz');
        expect(none.json<ConsoleConversationPage>().total).toBe(0);
        expect((await auditRows(t.app, 'conversation.search')).at(-1)).toMatchObject({
          staff_id: agent.id,
          details: { q: 'zzzz', hits: 0 },
        });
        expect((await consoleCall(t.app, null, 'GET', '/conversations')).statusCode).toBe(401);
        expect((await consoleCall(t.app, agent, 'GET', '/conversations?age=tard')).statusCode).toBe(
          400,
        );
      });

      it('reads a conversation (traced; the customer’s read receipts), beside its request too', async () => {
        const before = (await auditRows(t.app, 'conversation.read')).length;
        const read = await consoleCall(t.app, agent, 'GET', `/conversations/${conversationId}`);
        expect(read.statusCode, read.body).toBe(200);
        const conversation = read.json<ConsoleConversation>();
        expect(conversation.customer.name).toBe('Camille Martin');
        expect(conversation.messages.map((m) => m.text)).toEqual(['La photo suit.', 'Et la voici']);
        expect(conversation.messages[1]!.files[0]!.href).toContain(
          `/conversations/${conversationId}/files/`,
        );
        const rows = await auditRows(t.app, 'conversation.read');
        expect(rows).toHaveLength(before + 1);
        expect(rows.at(-1)).toMatchObject({
          staff_id: agent.id,
          target_id: conversationId,
          account_id: camille.accountId,
        });
        const mine = (await api('GET', `/conversations/${conversationId}`)).json<Conversation>();
        expect(mine.messages.every((m) => m.readAt !== null)).toBe(true);

        const beside = await consoleCall(
          t.app,
          agent,
          'GET',
          `/requests/${reference}/conversation`,
        );
        expect(beside.statusCode).toBe(200);
        expect(beside.json<{ conversation: ConsoleConversation }>().conversation.id).toBe(
          conversationId,
        );
        expect(await auditRows(t.app, 'conversation.read')).toHaveLength(before + 2);

        const file = await consoleCall(
          t.app,
          agent,
          'GET',
          conversation.messages[1]!.files[0]!.href.replace('/backoffice/api', ''),
        );
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(SAMPLE_PNG)).toBe(true);
        expect((await auditRows(t.app, 'conversation.file_read')).at(-1)?.target_id).toBe(
          conversationId,
        );
        const unknown = await consoleCall(
          t.app,
          agent,
          'GET',
          '/conversations/00000000-0000-4000-8000-000000000000',
        );
        expect(unknown.statusCode).toBe(404);
      });

      it('answers (the customer’s unread count) and assigns, each traced', async () => {
        const empty = await consoleCall(
          t.app,
          agent,
          'POST',
          `/conversations/${conversationId}/messages`,
          {
            text: ' ',
          },
        );
        expect(empty.statusCode).toBe(400);
        const answer = await consoleCall(
          t.app,
          agent,
          'POST',
          `/conversations/${conversationId}/messages`,
          { text: 'Merci, la photo est lisible.' },
        );
        expect(answer.statusCode, answer.body).toBe(201);
        expect(answer.json<ConversationMessage>().author).toBe('broker');
        expect((await auditRows(t.app, 'conversation.answered')).at(-1)?.target_id).toBe(
          conversationId,
        );
        const list = (await api('GET', '/conversations')).json<ConversationList>();
        expect(list.unread).toBe(1);
        const page = (
          await consoleCall(t.app, agent, 'GET', `/conversations/${conversationId}`)
        ).json<ConsoleConversation>();
        expect(page.messages.at(-1)).toMatchObject({ authorName: 'Léa Martin', readAt: null });
        expect(page.waitingSince).toBeNull();
        // Answered: no longer waiting.
        const waiting = (
          await consoleCall(t.app, agent, 'GET', '/conversations')
        ).json<ConsoleConversationPage>();
        expect(waiting.items.map((c) => c.id)).not.toContain(conversationId);

        const assigned = await consoleCall(
          t.app,
          agent,
          'PUT',
          `/conversations/${conversationId}/assignment`,
          { staffId: agent.id },
        );
        expect(assigned.statusCode, assigned.body).toBe(200);
        const mine = (
          await consoleCall(t.app, agent, 'GET', '/conversations?agent=me&state=all')
        ).json<ConsoleConversationPage>();
        expect(mine.items.map((c) => c.id)).toEqual([conversationId]);
        expect((await auditRows(t.app, 'conversation.assigned')).at(-1)?.target_id).toBe(
          conversationId,
        );
      });
    });

    describe('the integration API', () => {
      it('lists, reads and writes the broker’s message; scopes and customers’ tokens refused', async () => {
        const { token } = await integrationToken(t.app);
        const readOnly = (await integrationToken(t.app, ['backoffice:read'])).token;
        const list = await t.app.inject({
          method: 'GET',
          url: `${BO}/conversations?customerNumber=CLI-00012345&state=all`,
          headers: bearer(token),
        });
        expect(list.statusCode, list.body).toBe(200);
        const customerNumber = list.json<{ items: { customerNumber: string }[] }>().items[0]
          ?.customerNumber;
        const all = await t.app.inject({
          method: 'GET',
          url: `${BO}/conversations?state=all`,
          headers: bearer(token),
        });
        const item = all
          .json<{ items: { id: string; customerNumber: string }[] }>()
          .items.find((c) => c.id === conversationId);
        expect(item).toBeDefined();
        const scoped = await t.app.inject({
          method: 'GET',
          url: `${BO}/conversations?state=all&customerNumber=${item!.customerNumber}`,
          headers: bearer(token),
        });
        expect(scoped.json<{ items: { id: string }[] }>().items.map((c) => c.id)).toContain(
          conversationId,
        );
        expect(customerNumber === undefined || customerNumber === 'CLI-00012345').toBe(true);

        const read = await t.app.inject({
          method: 'GET',
          url: `${BO}/conversations/${conversationId}`,
          headers: bearer(readOnly),
        });
        expect(read.statusCode, read.body).toBe(200);
        expect(read.json<{ messages: unknown[] }>().messages).toHaveLength(3);

        const post = (who: string, text = 'Votre dossier est complet.') =>
          t.app.inject({
            method: 'POST',
            url: `${BO}/conversations/${conversationId}/messages`,
            headers: bearer(who),
            payload: { text },
          });
        expect((await post(readOnly)).statusCode).toBe(403);
        expect((await post(camille.token)).statusCode).toBe(401);
        const written = await post(token);
        expect(written.statusCode, written.body).toBe(201);
        expect((await post(token, '')).statusCode).toBe(400);
        const unknown = await t.app.inject({
          method: 'GET',
          url: `${BO}/conversations/00000000-0000-4000-8000-000000000000`,
          headers: bearer(token),
        });
        expect(unknown.statusCode).toBe(404);

        const page = (
          await consoleCall(t.app, agent, 'GET', `/conversations/${conversationId}`)
        ).json<ConsoleConversation>();
        expect(page.messages.at(-1)?.authorName).toMatch(/^Système du courtier \(/);
        const events = await t.app.db
          .selectFrom('events')
          .selectAll()
          .where('type', '=', 'message.created')
          .execute();
        expect(JSON.stringify(events)).toContain('Votre dossier est complet.');
      });

      it('never shows another customer’s conversation to a customer', async () => {
        const other = await t.app.inject({
          method: 'GET',
          url: `/api/v1/message/accounts/${jean.accountId}/conversations/${conversationId}`,
          headers: bearer(jean.token),
        });
        expect(other.statusCode).toBe(404);
        const list = (await api('GET', '/conversations', undefined, jean)).json<ConversationList>();
        expect(list.conversations.map((c) => c.id)).not.toContain(conversationId);
        // Jean's token on the console or the integration API opens nothing.
        expect(
          (
            await t.app.inject({
              method: 'GET',
              url: `${BO}/conversations`,
              headers: bearer(jean.token),
            })
          ).statusCode,
        ).toBe(401);
      });
    });
  },
);
