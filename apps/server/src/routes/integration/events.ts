// GET /backoffice/v1/events (docs/integration.md « Événements »): the pull feed, in order, a page
// at a time from the cursor the previous page gave (services/events/feed.ts).
import { INTEGRATION_ROUTES, eventFeedQuerySchema, eventFeedSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readEventFeed } from '../../services/events/feed';
import { integrationErrors } from './errors';

export default async function eventRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    INTEGRATION_ROUTES.events,
    {
      schema: {
        tags: ['événements'],
        operationId: 'listEvents',
        summary: 'Lit les événements après un curseur, dans l’ordre',
        querystring: eventFeedQuerySchema,
        response: { 200: eventFeedSchema, ...integrationErrors },
      },
    },
    async (request) => readEventFeed(app.db, request.query),
  );
}
