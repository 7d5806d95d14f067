// POST …/drafts/{draftId}/submit sends the claim: 201 with its reference, deadline and receipt.
import { API_ROUTES, brandQuerySchema, claimAcknowledgementSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { submitClaim } from '../../services/claims/submit-claim';
import { errorResponses } from '../responses';
import { claimWriteConfig, draftParams } from './params';

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
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
      config: claimWriteConfig,
    },
    async (request, reply) => {
      const acknowledgement = await submitClaim(
        {
          db: app.db,
          storage: app.storage,
          issuer: app.config.legalIdentity,
          outbox: app.outbox,
          mail: { publicUrl: app.config.publicUrl, brand: app.config.mailBrand },
        },
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
