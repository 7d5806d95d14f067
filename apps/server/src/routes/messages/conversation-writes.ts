// The customer's writes (docs/product/messages.md): a new conversation (201, the conversation),
// a new conversation whose first message carries a file (multipart `topic` or
// `requestReference`, then `text`, then `file`; 201, the conversation), a message (201, the
// message), a message with an attachment (multipart `text` then `file`, 201).
import {
  API_ROUTES,
  MESSAGE_FORM_FIELDS,
  attachmentTextSchema,
  conversationMessageSchema,
  conversationSchema,
  postMessageSchema,
  startConversationSchema,
  startConversationWithFileSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  receiveConversationStart,
  receiveMessageAttachment,
} from '../../services/messages/message-files';
import { postMessage, startConversation } from '../../services/messages/message-writes';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import { accountParams } from '../params';
import { errorResponses } from '../responses';
import { formField, uploadBody } from '../multipart';
import { conversationParams } from './conversation-reads';

/** The fields of a first message sent with its file. */
const START = startConversationWithFileSchema.shape;

export default async function conversationWriteRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    db: app.db,
    outbox: app.outbox,
    mail: { publicUrl: app.config.publicUrl, brand: app.config.mailBrand },
  });
  const config = { rateLimit: routeLimit(RATE_LIMITS.message) };
  routes.post(
    API_ROUTES.conversations,
    {
      config,
      schema: {
        tags: ['message'],
        operationId: 'startConversation',
        summary: 'Écrire au courtier (nouvelle conversation, ou suite de celle d’une demande)',
        params: accountParams,
        body: startConversationSchema,
        response: { 201: conversationSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await startConversation(deps(), request.accountId, request.body)),
  );
  routes.post(
    API_ROUTES.conversationStartAttachments,
    {
      config,
      schema: {
        tags: ['message'],
        operationId: 'startConversationWithFile',
        summary:
          'Écrire au courtier avec une pièce jointe (multipart\u00a0: topic ou requestReference, text puis file)',
        consumes: ['multipart/form-data'],
        openapi: uploadBody(
          'Le premier message d’une conversation, avec sa pièce jointe\u00a0: l’objet de la liste (topic) ou la référence d’une demande (requestReference), l’un des deux, puis le texte, puis le fichier.',
          {
            [MESSAGE_FORM_FIELDS.topic]: formField(
              START.topic,
              'L’objet, pris dans la liste (sans requestReference)',
              false,
            ),
            [MESSAGE_FORM_FIELDS.requestReference]: formField(
              START.requestReference,
              'La référence d’une demande du client (sans topic)',
              false,
            ),
            [MESSAGE_FORM_FIELDS.text]: formField(START.text, 'Le texte, qui peut être vide'),
          },
          MESSAGE_FORM_FIELDS.file,
        ),
        params: accountParams,
        response: {
          201: conversationSchema,
          ...errorResponses(400, 401, 403, 404, 413, 415, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await receiveConversationStart(
            { ...deps(), storage: app.storage },
            request.accountId,
            request.isMultipart() ? request.parts() : undefined,
          ),
        ),
  );
  routes.post(
    API_ROUTES.conversationMessages,
    {
      config,
      schema: {
        tags: ['message'],
        operationId: 'postMessage',
        summary: 'Écrire dans une conversation',
        params: conversationParams,
        body: postMessageSchema,
        response: {
          201: conversationMessageSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await postMessage(
            deps(),
            { accountId: request.accountId, author: 'customer', authorId: null },
            request.params.conversationId,
            request.body.text,
          ),
        ),
  );
  routes.post(
    API_ROUTES.conversationAttachments,
    {
      config,
      schema: {
        tags: ['message'],
        operationId: 'attachMessageFile',
        summary: 'Écrire avec une pièce jointe (multipart\u00a0: text puis file)',
        consumes: ['multipart/form-data'],
        openapi: uploadBody(
          'Un message avec sa pièce jointe\u00a0: le texte, puis le fichier.',
          {
            [MESSAGE_FORM_FIELDS.text]: formField(
              attachmentTextSchema,
              'Le texte, qui peut être vide',
            ),
          },
          MESSAGE_FORM_FIELDS.file,
        ),
        params: conversationParams,
        response: {
          201: conversationMessageSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await receiveMessageAttachment(
          { ...deps(), storage: app.storage },
          {
            accountId: request.accountId,
            author: 'customer',
            authorId: null,
            conversationId: request.params.conversationId,
            parts: request.isMultipart() ? request.parts() : undefined,
          },
        ),
      ),
  );
}
