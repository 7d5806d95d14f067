import { downloadedDocumentListSchema, errorBodySchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listDownloadableDocuments } from '../../services/documents';
import { ownPolicyOr404 } from './own-policy';
import { policyParams } from './params';

/** SPEC §7: the documents of one policy to download (one call per policy). */
export default async function listDocumentsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/document/accounts/:accountId/policy/:policyNumber',
    {
      schema: {
        tags: ['document'],
        summary: 'Les documents à télécharger d’un contrat du client connecté',
        params: policyParams,
        response: {
          200: downloadedDocumentListSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const policy = await ownPolicyOr404(app, request.accountId, request.params.policyNumber);
      return listDownloadableDocuments(app.db, policy.policy_number);
    },
  );
}
