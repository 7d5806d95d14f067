// GET the signed-in customer's policies (docs/product/policies.md "Policy"), policies in force first.
import {
  API_PREFIX,
  API_ROUTES,
  POLICIES_PAGE_SIZE,
  apiPath,
  policiesQuerySchema,
  policyListSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmSession } from '../../plugins/authentication';
import { listPoliciesJson } from '../../services/policies/policies';
import { accountParams } from '../params';
import { errorResponses } from '../responses';

export default async function listPoliciesRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.policies,
    {
      // The token's session is checked in the read's own statement
      // (docs/decisions/0068-api-reads-one-statement.md).
      config: { sessionInRead: true },
      schema: {
        tags: ['policy'],
        operationId: 'listPolicies',
        summary:
          'Les polices du client connecté, avec risques, garanties, conducteurs et documents',
        description:
          'Au-delà de POLICIES_PAGE_SIZE (100) polices, la réponse est paginée : l’en-tête `Link` (rel="next") donne l’adresse de la page suivante.',
        params: accountParams,
        querystring: policiesQuerySchema,
        openapi: {
          responses: {
            200: {
              headers: {
                Link: {
                  description: `\`<…?page=N>; rel="next"\`\u00a0: l’adresse de la page suivante, au-delà de ${POLICIES_PAGE_SIZE} polices`,
                  schema: { type: 'string' },
                },
              },
            },
          },
        },
        response: {
          200: policyListSchema,
          ...errorResponses(400, 401, 403),
        },
      },
    },
    // Already the JSON of policyListSchema, built by the database (services/policies/policies.ts)
    // and kept as UTF-8 bytes: sent as it is, without the response serialiser
    // (test/routes/policy/policies.test.ts checks it against the schema), with the ETag kept
    // beside it (the etag plugin only compares).
    async (request, reply) => {
      const page = request.query.page ?? 1;
      const answer = await listPoliciesJson(app.db, request.session, page);
      confirmSession(request, answer.sessionAlive);
      if (answer.more) {
        const next = `${API_PREFIX}${apiPath(API_ROUTES.policies, { accountId: request.accountId })}?page=${page + 1}`;
        reply.header('link', `<${next}>; rel="next"`);
      }
      return reply
        .header('etag', answer.etag)
        .type('application/json; charset=utf-8')
        .send(answer.body as never);
    },
  );
}
