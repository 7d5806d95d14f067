// The integration API's own OpenAPI document and viewer at /backoffice/docs, generated from its
// routes' zod schemas (docs/decisions/0009-one-contract.md), apart from the customer API's
// /api/docs. Hoisted into the /backoffice scope (routes/integration/index.ts), itself encapsulated
// from the app: it sees that scope's routes only.
import { INTEGRATION_DOCS_PATH } from '@espace/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { integrationComponents, integrationDiscriminators } from '../http/openapi-components';
import { documentTransforms } from '../http/openapi-document';

export default fp(async function integrationOpenapi(
  app: FastifyInstance,
  opts: { publicUrl: string },
) {
  const { transform, transformObject } = documentTransforms({
    registry: integrationComponents,
    includes: () => true,
    discriminators: integrationDiscriminators,
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Espace Assuré — API d’intégration',
        description:
          'Pour les systèmes du courtier : clients, contrats et documents, identifiés par les numéros du courtier. Jeton OAuth 2.0 (client credentials), portées backoffice:read et backoffice:write. Voir docs/integration.md.',
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
  await app.register(swaggerUi, { routePrefix: INTEGRATION_DOCS_PATH, staticCSP: true });
});
