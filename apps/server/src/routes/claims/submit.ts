// POST …/drafts/{draftId}/submit sends the claim: 201 with its reference, deadline and receipt.
import {
  API_ROUTES,
  brandQuerySchema,
  claimAcknowledgementSchema,
  errorBodySchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { submitClaim } from '../../services/claims/submit-claim';
import { draftParams } from './params';

export default async function submitClaimRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.claimDraftSubmit,
    {
      schema: {
        tags: ['claim'],
        operationId: 'submitClaim',
        summary: 'Envoie la déclaration de sinistre',
        params: draftParams,
        // The skin the receipt is drawn in, as for a generated document's download.
        querystring: brandQuerySchema,
        response: {
          201: claimAcknowledgementSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const acknowledgement = await submitClaim(
        { db: app.db, storage: app.storage, issuer: app.config.legalIdentity },
        {
          accountId: request.accountId,
          draftId: request.params.draftId,
          brand: request.query.brand,
        },
      );
      return reply.code(201).send(acknowledgement);
    },
  );
}
