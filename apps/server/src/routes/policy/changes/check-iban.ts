// POST /policy/accounts/{accountId}/iban/{iban} (SPEC §7, §8): 204 for an IBAN usable for a SEPA
// direct debit, 400 when it is not an IBAN, 403 when it is one of a country outside SEPA
// (ARCHITECTURE.md deviations: any SEPA country is accepted). Spaces and case do not matter.
import {
  checkIban,
  ERROR_CODES,
  errorBodySchema,
  ibanCheckMessage,
  normalizeIban,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, ValidationError } from '../../../plugins/errors';
import { accountParams } from '../../account/get-account';
import { changeRouteConfig, noContent } from './params';

// The longest IBAN has 34 characters; the URL may carry the spaces of the grouped display.
const ibanParams = accountParams.extend({ iban: z.string().max(64) });

export default async function checkIbanRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/policy/accounts/:accountId/iban/:iban',
    {
      schema: {
        tags: ['policy'],
        summary: 'Vérifie qu’un IBAN peut servir au prélèvement SEPA',
        params: ibanParams,
        response: {
          204: noContent,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
      config: changeRouteConfig,
    },
    async (request, reply) => {
      const check = checkIban(normalizeIban(request.params.iban));
      const message = ibanCheckMessage(check);
      if (check === 'invalid' && message) throw new ValidationError(message, { iban: message });
      if (check === 'not-sepa' && message) {
        throw new ApiError(403, ERROR_CODES.forbidden, message, { iban: message });
      }
      return reply.code(204).send(null);
    },
  );
}
