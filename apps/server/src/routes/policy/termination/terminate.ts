// POST …/{policyNumber}/terminate (docs/product/termination.md): the JSON termination request of docs/product/termination.md, files in
// base64. 201 with the acknowledgement; 200 with the first one's when a request is already
// pending for the policy. The body limit fits the files of docs/product/termination.md at their size limit, no more.
import {
  API_ROUTES,
  brandQuerySchema,
  TERMINATION_BODY_LIMIT,
  terminationAcknowledgementSchema,
  terminationRequestSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestTermination } from '../../../services/termination/request-termination';
import { policyParams } from '../../params';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { errorResponses } from '../../responses';

export default async function terminateRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.terminate,
    {
      bodyLimit: TERMINATION_BODY_LIMIT,
      config: { rateLimit: routeLimit(RATE_LIMITS.termination) },
      schema: {
        tags: ['policy'],
        operationId: 'terminatePolicy',
        summary: 'Demande la résiliation du contrat (justificatifs en base64)',
        params: policyParams,
        // The skin the receipt is drawn in, as for a generated document's download.
        querystring: brandQuerySchema,
        body: terminationRequestSchema,
        response: {
          200: terminationAcknowledgementSchema.describe('Demande déjà reçue pour ce contrat'),
          201: terminationAcknowledgementSchema.describe('Demande reçue'),
          ...errorResponses(400, 401, 403, 404, 409, 413, 429),
        },
      },
    },
    async (request, reply) => {
      const { created, acknowledgement } = await requestTermination(
        {
          db: app.db,
          storage: app.storage,
          outbox: app.outbox,
          issuer: app.config.legalIdentity,
        },
        {
          accountId: request.accountId,
          policyNumber: request.params.policyNumber,
          body: request.body,
          brand: request.query.brand,
        },
      );
      return reply.code(created ? 201 : 200).send(acknowledgement);
    },
  );
}
