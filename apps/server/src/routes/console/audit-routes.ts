// The console's audit log, supervisors only (docs/console.md « Journal »): a page of it, and
// the whole of it (with the same filters) as a CSV for Excel, itself audited 'audit.exported';
// the dashboard of open and late requests (services/console/dashboard.ts);
// and whether its hash chain is intact (services/staff/journal-integrity.ts: the whole chain read
// at most every few minutes, the rows added since at each call).
import { auditQuerySchema, CONSOLE_ROUTES, todayInParis } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { sendAttachment } from '../../http/attachment';
import { requireRole } from '../../plugins/console-authentication';
import { auditCsv, auditPage } from '../../services/console/audit-log';
import { consoleDashboard } from '../../services/console/dashboard';
import { recordStaffAudit } from '../../services/staff/audit';
import { journalIntegrity } from '../../services/staff/journal-integrity';
import { actorOf } from './staff-actor';

export default async function auditRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const supervisors = { preHandler: requireRole('supervisor') };
  routes.get(
    CONSOLE_ROUTES.audit,
    { ...supervisors, schema: { querystring: auditQuerySchema } },
    (request) => {
      const { page, ...filters } = request.query;
      return auditPage(app.db, filters, page);
    },
  );
  routes.get(CONSOLE_ROUTES.dashboard, supervisors, () =>
    consoleDashboard(app.db, app.config.console.targetHours),
  );
  routes.get(CONSOLE_ROUTES.auditIntegrity, supervisors, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await journalIntegrity(app.db)),
  );
  routes.get(
    CONSOLE_ROUTES.auditCsv,
    { ...supervisors, schema: { querystring: auditQuerySchema.omit({ page: true }) } },
    async (request, reply) => {
      const rows = auditCsv(app.db, request.query);
      const first = await rows.next(); // a bad filter is refused before anything is sent
      await recordStaffAudit(app.db, actorOf(request), {
        action: 'audit.exported',
        targetKind: 'audit',
        details: { ...request.query },
      });
      async function* all() {
        if (!first.done) yield first.value;
        yield* rows;
      }
      return sendAttachment(reply, {
        fileName: `journal-console-${todayInParis()}.csv`,
        contentType: 'text/csv; charset=utf-8',
        size: null,
        body: Readable.from(all()),
      });
    },
  );
}
