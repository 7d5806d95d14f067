// GET one document's bytes (docs/product/documents.md), streamed from storage. Sent as an attachment under its
// file name (RFC 6266: an ASCII `filename` for old clients, the exact name in `filename*`), with
// its stored type, `nosniff` and a sandbox CSP, so a file can never run as a page of the portal
// (docs/decisions/0018-documents-streamed-and-sniffed.md). A generated document is drawn in the `brand` skin asked for.
import { API_ROUTES, brandQuerySchema, errorBodySchema } from '@espace/contract';
import contentDisposition from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openPolicyDocument } from '../../services/documents/downloads';
import { documentParams } from '../params';

/** The name without accents, other non-ASCII characters, quotes, backslashes or '%'. */
function asciiFileName(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\%]/g, '_');
  return ascii.trim() || 'document';
}

export default async function downloadDocumentRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.document,
    {
      schema: {
        tags: ['document'],
        summary: 'Télécharger un document d’un contrat du client connecté',
        params: documentParams,
        querystring: brandQuerySchema,
        response: {
          200: z.any().describe('Le fichier (pdf, png ou jpeg), en pièce jointe'),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
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
      return reply
        .header('content-type', doc.contentType)
        .header('content-length', String(doc.size))
        .header(
          'content-disposition',
          contentDisposition(doc.fileName, { fallback: asciiFileName(doc.fileName) }),
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .send(doc.body);
    },
  );
}
