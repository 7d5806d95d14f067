// The requests of the integration API (docs/integration.md « Demandes » and « Statuts »):
// GET /backoffice/v1/requests/{reference} (what was asked, the files, the timeline), a file's
// bytes, and PATCH to move the request on (services/requests/request-status.ts), with the
// customer's e-mail written in the same transaction when the server sends mail
// (docs/integration.md « E-mails au client »).
import {
  INTEGRATION_ROUTES,
  brokerRequestSchema,
  requestReferenceParamsSchema,
  statusChangeSchema,
  REQUEST_STATUSES,
  ACCEPTED_UPLOAD_MIME_TYPES,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brokerRequestDetail, openRequestFile } from '../../services/requests/request-detail';
import { changeRequestStatus } from '../../services/requests/request-status';
import { statusMailNotifier } from '../../services/requests/status-mail';
import { sendAttachment } from '../../http/attachment';
import { integrationErrors } from './errors';
import { fileAnswer } from '../../http/openapi-operation';

export default async function requestRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The customer's mail is written with the change, when the server has a mail transport.
  const notify = app.outbox.mail
    ? statusMailNotifier({ publicUrl: app.config.publicUrl, brand: app.config.mailBrand })
    : undefined;
  routes.get(
    INTEGRATION_ROUTES.request,
    {
      schema: {
        tags: ['demandes'],
        operationId: 'getRequest',
        summary: 'Lit une demande\u00a0: ce qui a été demandé, ses fichiers et ses statuts',
        params: requestReferenceParamsSchema,
        response: {
          200: brokerRequestSchema,
          ...integrationErrors,
        },
      },
    },
    async (request) => brokerRequestDetail(app.db, request.params.reference),
  );
  routes.get(
    INTEGRATION_ROUTES.requestFile,
    {
      schema: {
        tags: ['demandes'],
        operationId: 'downloadRequestFile',
        openapi: fileAnswer(ACCEPTED_UPLOAD_MIME_TYPES, 'Le fichier, en pièce jointe sous son nom'),
        summary: 'Télécharge un fichier d’une demande',
        params: requestReferenceParamsSchema.extend({ fileId: z.string().min(1).max(80) }),
        response: integrationErrors,
      },
    },
    async (request, reply) => {
      const { reference, fileId } = request.params;
      return sendAttachment(reply, await openRequestFile(app, reference, fileId));
    },
  );
  routes.patch(
    INTEGRATION_ROUTES.request,
    {
      schema: {
        tags: ['demandes'],
        operationId: 'changeRequestStatus',
        summary: 'Change le statut d’une demande, avec le message que le client lira',
        params: requestReferenceParamsSchema,
        body: statusChangeSchema,
        response: {
          200: z.object({
            reference: z.string(),
            status: z.enum(REQUEST_STATUSES),
            changed: z.boolean().describe('Faux : la demande avait déjà ce statut et ce message'),
          }),
          ...integrationErrors,
        },
      },
    },
    async (request) => {
      const result = await changeRequestStatus(app.db, request.params.reference, request.body, {
        actor: `client:${request.integrationClient}`,
        notify,
      });
      if (result.changed) app.outbox.wake();
      return result;
    },
  );
}
