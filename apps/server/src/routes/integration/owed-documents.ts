// PUT/GET/DELETE /backoffice/v1/contracts/{n}/owed-documents/{documentId} (docs/integration.md),
// and PATCH …/status: a document the customer sent, checked (validated or not, with the reason)
// by the same service as the console's « Valider » and « Non conforme »
// (services/documents/document-check.ts), with the customer's e-mail when the server sends mail.
import {
  INTEGRATION_ROUTES,
  contractDocumentParamsSchema,
  documentCheckResultSchema,
  documentCheckSchema,
  owedDocumentReadSchema,
  owedDocumentRecordSchema,
  writeResultSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  readOwedDocument,
  removeOwedDocument,
  upsertOwedDocument,
} from '../../services/integration/owed-documents';
import { checkOwedDocument } from '../../services/documents/document-check';
import { documentCheckMailNotifier } from '../../services/documents/document-check-mail';
import { integrationErrors } from './errors';
import {
  ifMatchOf,
  sendWithVersion,
  versionedDelete,
  versionedRead,
  versionedWrite,
} from './if-match';

export default async function owedDocumentRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    INTEGRATION_ROUTES.owedDocument,
    {
      schema: {
        tags: ['documents à fournir'],
        operationId: 'putOwedDocument',
        openapi: versionedWrite,
        summary: 'Crée ou remplace un document que le client doit envoyer',
        params: contractDocumentParamsSchema,
        body: owedDocumentRecordSchema,
        response: { 200: writeResultSchema, 201: writeResultSchema, ...integrationErrors },
      },
    },
    async (request, reply) => {
      const { contractNumber, documentId } = request.params;
      const result = await upsertOwedDocument(
        app.db,
        contractNumber,
        documentId,
        request.body,
        ifMatchOf(request),
      );
      return sendWithVersion(reply, result.created ? 201 : 200, result);
    },
  );
  routes.get(
    INTEGRATION_ROUTES.owedDocument,
    {
      schema: {
        tags: ['documents à fournir'],
        operationId: 'getOwedDocument',
        openapi: versionedRead,
        summary: 'Lit un document à fournir, avec sa version',
        params: contractDocumentParamsSchema,
        response: { 200: owedDocumentReadSchema, ...integrationErrors },
      },
    },
    async (request, reply) => {
      const { contractNumber, documentId } = request.params;
      return sendWithVersion(
        reply,
        200,
        await readOwedDocument(app.db, contractNumber, documentId),
      );
    },
  );
  routes.delete(
    INTEGRATION_ROUTES.owedDocument,
    {
      schema: {
        tags: ['documents à fournir'],
        operationId: 'deleteOwedDocument',
        openapi: versionedDelete,
        summary: 'Retire un document à fournir',
        params: contractDocumentParamsSchema,
        response: { 204: z.null(), ...integrationErrors },
      },
    },
    async (request, reply) => {
      const { contractNumber, documentId } = request.params;
      await removeOwedDocument(app.db, contractNumber, documentId, ifMatchOf(request));
      return reply.code(204).send(null);
    },
  );
  const notify = app.outbox.mail
    ? documentCheckMailNotifier({ publicUrl: app.config.publicUrl, brand: app.config.mailBrand })
    : undefined;
  routes.patch(
    INTEGRATION_ROUTES.owedDocumentStatus,
    {
      schema: {
        tags: ['documents à fournir'],
        operationId: 'checkOwedDocument',
        summary:
          'Valide un document envoyé par le client, ou le déclare non conforme avec le motif',
        params: contractDocumentParamsSchema,
        body: documentCheckSchema,
        response: { 200: documentCheckResultSchema, ...integrationErrors },
      },
    },
    async (request) => {
      const { contractNumber, documentId } = request.params;
      const result = await checkOwedDocument(app.db, { contractNumber, documentId }, request.body, {
        actor: `client:${request.integrationClient}`,
        notify,
      });
      if (result.changed) app.outbox.wake();
      return result;
    },
  );
}
