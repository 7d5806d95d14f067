// OpenAPI document and viewer at /api/docs, generated from the routes' zod schemas
// (docs/decisions/0009-one-contract.md).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from '@espace/contract';
import { customerApiComponents } from '../http/openapi-components';
import { documentTransforms } from '../http/openapi-document';

export default fp(async function openapi(app: FastifyInstance, opts: { publicUrl: string }) {
  // The customer API alone, /api/v1: the integration API has its own document
  // (plugins/integration-openapi.ts); the staff console's pages, sign-in and API are the console
  // app's alone (docs/console.md), in neither; the provider's sign-in pages (/interaction)
  // and the portal's session (/auth) are pages a browser goes through, not calls with a token.
  // Each operation names its operationId and French summary in its route's schema
  // (docs/decisions/0090-french-validation-and-operation-ids.md).
  const { transform, transformObject } = documentTransforms({
    registry: customerApiComponents,
    includes: (url) => url.startsWith(`${API_PREFIX}/`),
  });
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
    transform,
    transformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
