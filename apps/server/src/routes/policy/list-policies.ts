// GET the signed-in customer's policies (SPEC §3 "Policy", §7), policies in force first.
import { API_ROUTES, errorBodySchema, policyListSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listPoliciesJson } from '../../services/policies';
import { accountParams } from '../params';

export default async function listPoliciesRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.policies,
    {
      schema: {
        tags: ['policy'],
        summary:
          'Les polices du client connecté, avec risques, garanties, conducteurs et documents',
        params: accountParams,
        response: { 200: policyListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    // Already the JSON of policyListSchema, built by the database (services/policies.ts): sent
    // as it is, without the response serialiser (policies-api.test.ts checks it against the schema).
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await listPoliciesJson(app.db, request.accountId)) as never),
  );
}
