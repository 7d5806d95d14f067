// The customer's drafts (docs/product/messages.md « Brouillons »): read one place's draft (an
// empty text when there is none), save it (an empty text forgets it). The slot is a key among
// the caller's own rows only: no conversation or request is read.
import {
  API_ROUTES,
  messageDraftAnswerSchema,
  messageDraftSchema,
  messageDraftSlotSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readDraft, saveDraft } from '../../services/messages/message-drafts';
import { accountParams } from '../params';
import { errorResponses } from '../responses';

const draftParams = accountParams.extend({ slot: messageDraftSlotSchema });

export default async function messageDraftRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    API_ROUTES.messageDraft,
    {
      schema: {
        tags: ['message'],
        operationId: 'readMessageDraft',
        summary: 'Le brouillon d’un message (vide s’il n’y en a pas)',
        params: draftParams,
        response: { 200: messageDraftAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => readDraft(app.db, request.accountId, request.params.slot),
  );
  routes.put(
    API_ROUTES.messageDraft,
    {
      schema: {
        tags: ['message'],
        operationId: 'saveMessageDraft',
        summary: 'Garder le brouillon d’un message (un texte vide l’oublie)',
        params: draftParams,
        body: messageDraftSchema,
        response: { 200: messageDraftAnswerSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => saveDraft(app.db, request.accountId, request.params.slot, request.body.text),
  );
}
