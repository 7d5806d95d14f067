// POST /policy/accounts/{accountId}/iban/{iban} (docs/product/changes.md): 204 for an IBAN usable for a SEPA
// direct debit, 400 when it is not an IBAN, 403 when it is one of a country outside SEPA.
import { API_ROUTES, safeString } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUsableIban } from '../../../services/changes/iban';
import { accountParams } from '../../params';
import { changeRouteConfig, noContent } from './params';
import { errorResponses } from '../../responses';

// The longest IBAN has 34 characters; the URL may carry the spaces of the grouped display.
const ibanParams = accountParams.extend({ iban: safeString().max(64) });

export default async function checkIbanRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_ROUTES.checkIban,
    {
      schema: {
        tags: ['policy'],
        operationId: 'checkIban',
        summary: 'Vérifie qu’un IBAN peut servir au prélèvement SEPA',
        // Redocly's no-ambiguous-paths (docs/decisions/0142-the-documents-say-what-the-server-does.md).
        description:
          'Le chemin est celui de la spécification du portail, à côté de `…/{policyNumber}/…`\u00a0: le serveur lit le segment littéral `iban` avant un paramètre, si bien que `iban` n’est jamais lu comme un numéro de contrat.',
        params: ibanParams,
        response: {
          204: noContent,
          ...errorResponses(400, 401, 403, 429),
        },
      },
      config: changeRouteConfig,
    },
    async (request, reply) => {
      requireUsableIban(request.params.iban);
      return reply.code(204).send(null);
    },
  );
}
