// GET the FAQ (docs/product/contact-and-faq.md /faq): categories and the entries matching a French full-text search.
import { API_ROUTES, errorBodySchema, faqQuerySchema, faqResponseSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { faqPage } from '../../services/content/faq';

export default async function getFaqRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.faq,
    {
      schema: {
        tags: ['content'],
        operationId: 'listFaqQuestions',
        summary: 'Les questions de la FAQ, filtrées par catégorie et recherche en français',
        querystring: faqQuerySchema,
        response: { 200: faqResponseSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => faqPage(app.db, request.query),
  );
}
