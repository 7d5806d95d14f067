// POST /backoffice/v1/customers/{customerNumber}/invitation (docs/integration.md « Import »,
// docs/decisions/0075-first-access-invitation.md): mails the customer the link to choose their
// first password, in the skin asked for; says what was done (a customer who already has a
// password, or who deleted their online access, is not mailed).
import {
  INTEGRATION_ROUTES,
  customerParamsSchema,
  invitationRequestSchema,
  invitationResultSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { passwordLinkFor } from '../../http/provider-paths';
import { inviteCustomer } from '../../services/account/invitation';
import { integrationErrors } from './errors';

export default async function invitationRoutes(app: FastifyInstance) {
  const { config } = app;
  app.withTypeProvider<ZodTypeProvider>().post(
    INTEGRATION_ROUTES.invitation,
    {
      schema: {
        tags: ['clients'],
        operationId: 'createInvitation',
        summary: 'Envoie au client le lien de sa première connexion (valable 72 heures)',
        params: customerParamsSchema,
        // Optional: Fastify validates a request without a body as null.
        body: invitationRequestSchema.nullish(),
        response: { 200: invitationResultSchema, ...integrationErrors },
      },
    },
    async (request) => {
      const deps = {
        db: app.db,
        outbox: app.outbox,
        log: request.log,
        demoMode: config.demoMode,
        linkFor: passwordLinkFor(config.publicUrl),
      };
      // Without a brand, the skin of every other mail to customers (MAIL_BRAND).
      const outcome = await inviteCustomer(deps, request.params.customerNumber, {
        brand: request.body?.brand ?? config.mailBrand,
      });
      return { outcome };
    },
  );
}
