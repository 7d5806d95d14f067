// The console's « Messages » (docs/console.md « Messages »): the inbox of conversations, one
// conversation (and the one beside a request's page), the broker's answer (the customer's mail
// and the event `message.created` follow), the assignment, a file. Every read and every action is
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
import { openMessageFile } from '../../services/messages/message-files';
import { postMessage } from '../../services/messages/message-writes';
import { recordStaffAudit } from '../../services/staff/audit';
import { actorOf } from './staff-actor';

export default async function conversationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const options = (request: Parameters<typeof actorOf>[0]) => ({
    actor: actorOf(request),
    targetHours: app.config.console.targetHours,
  });
  const params = z.object({ conversationId: conversationIdSchema });

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
        {
          db: app.db,
          outbox: app.outbox,
          mail: { publicUrl: app.config.publicUrl, brand: app.config.mailBrand },
        },
        { accountId: null, author: 'broker', authorId: `staff:${actor.id}` },
        conversationId,
        request.body.text,
      );
      const { account_id: accountId } = await requireConversation(app.db, null, conversationId);
      await recordStaffAudit(app.db, actor, {
        action: 'conversation.answered',
        targetKind: 'conversation',
        targetId: conversationId,
        accountId,
        details: { messageId: message.id },
      });
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
