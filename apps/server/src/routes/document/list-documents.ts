// GET the documents of one policy to download (docs/product/documents.md, one call per policy).
import { API_ROUTES, downloadedDocumentListSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listPolicyDocuments } from '../../services/documents/downloads';
import { policyParams } from '../params';
import { errorResponses } from '../responses';

export default async function listDocumentsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.documents,
    {
      schema: {
        tags: ['document'],
        operationId: 'listDocuments',
        summary: 'Les documents à télécharger d’un contrat du client connecté',
        params: policyParams,
        response: {
          200: downloadedDocumentListSchema,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => listPolicyDocuments(app.db, request.accountId, request.params.policyNumber),
  );
}
