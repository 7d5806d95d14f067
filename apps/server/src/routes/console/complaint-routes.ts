// The complaints in the console (docs/console.md « Réclamations »): the queue with both
// deadlines and lateness, one complaint (audited), its answer (with the mediator when it does not
// accept in full: services/complaints/answer-complaint.ts) and, for supervisors only, the
// register as CSV for the annual reporting (audited 'complaint.register_exported').
import {
  CONSOLE_ROUTES,
  complaintAnswerSchema,
  consoleComplaintQuerySchema,
  requestReferenceParamsSchema,
  todayInParis,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { sendAttachment } from '../../http/attachment';
import { requireRole } from '../../plugins/console-authentication';
import { answerComplaint } from '../../services/complaints/answer-complaint';
import { complaintRegisterCsv } from '../../services/complaints/complaint-register';
import { complaintQueue, consoleComplaint } from '../../services/complaints/console-complaints';
import { recordStaffAudit } from '../../services/staff/audit';
import { actorOf } from './staff-actor';

export default async function complaintRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  const mediator = config.legalIdentity.mediator;
  routes.get(
    CONSOLE_ROUTES.complaints,
    { schema: { querystring: consoleComplaintQuerySchema } },
    (request) => complaintQueue(app.db, request.query.show),
  );
  routes.get(
    CONSOLE_ROUTES.complaintsRegister,
    { preHandler: requireRole('supervisor') },
    async (request, reply) => {
      const csv = await complaintRegisterCsv(app.db);
      await recordStaffAudit(app.db, actorOf(request), {
        action: 'complaint.register_exported',
        targetKind: 'complaint',
      });
      return sendAttachment(reply, {
        fileName: `registre-reclamations-${todayInParis()}.csv`,
        contentType: 'text/csv; charset=utf-8',
        size: null,
        body: Readable.from([Buffer.from(csv, 'utf8')]),
      });
    },
  );
  routes.get(
    CONSOLE_ROUTES.complaint,
    { schema: { params: requestReferenceParamsSchema } },
    (request) => consoleComplaint(app.db, actorOf(request), request.params.reference, mediator),
  );
  routes.post(
    CONSOLE_ROUTES.complaintAnswer,
    { schema: { params: requestReferenceParamsSchema, body: complaintAnswerSchema } },
    async (request) => {
      const { reference } = request.params;
      await answerComplaint(
        {
          db: app.db,
          storage: app.storage,
          outbox: app.outbox,
          mail: { publicUrl: config.publicUrl, brand: config.mailBrand },
          issuer: config.legalIdentity,
          brand: config.mailBrand,
        },
        actorOf(request),
        reference,
        request.body,
      );
      return consoleComplaint(app.db, actorOf(request), reference, mediator);
    },
  );
}
