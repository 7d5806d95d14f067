// The customer's complaints (docs/product/complaints.md), inside the authenticated /api/v1 scope
// (a path {accountId} other than the caller's is refused with 403 before a handler runs): file
// one (201, the reference and the deadlines at once), attach a file (multipart `reference` then
// `file`, the documents' limits), read one, download its answer's PDF. 'Mes demandes' lists them.
import {
  API_ROUTES,
  COMPLAINT_FORM_FIELDS,
  complaintReceiptSchema,
  complaintSchema,
  newComplaintSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import {
  attachComplaintFile,
  openComplaintAnswer,
} from '../../services/complaints/complaint-files';
import { customerComplaint } from '../../services/complaints/complaint-reads';
import { fileComplaint } from '../../services/complaints/file-complaint';
import { acceptFileUploads, formField, uploadBody } from '../multipart';
import { fileAnswer } from '../../http/openapi-operation';
import { accountParams } from '../params';
import { rateLimitPerAccount } from '../rate-limit';
import { errorResponses } from '../responses';

const complaintParams = accountParams.extend({
  reference: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Z0-9-]+$/),
});

export default async function complaintRoutes(app: FastifyInstance) {
  await rateLimitPerAccount(app);
  await acceptFileUploads(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: routeLimit(RATE_LIMITS.complaint) };
  routes.post(
    API_ROUTES.complaints,
    {
      config,
      schema: {
        tags: ['complaint'],
        operationId: 'fileComplaint',
        summary: 'Adresser une réclamation (référence et délais en retour)',
        params: accountParams,
        body: newComplaintSchema,
        response: { 201: complaintReceiptSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await fileComplaint(
          {
            db: app.db,
            outbox: app.outbox,
            mail: { publicUrl: app.config.publicUrl, brand: app.config.mailBrand },
          },
          request.accountId,
          request.body,
        ),
      ),
  );
  routes.post(
    API_ROUTES.complaintFiles,
    {
      config,
      schema: {
        tags: ['complaint'],
        operationId: 'attachComplaintFile',
        summary: 'Joindre un document à une réclamation (multipart\u00a0: reference puis file)',
        consumes: ['multipart/form-data'],
        openapi: uploadBody(
          'Un document joint à la réclamation\u00a0: sa référence, puis le fichier.',
          {
            [COMPLAINT_FORM_FIELDS.reference]: formField(
              complaintParams.shape.reference,
              'La référence de la réclamation, celle du chemin',
            ),
          },
          COMPLAINT_FORM_FIELDS.file,
        ),
        params: complaintParams,
        response: {
          201: complaintSchema,
          ...errorResponses(400, 401, 403, 404, 409, 413, 415, 429),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await attachComplaintFile(
          { db: app.db, storage: app.storage },
          {
            accountId: request.accountId,
            reference: request.params.reference,
            parts: request.isMultipart() ? request.parts() : undefined,
          },
        ),
      ),
  );
  routes.get(
    API_ROUTES.complaint,
    {
      schema: {
        tags: ['complaint'],
        operationId: 'getComplaint',
        summary: 'Lire une de ses réclamations, avec ses délais et sa réponse',
        params: complaintParams,
        response: { 200: complaintSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => customerComplaint(app.db, request.accountId, request.params.reference),
  );
  routes.get(
    API_ROUTES.complaintAnswer,
    {
      schema: {
        tags: ['complaint'],
        operationId: 'downloadComplaintAnswer',
        openapi: fileAnswer(['application/pdf'], 'La réponse, en PDF'),
        summary: 'Télécharger la réponse à une réclamation (PDF)',
        params: complaintParams,
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      sendAttachment(
        reply,
        await openComplaintAnswer(
          { db: app.db, storage: app.storage },
          request.accountId,
          request.params.reference,
        ),
      ),
  );
}
