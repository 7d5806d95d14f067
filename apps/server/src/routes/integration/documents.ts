// PUT/GET/DELETE /backoffice/v1/contracts/{n}/documents/{documentId} (docs/integration.md): the
// PUT's body is the PDF itself (Content-Type application/pdf), streamed to storage; its name
// and date come in the query string.
import {
  INTEGRATION_ROUTES,
  MAX_UPLOAD_BYTES,
  contractDocumentParamsSchema,
  documentReadSchema,
  documentUploadQuerySchema,
  writeResultSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { readDocument, removeDocument, upsertDocument } from '../../services/integration/documents';
import { newDocumentMailNotifier } from '../../services/requests/status-mail';
import { integrationErrors } from './errors';
import {
  ifMatchOf,
  sendWithVersion,
  versionedDelete,
  versionedRead,
  versionedWrite,
} from './if-match';
import { errorResponses } from '../responses';
import { bytesBody, mergeDocuments } from '../../http/openapi-operation';

export const PDF_TYPE = 'application/pdf';

export default async function documentRoutes(app: FastifyInstance) {
  // The body stays a stream: the service sniffs it and writes it to storage as it arrives.
  app.addContentTypeParser(PDF_TYPE, (_request, payload, done) => done(null, payload));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The customer's mail about a new document, written with it when the server sends mail.
  const notifyNewDocument = app.outbox.mail
    ? newDocumentMailNotifier({ publicUrl: app.config.publicUrl, brand: app.config.mailBrand })
    : undefined;
  routes.put(
    INTEGRATION_ROUTES.document,
    {
      schema: {
        tags: ['documents à télécharger'],
        operationId: 'putDocument',
        openapi: mergeDocuments(
          versionedWrite,
          bytesBody(
            PDF_TYPE,
            `Le PDF lui-même (Content-Type: application/pdf), au plus ${MAX_UPLOAD_BYTES / 1_000_000} Mo (413 au-delà)\u00a0; un fichier qui n’est pas un PDF est refusé (415). Son nom, sa date et son titre sont dans la chaîne de requête.`,
          ),
        ),
        summary: 'Dépose ou remplace un PDF que le client téléchargera (corps\u00a0: le PDF)',
        params: contractDocumentParamsSchema,
        querystring: documentUploadQuerySchema,
        response: {
          200: writeResultSchema,
          201: writeResultSchema,
          ...errorResponses(413, 415),
          ...integrationErrors,
        },
      },
    },
    async (request, reply) => {
      const { contractNumber, documentId } = request.params;
      const result = await upsertDocument(
        app,
        { contractNumber, documentId, ifMatch: ifMatchOf(request) },
        request.query,
        {
          filename: request.query.fileName,
          mimetype: PDF_TYPE,
          file: Object.assign(request.body as Readable, { truncated: false }),
        },
        notifyNewDocument,
      );
      if (result.created && notifyNewDocument) app.outbox.wake();
      return sendWithVersion(reply, result.created ? 201 : 200, result);
    },
  );
  routes.get(
    INTEGRATION_ROUTES.document,
    {
      schema: {
        tags: ['documents à télécharger'],
        operationId: 'getDocument',
        openapi: versionedRead,
        summary: 'Lit les métadonnées d’un document déposé, avec sa version',
        params: contractDocumentParamsSchema,
        response: { 200: documentReadSchema, ...integrationErrors },
      },
    },
    async (request, reply) => {
      const { contractNumber, documentId } = request.params;
      return sendWithVersion(reply, 200, await readDocument(app.db, contractNumber, documentId));
    },
  );
  routes.delete(
    INTEGRATION_ROUTES.document,
    {
      schema: {
        tags: ['documents à télécharger'],
        operationId: 'deleteDocument',
        openapi: versionedDelete,
        summary: 'Retire un document\u00a0: le client ne le voit plus',
        params: contractDocumentParamsSchema,
        response: { 204: z.null(), ...integrationErrors },
      },
    },
    async (request, reply) => {
      const { contractNumber, documentId } = request.params;
      await removeDocument(app, contractNumber, documentId, ifMatchOf(request));
      return reply.code(204).send(null);
    },
  );
}
