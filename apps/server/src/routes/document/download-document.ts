// GET one document's bytes (docs/product/documents.md), streamed from storage and sent as an
// attachment (http/attachment.ts, docs/decisions/0018-documents-streamed-and-sniffed.md). A generated document is drawn in the `brand` skin asked for.
import { ACCEPTED_UPLOAD_MIME_TYPES, API_ROUTES, brandQuerySchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendAttachment } from '../../http/attachment';
import { fileAnswer } from '../../http/openapi-operation';
import { openPolicyDocument } from '../../services/documents/downloads';
import { documentParams } from '../params';
import { errorResponses } from '../responses';

export default async function downloadDocumentRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.document,
    {
      schema: {
        tags: ['document'],
        operationId: 'downloadDocument',
        openapi: fileAnswer(ACCEPTED_UPLOAD_MIME_TYPES, 'Le fichier, en pièce jointe sous son nom'),
        summary: 'Télécharger un document d’un contrat du client connecté',
        params: documentParams,
        querystring: brandQuerySchema,
        response: {
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const { policyNumber, documentId } = request.params;
      const doc = await openPolicyDocument(
        { db: app.db, storage: app.storage, log: request.log },
        request.accountId,
        policyNumber,
        documentId,
        // The broker and insurer the documents name: the operator's legal identity (config).
        { issuer: app.config.legalIdentity, brand: request.query.brand },
      );
      return sendAttachment(reply, doc);
    },
  );
}
