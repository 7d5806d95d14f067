// GET the signed-in customer's requests, newest first, one page at a time, optionally for one
// contract ('Mes demandes').
import { API_ROUTES, requestListQuerySchema, requestListSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRequests } from '../../services/requests/list-requests';
import { accountParams } from '../params';
import { errorResponses } from '../responses';

export default async function listRequestsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.requests,
    {
      schema: {
        tags: ['account'],
        operationId: 'listRequests',
        summary: 'Les demandes du client connecté et où elles en sont',
        params: accountParams,
        querystring: requestListQuerySchema,
        response: {
          200: requestListSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => listRequests(app.db, request.accountId, request.query),
  );
}
