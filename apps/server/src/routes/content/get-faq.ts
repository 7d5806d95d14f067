import { errorBodySchema, faqQuerySchema, faqResponseSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { faqCategories, searchFaq } from '../../services/faq';

export default async function getFaqRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/content/faq',
    {
      schema: {
        tags: ['content'],
        summary: 'Les questions de la FAQ, filtrées par catégorie et recherche en français',
        querystring: faqQuerySchema,
        response: { 200: faqResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const categories = await faqCategories(app.db);
      const { entries, total } = await searchFaq(app.db, request.query);
      return { categories, entries, total };
    },
  );
}
