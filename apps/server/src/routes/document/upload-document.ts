// POST uploadfile (docs/product/documents.md): one file per request, multipart `fileType` then `upfile`; 201 with
// the stored document. The policy is checked before a byte of the file is read
// (services/documents/receive-upload.ts).
import {
  API_ROUTES,
  UPLOAD_FORM_FIELDS,
  uploadFileTypeSchema,
  uploadResponseSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { receiveDocumentUpload } from '../../services/documents/receive-upload';
import { policyParams } from '../params';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import { errorResponses } from '../responses';
import { formField, uploadBody } from '../multipart';

export default async function uploadDocumentRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.uploadFile,
    {
      // docs/decisions/0012-security-baseline.md: a customer sends a few files; this only ever stops a script.
      config: { rateLimit: routeLimit(RATE_LIMITS.upload) },
      schema: {
        tags: ['document'],
        operationId: 'uploadDocument',
        summary: 'Transmettre un document demandé (multipart\u00a0: fileType puis upfile)',
        consumes: ['multipart/form-data'],
        openapi: uploadBody(
          'Un fichier d’un document à fournir du contrat.',
          {
            [UPLOAD_FORM_FIELDS.fileType]: formField(
              uploadFileTypeSchema,
              'Le `type` du document à fournir (liste des polices), ou «\u00a0autre\u00a0» pour un document en plus',
            ),
          },
          UPLOAD_FORM_FIELDS.file,
        ),
        params: policyParams,
        response: {
          201: uploadResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const stored = await receiveDocumentUpload(
        { db: app.db, storage: app.storage },
        {
          accountId: request.accountId,
          policyNumber: request.params.policyNumber,
          parts: request.isMultipart() ? request.parts() : undefined,
        },
      );
      return reply.code(201).send(stored);
    },
  );
}
