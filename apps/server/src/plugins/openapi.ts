// OpenAPI document and viewer at /api/docs, generated from the routes' zod schemas
// (docs/decisions/0009-one-contract.md).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CONSOLE_APP_PATH } from '@espace/contract';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export default fp(async function openapi(app: FastifyInstance, opts: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Espace Assuré API',
        description:
          'API du portail libre-service des assurés automobile. Toutes les routes exigent un jeton Bearer.',
        version: '1.0.0',
      },
      servers: [{ url: opts.publicUrl }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    // Nothing under /backoffice: the integration API has its own document
    // (plugins/backoffice-openapi.ts); the staff console's pages, sign-in and API are the console
    // app's alone (docs/backoffice.md), in neither.
    transform: (input) =>
      input.url.startsWith(CONSOLE_APP_PATH)
        ? { schema: { ...input.schema, hide: true }, url: input.url }
        : jsonSchemaTransform(input),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
