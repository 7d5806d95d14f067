// PUT/GET/DELETE /backoffice/v1/customers/{customerNumber} (docs/integration.md).
import {
  INTEGRATION_ROUTES,
  customerParamsSchema,
  customerReadSchema,
  customerRecordSchema,
  writeResultSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readCustomer, removeCustomer, upsertCustomer } from '../../services/integration/customers';
import { integrationErrors } from './errors';
import {
  ifMatchOf,
  sendWithVersion,
  versionedDelete,
  versionedRead,
  versionedWrite,
} from './if-match';

export default async function customerRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    INTEGRATION_ROUTES.customer,
    {
      schema: {
        tags: ['clients'],
        operationId: 'putCustomer',
        openapi: versionedWrite,
        summary: 'Crée ou remplace un client, identifié par son numéro de client',
        params: customerParamsSchema,
        body: customerRecordSchema,
        response: { 200: writeResultSchema, 201: writeResultSchema, ...integrationErrors },
      },
    },
    async (request, reply) => {
      const { customerNumber } = request.params;
      const result = await upsertCustomer(app.db, customerNumber, request.body, ifMatchOf(request));
      return sendWithVersion(reply, result.created ? 201 : 200, result);
    },
  );
  routes.get(
    INTEGRATION_ROUTES.customer,
    {
      schema: {
        tags: ['clients'],
        operationId: 'getCustomer',
        openapi: versionedRead,
        summary: 'Lit un client tel qu’il est enregistré, avec sa version',
        params: customerParamsSchema,
        response: { 200: customerReadSchema, ...integrationErrors },
      },
    },
    async (request, reply) =>
      sendWithVersion(reply, 200, await readCustomer(app.db, request.params.customerNumber)),
  );
  routes.delete(
    INTEGRATION_ROUTES.customer,
    {
      schema: {
        tags: ['clients'],
        operationId: 'deleteCustomer',
        openapi: versionedDelete,
        summary: 'Supprime un client sans contrat',
        params: customerParamsSchema,
        response: { 204: z.null(), ...integrationErrors },
      },
    },
    async (request, reply) => {
      await removeCustomer(app.db, request.params.customerNumber, ifMatchOf(request));
      return reply.code(204).send(null);
    },
  );
}
