// GET one legal page (docs/product/contact-and-faq.md: site rules, terms of use, personal data, accessibility).
import { API_ROUTES, legalPageSchema, legalSlugSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getLegalPage } from '../../services/content/legal-pages';
import { errorResponses } from '../responses';

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
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => getLegalPage(app.db, request.params.slug),
  );
}
