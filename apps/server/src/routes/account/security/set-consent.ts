// PUT …/consent/accounts/{accountId}/{true|false}, empty body with a JSON content type → 204
// (docs/product/account.md). Fastify refuses an empty JSON body by default; this route's scope reads an empty
// one as no body, and still refuses a malformed one.
import { API_ROUTES, consentParamSchema } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setCommercialConsent } from '../../../services/account/consent';
import { accountParams } from '../../params';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { errorResponses } from '../../responses';

export default async function setConsentRoute(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(Object.assign(err as Error, { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }));
    }
  });

  app.withTypeProvider<ZodTypeProvider>().put(
    API_ROUTES.consent,
    {
      schema: {
        tags: ['account'],
        operationId: 'setConsent',
        summary: 'Consentement à la prospection commerciale (historisé)',
        params: accountParams.extend({ consent: consentParamSchema }),
        response: {
          204: z.null().describe('Choix enregistré'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
      config: { rateLimit: routeLimit(RATE_LIMITS.consent) },
    },
    async (request, reply) => {
      await setCommercialConsent(app.db, request.accountId, request.params.consent === 'true');
      return reply.code(204).send(null);
    },
  );
}
