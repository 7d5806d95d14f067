// The webhook endpoints of the integration API (docs/integration.md « Webhooks »): declare one
// (its secret answered once), list them (never a secret), read one, disable one, rotate its
// secret (the old one signs too for 24 h) and list the deliveries that were given up
// (services/events/webhooks.ts). Writes need `backoffice:write`, reads `backoffice:read`.
import {
  INTEGRATION_ROUTES,
  webhookCreateSchema,
  webhookFailuresSchema,
  webhookListSchema,
  webhookParamsSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createWebhook,
  disableWebhook,
  listWebhooks,
  readWebhook,
  rotateWebhookSecret,
  webhookFailures,
} from '../../services/events/webhooks';
import { integrationErrors } from './errors';
import { webhookDeliveries } from './webhook-delivery';

const tags = ['webhooks'];

export default async function webhookRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    INTEGRATION_ROUTES.webhooks,
    {
      schema: {
        tags,
        operationId: 'createWebhook',
        openapi: webhookDeliveries,
        summary: 'Déclare un webhook\u00a0; son secret n’est montré que dans cette réponse',
        body: webhookCreateSchema,
        response: { 201: webhookWithSecretSchema, ...integrationErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createWebhook(app.db, app.secretKeys, request.body, app.config.webhooks)),
  );
  routes.get(
    INTEGRATION_ROUTES.webhooks,
    {
      schema: {
        tags,
        operationId: 'listWebhooks',
        summary: 'Liste les webhooks (sans leurs secrets)',
        response: { 200: webhookListSchema, ...integrationErrors },
      },
    },
    async () => ({ webhooks: await listWebhooks(app.db) }),
  );
  routes.get(
    INTEGRATION_ROUTES.webhook,
    {
      schema: {
        tags,
        operationId: 'getWebhook',
        summary: 'Lit un webhook (sans son secret)',
        params: webhookParamsSchema,
        response: { 200: webhookSchema, ...integrationErrors },
      },
    },
    async (request) => readWebhook(app.db, request.params.webhookId),
  );
  routes.delete(
    INTEGRATION_ROUTES.webhook,
    {
      schema: {
        tags,
        operationId: 'deleteWebhook',
        openapi: { responses: { 204: { description: 'Désactivé', empty: true } } },
        summary: 'Désactive un webhook\u00a0: plus aucun envoi, ses échecs restent lisibles',
        params: webhookParamsSchema,
        response: { 204: z.null(), ...integrationErrors },
      },
    },
    async (request, reply) => {
      await disableWebhook(app.db, request.params.webhookId);
      return reply.code(204).send(null);
    },
  );
  routes.post(
    INTEGRATION_ROUTES.webhookRotation,
    {
      schema: {
        tags,
        operationId: 'rotateWebhookSecret',
        summary: 'Change le secret\u00a0; l’ancien signe aussi pendant 24 h',
        params: webhookParamsSchema,
        response: { 200: webhookWithSecretSchema, ...integrationErrors },
      },
    },
    async (request) => rotateWebhookSecret(app.db, app.secretKeys, request.params.webhookId),
  );
  routes.get(
    INTEGRATION_ROUTES.webhookFailures,
    {
      schema: {
        tags,
        operationId: 'listWebhookFailures',
        summary: 'Liste les envois abandonnés après la fenêtre de nouvelles tentatives',
        params: webhookParamsSchema,
        response: { 200: webhookFailuresSchema, ...integrationErrors },
      },
    },
    async (request) => ({ failures: await webhookFailures(app.db, request.params.webhookId) }),
  );
}
