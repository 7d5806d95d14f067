import { errorBodySchema, legalPageSchema, legalSlugSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../plugins/errors';
import { findLegalPage } from '../../services/content-loader';

export default async function getLegalPageRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/content/legal/:slug',
    {
      schema: {
        tags: ['content'],
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
    async (request) => {
      const page = await findLegalPage(app.db, request.params.slug);
      if (!page) throw new NotFoundError();
      return page;
    },
  );
}
