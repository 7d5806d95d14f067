// GET one of the signed-in customer's requests by the reference they read: what was asked, the
// files sent and the timeline of statuses (docs/product/requests.md « Le détail d’une demande »).
// Another account's reference answers 404 like an unknown one.
import { API_ROUTES, requestDetailSchema, safeString } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerRequestDetail } from '../../services/requests/customer-request-detail';
import { accountParams } from '../params';
import { errorResponses } from '../responses';

const requestParams = accountParams.extend({
  reference: safeString().min(1).max(40).describe('La référence de la demande'),
});

export default async function getRequestRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.request,
    {
      schema: {
        tags: ['account'],
        operationId: 'getRequest',
        summary:
          'Une demande du client connecté\u00a0: ce qui a été demandé, les fichiers, les statuts',
        params: requestParams,
        response: {
          200: requestDetailSchema,
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => customerRequestDetail(app.db, request.accountId, request.params.reference),
  );
}
