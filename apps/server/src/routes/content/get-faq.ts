// GET the FAQ (docs/product/contact-and-faq.md /faq): categories and the entries matching a French full-text search.
import { API_ROUTES, faqQuerySchema, faqResponseSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { faqPage } from '../../services/content/faq';
import { errorResponses } from '../responses';

export default async function getFaqRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API_ROUTES.faq,
    {
      schema: {
        tags: ['content'],
        operationId: 'listFaqQuestions',
        summary: 'Les questions de la FAQ, filtrées par catégorie et recherche en français',
        querystring: faqQuerySchema,
        response: { 200: faqResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => faqPage(app.db, request.query),
  );
}
