// PUT/GET/DELETE /backoffice/v1/contracts/{contractNumber} (docs/integration.md).
import {
  INTEGRATION_ROUTES,
  contractParamsSchema,
  contractReadSchema,
  contractRecordSchema,
  writeResultSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readContract, removeContract, upsertContract } from '../../services/integration/contracts';
import { integrationErrors } from './errors';
import {
  ifMatchOf,
  sendWithVersion,
  versionedDelete,
  versionedRead,
  versionedWrite,
} from './if-match';

export default async function contractRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put(
    INTEGRATION_ROUTES.contract,
    {
      schema: {
        tags: ['contrats'],
        operationId: 'putContract',
        openapi: versionedWrite,
        summary:
          'Crée ou remplace un contrat entier\u00a0: véhicule, conducteurs, garanties, paiement, garage, sinistres',
        params: contractParamsSchema,
        body: contractRecordSchema,
        response: { 200: writeResultSchema, 201: writeResultSchema, ...integrationErrors },
      },
    },
    async (request, reply) => {
      const { contractNumber } = request.params;
      const result = await upsertContract(app.db, contractNumber, request.body, ifMatchOf(request));
      return sendWithVersion(reply, result.created ? 201 : 200, result);
    },
  );
  routes.get(
    INTEGRATION_ROUTES.contract,
    {
      schema: {
        tags: ['contrats'],
        operationId: 'getContract',
        openapi: versionedRead,
        summary: 'Lit un contrat tel qu’il est enregistré, avec sa version',
        params: contractParamsSchema,
        response: { 200: contractReadSchema, ...integrationErrors },
      },
    },
    async (request, reply) =>
      sendWithVersion(reply, 200, await readContract(app.db, request.params.contractNumber)),
  );
  routes.delete(
    INTEGRATION_ROUTES.contract,
    {
      schema: {
        tags: ['contrats'],
        operationId: 'deleteContract',
        openapi: versionedDelete,
        summary: 'Retire un contrat et tout ce que le portail garde pour lui',
        params: contractParamsSchema,
        response: { 204: z.null(), ...integrationErrors },
      },
    },
    async (request, reply) => {
      await removeContract(app, request.params.contractNumber, ifMatchOf(request));
      return reply.code(204).send(null);
    },
  );
}
