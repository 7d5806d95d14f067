// POST …/drafts opens a draft on a contract in force (201); GET …/drafts lists the caller's
// drafts; GET …/drafts/{draftId} resumes one (404 'Sinister not found' for another account's).
import {
  API_ROUTES,
  claimDraftCreateSchema,
  claimDraftListSchema,
  claimDraftSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createDraft, getDraft, listDrafts } from '../../services/claims/drafts';
import { accountParams } from '../params';
import { errorResponses } from '../responses';
import { claimWriteConfig, draftParams } from './params';

const errors = errorResponses(400, 401, 403, 404);

export default async function claimDraftRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    API_ROUTES.claimDrafts,
    {
      schema: {
        tags: ['claim'],
        operationId: 'createClaimDraft',
        summary: 'Commence une déclaration de sinistre (brouillon)',
        params: accountParams,
        body: claimDraftCreateSchema,
        response: { 201: claimDraftSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
      config: claimWriteConfig,
    },
    async (request, reply) =>
      reply.code(201).send(await createDraft(app.db, request.accountId, request.body.policyNumber)),
  );
  api.get(
    API_ROUTES.claimDrafts,
    {
      schema: {
        tags: ['claim'],
        operationId: 'listClaimDrafts',
        summary: 'Les déclarations de sinistre en cours',
        params: accountParams,
        response: { 200: claimDraftListSchema, ...errors },
      },
    },
    async (request) => listDrafts(app.db, request.accountId),
  );
  api.get(
    API_ROUTES.claimDraft,
    {
      schema: {
        tags: ['claim'],
        operationId: 'getClaimDraft',
        summary: 'Reprend une déclaration de sinistre',
        params: draftParams,
        response: { 200: claimDraftSchema, ...errors },
      },
    },
    async (request) => getDraft(app.db, request.accountId, request.params.draftId),
  );
}
