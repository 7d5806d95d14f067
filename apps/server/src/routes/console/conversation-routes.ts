// The console's « Messages » (docs/console.md « Messages »): the inbox of conversations, one
// conversation (and the one beside a request's page), the broker's answer, with a file or not
// (the customer's mail and the event `message.created` follow), the assignment, a file. Every read and every action is
// audited by the service that does it (services/console/console-conversations.ts).
import {
  assignmentSchema,
  CONSOLE_ROUTES,
  consoleConversationQuerySchema,
  conversationIdSchema,
  postMessageSchema,
  requestReferenceParamsSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment';
import {
  assignConversation,
  auditConversationFileRead,
  consoleConversation,
  conversationInbox,
  requestConversation,
} from '../../services/console/console-conversations';
import { requireConversation } from '../../services/messages/conversation-reads';
import { openMessageFile, receiveMessageAttachment } from '../../services/messages/message-files';
import { postMessage } from '../../services/messages/message-writes';
import { recordStaffAudit } from '../../services/staff/audit';
import { acceptFileUploads, MESSAGE_FIELD_BYTES } from '../multipart';
import { actorOf } from './staff-actor';

export default async function conversationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: Parameters<typeof actorOf>[0]) => ({
    actor: actorOf(request),
    targetHours: app.config.console.targetHours,
  });
  const params = z.object({ conversationId: conversationIdSchema });
  const mailDeps = () => ({
    db: app.db,
    outbox: app.outbox,
    mail: { publicUrl: app.config.publicUrl, brand: app.config.mailBrand },
  });
  /** The answer in the journal, with the conversation's customer. */
  const auditAnswer = async (
    actor: ReturnType<typeof actorOf>,
    conversationId: string,
    message: { id: string; files: { id: string }[] },
  ) => {
    const { account_id: accountId } = await requireConversation(app.db, null, conversationId);
    await recordStaffAudit(app.db, actor, {
      action: 'conversation.answered',
      targetKind: 'conversation',
      targetId: conversationId,
      accountId,
      details: {
        messageId: message.id,
        ...(message.files.length ? { fileIds: message.files.map((file) => file.id) } : {}),
      },
    });
  };
  await acceptFileUploads(app, { fieldBytes: MESSAGE_FIELD_BYTES });

  routes.get(
    CONSOLE_ROUTES.conversations,
    { schema: { querystring: consoleConversationQuerySchema } },
    (request) => conversationInbox(app.db, request.query, options(request)),
  );
  routes.get(CONSOLE_ROUTES.conversation, { schema: { params } }, (request) =>
    consoleConversation(app.db, actorOf(request), request.params.conversationId, options(request)),
  );
  routes.get(
    CONSOLE_ROUTES.requestConversation,
    { schema: { params: requestReferenceParamsSchema } },
    async (request) => ({
      conversation: await requestConversation(
        app.db,
        actorOf(request),
        request.params.reference,
        options(request),
      ),
    }),
  );
  routes.post(
    CONSOLE_ROUTES.conversationMessages,
    { schema: { params, body: postMessageSchema } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { conversationId } = request.params;
      const message = await postMessage(
        mailDeps(),
        { accountId: null, author: 'broker', authorId: `staff:${actor.id}` },
        conversationId,
        request.body.text,
      );
      await auditAnswer(actor, conversationId, message);
      return reply.code(201).send(message);
    },
  );
  routes.post(
    CONSOLE_ROUTES.conversationAttachments,
    { schema: { params } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { conversationId } = request.params;
      const message = await receiveMessageAttachment(
        { ...mailDeps(), storage: app.storage },
        {
          accountId: null,
          author: 'broker',
          authorId: `staff:${actor.id}`,
          conversationId,
          parts: request.isMultipart() ? request.parts() : undefined,
        },
      );
      await auditAnswer(actor, conversationId, message);
      return reply.code(201).send(message);
    },
  );
  routes.put(
    CONSOLE_ROUTES.conversationAssignment,
    { schema: { params, body: assignmentSchema } },
    (request) =>
      assignConversation(
        app.db,
        actorOf(request),
        request.params.conversationId,
        request.body.staffId,
      ),
  );
  routes.get(
    CONSOLE_ROUTES.conversationFile,
    { schema: { params: params.extend({ fileId: z.string().min(1).max(80) }) } },
    async (request, reply) => {
      const { conversationId, fileId } = request.params;
      const conversation = await requireConversation(app.db, null, conversationId);
      const file = await openMessageFile(
        { db: app.db, storage: app.storage },
        null,
        conversationId,
        fileId,
      );
      try {
        await auditConversationFileRead(
          app.db,
          actorOf(request),
          conversationId,
          conversation.account_id,
          fileId,
        );
      } catch (error) {
        file.body.destroy();
        throw error;
      }
      return sendAttachment(reply, file);
    },
  );
}
