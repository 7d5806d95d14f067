// The console's inbox and a request's page (docs/console.md « Boîte de réception »,
// « Demandes »): the list across customers, one request with its files and timeline, a file's
// preview, a status change with the customer's mail, the assignment, a new IBAN revealed in
// full, a document checked (validated or not) with the customer's mail. Every read and every
// action is audited by the service that does it (services/console/).
import {
  assignmentSchema,
  documentCheckSchema,
  CONSOLE_ROUTES,
  inboxQuerySchema,
  requestReferenceParamsSchema,
  statusChangeSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment';
import {
  assignRequest,
  auditFileRead,
  consoleRequestDetail,
  revealRequestIban,
  staffStatusChange,
} from '../../services/console/console-requests';
import { staffDocumentCheck } from '../../services/console/document-checks';
import { documentCheckMailNotifier } from '../../services/documents/document-check-mail';
import { consoleFileAnswer } from '../../services/console/file-preview';
import { inboxPage } from '../../services/console/inbox';
import { openRequestFile } from '../../services/requests/request-detail';
import { statusMailNotifier } from '../../services/requests/status-mail';
import { actorOf } from './staff-actor';

export default async function requestRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  // The customer's mail is written with the change, when the server has a mail transport.
  const mail = { publicUrl: config.publicUrl, brand: config.mailBrand };
  const notify = app.outbox.mail ? statusMailNotifier(mail) : undefined;
  const notifyCheck = app.outbox.mail ? documentCheckMailNotifier(mail) : undefined;
  const fileParams = requestReferenceParamsSchema.extend({ fileId: z.string().min(1).max(80) });
  // The page's <img> asks for the preview: an image over the pixel limits is refused (409).
  const fileQuery = z.object({ preview: z.literal('1').optional() });

  routes.get(CONSOLE_ROUTES.requests, { schema: { querystring: inboxQuerySchema } }, (request) =>
    inboxPage(app.db, request.query, {
      actor: actorOf(request),
      targetHours: config.console.targetHours,
    }),
  );
  routes.get(
    CONSOLE_ROUTES.request,
    { schema: { params: requestReferenceParamsSchema } },
    (request) => consoleRequestDetail(app.db, actorOf(request), request.params.reference),
  );
  routes.get(
    CONSOLE_ROUTES.requestFile,
    { schema: { params: fileParams, querystring: fileQuery } },
    async (request, reply) => {
      const { reference, fileId } = request.params;
      const stored = await openRequestFile(app, reference, fileId);
      const { file, disposition } = await consoleFileAnswer(stored, !!request.query.preview);
      try {
        await auditFileRead(app.db, actorOf(request), reference, fileId);
      } catch (error) {
        file.body.destroy();
        throw error;
      }
      return sendAttachment(reply, file, disposition);
    },
  );
  routes.patch(
    CONSOLE_ROUTES.requestStatus,
    { schema: { params: requestReferenceParamsSchema, body: statusChangeSchema } },
    async (request) => {
      const { reference } = request.params;
      const result = await staffStatusChange(
        app.db,
        actorOf(request),
        reference,
        request.body,
        notify,
      );
      if (result.changed) app.outbox.wake();
      return result;
    },
  );
  routes.put(
    CONSOLE_ROUTES.requestAssignment,
    { schema: { params: requestReferenceParamsSchema, body: assignmentSchema } },
    (request) =>
      assignRequest(app.db, actorOf(request), request.params.reference, request.body.staffId),
  );
  routes.post(
    CONSOLE_ROUTES.requestIban,
    { schema: { params: requestReferenceParamsSchema } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await revealRequestIban(app.db, actorOf(request), request.params.reference)),
  );
  routes.post(
    CONSOLE_ROUTES.documentCheck,
    {
      schema: {
        params: z.object({ documentId: z.string().min(1).max(20) }),
        body: documentCheckSchema,
      },
    },
    async (request) => {
      const result = await staffDocumentCheck(
        app.db,
        actorOf(request),
        request.params.documentId,
        request.body,
        notifyCheck,
      );
      if (result.changed) app.outbox.wake();
      return result;
    },
  );
}
