// 'Mon compte' › « Mes données » (docs/product/data-export.md): POST …/data-exports {brand} asks
// for a copy of everything the broker holds about the caller (202, built in the background by
// the outbox relay), GET …/data-exports says where the latest stands (the page polls it), GET
// …/data-exports/{exportId}/archive downloads the zip, once. Scoped by the API's authenticated
// scope (another account's path is 403) and by the service (another account's export is 404).
import {
  API_ROUTES,
  dataExportIdSchema,
  dataExportRequestSchema,
  dataExportSchema,
  dataExportStateSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendAttachment } from '../../../http/attachment';
import { fileAnswer } from '../../../http/openapi-operation';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import {
  latestDataExport,
  openDataExport,
  requestDataExport,
} from '../../../services/data-export/exports';
import { accountParams } from '../../params';
import { errorResponses } from '../../responses';
import { requireSteppedUp } from '../../../services/identity/step-up';

export default async function dataExportRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) };

  routes.get(
    API_ROUTES.dataExports,
    {
      schema: {
        tags: ['account'],
        operationId: 'getDataExport',
        summary: 'Où en est la copie de mes données (la dernière demandée)',
        params: accountParams,
        response: { 200: dataExportStateSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ export: await latestDataExport(app.db, request.accountId) }),
  );

  routes.post(
    API_ROUTES.dataExports,
    {
      schema: {
        tags: ['account'],
        operationId: 'requestDataExport',
        summary: 'Demander une copie de mes données (préparée en arrière-plan)',
        params: accountParams,
        body: dataExportRequestSchema,
        response: { 202: dataExportSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      config: limited,
    },
    async (request, reply) => {
      await requireSteppedUp(app.db, request.tokenSid);
      const created = await requestDataExport(
        app.db,
        { accountId: request.accountId, userAgent: request.headers['user-agent'] },
        request.body.brand,
      );
      return reply.code(202).send(created);
    },
  );

  routes.get(
    API_ROUTES.dataExportArchive,
    {
      schema: {
        tags: ['account'],
        operationId: 'downloadDataExport',
        openapi: fileAnswer(
          ['application/zip'],
          'L’archive zip\u00a0: les données en JSON, leur schéma, le PDF lisible',
        ),
        summary: 'Télécharger la copie de mes données (une seule fois)',
        params: accountParams.extend({ exportId: dataExportIdSchema }),
        response: {
          ...errorResponses(400, 401, 403, 404, 409, 410, 429),
        },
      },
      config: limited,
    },
    async (request, reply) => {
      const archive = await openDataExport(
        { db: app.db, storage: app.storage },
        { accountId: request.accountId, userAgent: request.headers['user-agent'] },
        request.params.exportId,
      );
      // Sent once: the object goes as soon as the stream is done (the sweep catches a miss).
      archive.body.once('close', () => {
        archive
          .forget()
          .catch((err: unknown) =>
            request.log.warn({ err }, 'mes données : archive non supprimée'),
          );
      });
      return sendAttachment(reply, archive);
    },
  );
}
