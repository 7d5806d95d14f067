// The conversations of the integration API (docs/integration.md « Messages »): the list (of one
// customer or all, waiting for an answer or all), one conversation with its messages, and the
// broker's message written by the broker's systems (author `broker`, the client's id): the
// customer's mail and the event `message.created` follow, as from the console; a message's file
// (its id in the message's `files`), sent as the customer's downloads are. A read needs
// `backoffice:read`, the message `backoffice:write` (plugins/integration-authentication.ts).
import {
  conversationMessageSchema,
  INTEGRATION_CONVERSATION_PAGE_SIZE,
  INTEGRATION_ROUTES,
  integrationConversationListSchema,
  integrationConversationParamsSchema,
  integrationConversationQuerySchema,
  integrationConversationSchema,
  postMessageSchema,
  ACCEPTED_UPLOAD_MIME_TYPES,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment';
import {
  brokerConversation,
  brokerConversationPage,
} from '../../services/console/broker-conversations';
import { openMessageFile } from '../../services/messages/message-files';
import { postMessage } from '../../services/messages/message-writes';
import { integrationErrors } from './errors';
import { fileAnswer } from '../../http/openapi-operation';

export default async function conversationRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  routes.get(
    INTEGRATION_ROUTES.conversations,
    {
      schema: {
        tags: ['messages'],
        operationId: 'listConversations',
        summary: 'Liste les conversations, celles qui attendent une réponse d’abord',
        querystring: integrationConversationQuerySchema,
        response: { 200: integrationConversationListSchema, ...integrationErrors },
      },
    },
    (request) =>
      brokerConversationPage(
        app.db,
        request.query,
        INTEGRATION_CONVERSATION_PAGE_SIZE,
        config.console.targetHours,
      ),
  );
  routes.get(
    INTEGRATION_ROUTES.conversation,
    {
      schema: {
        tags: ['messages'],
        operationId: 'getConversation',
        summary: 'Lit une conversation et ses messages (sans les marquer lus)',
        params: integrationConversationParamsSchema,
        response: { 200: integrationConversationSchema, ...integrationErrors },
      },
    },
    (request) =>
      brokerConversation(app.db, request.params.conversationId, config.console.targetHours),
  );
  routes.post(
    INTEGRATION_ROUTES.conversationMessages,
    {
      schema: {
        tags: ['messages'],
        operationId: 'postBrokerMessage',
        summary:
          'Écrit le message du courtier\u00a0; le client est prévenu par un courriel sans son contenu',
        params: integrationConversationParamsSchema,
        body: postMessageSchema,
        response: { 201: conversationMessageSchema, ...integrationErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await postMessage(
          {
            db: app.db,
            outbox: app.outbox,
            mail: { publicUrl: config.publicUrl, brand: config.mailBrand },
          },
          { accountId: null, author: 'broker', authorId: `client:${request.integrationClient}` },
          request.params.conversationId,
          request.body.text,
        ),
      ),
  );
  routes.get(
    INTEGRATION_ROUTES.conversationFile,
    {
      schema: {
        tags: ['messages'],
        operationId: 'downloadMessageFile',
        openapi: fileAnswer(ACCEPTED_UPLOAD_MIME_TYPES, 'Le fichier, en pièce jointe sous son nom'),
        summary: 'Télécharge la pièce jointe d’un message',
        params: integrationConversationParamsSchema.extend({ fileId: z.string().min(1).max(80) }),
        response: integrationErrors,
      },
    },
    async (request, reply) => {
      const { conversationId, fileId } = request.params;
      const file = await openMessageFile(
        { db: app.db, storage: app.storage },
        null,
        conversationId,
        fileId,
      );
      return sendAttachment(reply, file);
    },
  );
}
