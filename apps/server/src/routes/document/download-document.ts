import { DOCUMENT_NOT_FOUND_MESSAGE, errorBodySchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../plugins/errors';
import { findDownloadableDocument } from '../../services/documents';
import { StoredFileNotFoundError } from '../../services/storage/storage';
import { attachmentDisposition } from './content-disposition';
import { ownPolicyOr404 } from './own-policy';
import { documentParams } from './params';

/**
 * SPEC §7: one document's bytes, streamed from storage. Sent as an attachment with its stored
 * type, `nosniff` and a sandbox CSP, so a file can never run as a page of the portal
 * (ARCHITECTURE.md decision 5).
 */
export default async function downloadDocumentRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/document/accounts/:accountId/policy/:policyNumber/document/:documentId',
    {
      schema: {
        tags: ['document'],
        summary: 'Télécharger un document d’un contrat du client connecté',
        params: documentParams,
        response: {
          200: z.any().describe('Le fichier (pdf, png ou jpeg), en pièce jointe'),
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { policyNumber, documentId } = request.params;
      const policy = await ownPolicyOr404(app, request.accountId, policyNumber);
      const doc = await findDownloadableDocument(app.db, policy.policy_number, documentId);
      if (!doc) throw new NotFoundError(DOCUMENT_NOT_FOUND_MESSAGE);
      let body;
      try {
        body = await app.storage.get(doc.storage_key);
      } catch (error) {
        if (error instanceof StoredFileNotFoundError) {
          request.log.warn({ documentId }, 'stored file missing for a listed document');
          throw new NotFoundError(DOCUMENT_NOT_FOUND_MESSAGE);
        }
        throw error;
      }
      return reply
        .header('content-type', doc.content_type)
        .header('content-length', String(doc.size))
        .header('content-disposition', attachmentDisposition(doc.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .send(body);
    },
  );
}
