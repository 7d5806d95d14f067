import { errorBodySchema, policyListSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountParams } from '../account/get-account';
import { listPolicies } from '../../services/policies';

export default async function listPoliciesRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/policy/accounts/:accountId',
    {
      schema: {
        tags: ['policy'],
        summary:
          'Les polices du client connecté, avec risques, garanties, conducteurs et documents',
        params: accountParams,
        response: { 200: policyListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => listPolicies(app.db, request.accountId),
  );
}
