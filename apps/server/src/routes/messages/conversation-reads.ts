// The customer's reads of the messages (docs/product/messages.md): the list with its unread
// counts, one conversation (which marks the broker's messages read), one attachment's bytes.
import {
  ACCEPTED_UPLOAD_MIME_TYPES,
  API_ROUTES,
  conversationIdSchema,
  conversationListSchema,
  conversationSchema,
  safeString,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendAttachment } from '../../http/attachment';
import { fileAnswer } from '../../http/openapi-operation';
import {
  listCustomerConversations,
  readConversationAs,
} from '../../services/messages/conversation-reads';
import { openMessageFile } from '../../services/messages/message-files';
import { accountParams } from '../params';
import { errorResponses } from '../responses';

export const conversationParams = accountParams.extend({ conversationId: conversationIdSchema });

export default async function conversationReadRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    API_ROUTES.conversations,
    {
      schema: {
        tags: ['message'],
        operationId: 'listConversations',
        summary: 'Les conversations du client avec son courtier et leurs messages non lus',
        params: accountParams,
        response: { 200: conversationListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => listCustomerConversations(app.db, request.accountId),
  );
  routes.get(
    API_ROUTES.conversation,
    {
      schema: {
        tags: ['message'],
        operationId: 'readConversation',
        summary: 'Lire une conversation (les messages du courtier deviennent lus)',
        params: conversationParams,
        response: { 200: conversationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) =>
      readConversationAs(app.db, request.accountId, request.params.conversationId, 'customer'),
  );
  routes.get(
    API_ROUTES.conversationFile,
    {
      schema: {
        tags: ['message'],
        operationId: 'downloadMessageFile',
        openapi: fileAnswer(ACCEPTED_UPLOAD_MIME_TYPES, 'La pièce jointe, sous son nom'),
        summary: 'Télécharger une pièce jointe d’une conversation',
        params: conversationParams.extend({ fileId: safeString().min(1).max(100) }),
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await openMessageFile(
          { db: app.db, storage: app.storage },
          request.accountId,
          request.params.conversationId,
          request.params.fileId,
        ),
      ),
  );
}
