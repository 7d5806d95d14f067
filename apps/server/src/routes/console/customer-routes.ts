// The console's customers (docs/console.md « Clients »): search, the customer's file as the
// customer sees it (read-only), and the first-access invitation through the integration API's
// own service (services/account/invitation.ts), a document of the customer's contracts as they
// download it (inline, for the browser's PDF viewer), and, for supervisors, turning off the
// second factor of a customer who lost it (mailed to them). Each is audited.
import {
  CONSOLE_ROUTES,
  customerParamsSchema,
  customerSearchQuerySchema,
  MESSAGES,
  type ConsoleInvitation,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordLinkFor } from '../../http/provider-paths';
import { requireRole } from '../../plugins/console-authentication';
import { inviteCustomer } from '../../services/account/invitation';
import { resetSecondFactorForCustomer } from '../../services/identity/second-factor';
import { NotFoundError } from '../../services/errors';
import {
  customerFile,
  openCustomerDocument,
  searchCustomers,
} from '../../services/console/customers';
import { sendAttachment } from '../../http/attachment';
import { recordStaffAudit } from '../../services/staff/audit';
import { actorOf } from './staff-actor';

export default async function customerRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app;
  routes.get(
    CONSOLE_ROUTES.customers,
    { schema: { querystring: customerSearchQuerySchema } },
    (request) => searchCustomers(app.db, actorOf(request), request.query.q),
  );
  routes.get(CONSOLE_ROUTES.customer, { schema: { params: customerParamsSchema } }, (request) =>
    customerFile(app.db, actorOf(request), request.params.customerNumber),
  );
  routes.post(
    CONSOLE_ROUTES.customerInvitation,
    { schema: { params: customerParamsSchema } },
    async (request): Promise<ConsoleInvitation> => {
      const { customerNumber } = request.params;
      const deps = {
        db: app.db,
        outbox: app.outbox,
        log: request.log,
        demoMode: config.demoMode,
        linkFor: passwordLinkFor(config.publicUrl),
      };
      const actor = actorOf(request);
      // In the skin of every other mail to customers: accounts do not keep theirs (decision 0081).
      const outcome = await inviteCustomer(deps, customerNumber, {
        brand: config.mailBrand,
        record: (db, accountId, result) =>
          recordStaffAudit(db, actor, {
            action: 'customer.invited',
            targetKind: 'customer',
            targetId: customerNumber,
            accountId,
            details: { outcome: result },
          }),
      });
      return { outcome };
    },
  );
  routes.delete(
    CONSOLE_ROUTES.customerSecondFactor,
    { preHandler: requireRole('supervisor'), schema: { params: customerParamsSchema } },
    async (request, reply) => {
      const { customerNumber } = request.params;
      const account = await app.db
        .selectFrom('accounts')
        .select('id')
        .where('customer_id', '=', customerNumber)
        .executeTakeFirst();
      if (!account) throw new NotFoundError(MESSAGES.api.notFound);
      const actor = actorOf(request);
      await resetSecondFactorForCustomer(
        {
          db: app.db,
          outbox: app.outbox,
          mail: { publicUrl: config.publicUrl, brand: config.mailBrand },
        },
        account.id,
        (trx) =>
          recordStaffAudit(trx, actor, {
            action: 'customer.second_factor_reset',
            targetKind: 'customer',
            targetId: customerNumber,
            accountId: account.id,
          }),
      );
      return reply.code(204).send();
    },
  );
  routes.get(
    CONSOLE_ROUTES.customerDocument,
    {
      schema: {
        params: customerParamsSchema.extend({
          policyNumber: z.string().min(1).max(40),
          documentId: z.string().min(1).max(80),
        }),
      },
    },
    async (request, reply) => {
      const { customerNumber, policyNumber, documentId } = request.params;
      const doc = await openCustomerDocument(
        {
          db: app.db,
          storage: app.storage,
          log: request.log,
          issuer: config.legalIdentity,
          brand: config.mailBrand,
        },
        actorOf(request),
        { customerNumber, policyNumber, documentId },
      );
      return sendAttachment(reply, doc, 'inline');
    },
  );
}
