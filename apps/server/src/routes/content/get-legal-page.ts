// GET one legal page (docs/product/contact-and-faq.md: site rules, terms of use, personal data, accessibility).
import { API_ROUTES, errorBodySchema, legalPageSchema, legalSlugSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLegalPage } from '../../services/content/legal-pages';

export default async function getLegalPageRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.legalPage,
    {
      schema: {
        tags: ['content'],
        operationId: 'getLegalPage',
        summary: 'Une page légale (règles du site, CGU, données personnelles, accessibilité)',
        params: z.object({ slug: legalSlugSchema }),
        response: {
          200: legalPageSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => getLegalPage(app.db, request.params.slug),
  );
}
