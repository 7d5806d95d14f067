// POST …/authentication/accounts/{accountId}/step-up {proof} | {passkey} → 204: a fresh proof of
// the owner for this session (the password, a code of the second factor, or a passkey whose
// options POST …/step-up/passkey-options gives), which the changes that open a new way in ask
// for within a few minutes (services/identity/step-up.ts,
// docs/decisions/0138-step-up-before-every-new-way-in.md). A wrong proof is a field error,
// every check counted under the session (429 past 5 a window).
import { API_ROUTES, passkeyOptionsSchema, stepUpSchema } from '@espace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stepUp, stepUpPasskeyOptions } from '../../../services/identity/step-up';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { accountParams } from '../../params';
import { errorResponses } from '../../responses';
import { CUSTOMER_RELYING_PARTY } from './passkeys';

export default async function stepUpRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    db: app.db,
    keys: app.secretKeys,
    rp: { publicUrl: app.config.publicUrl, name: CUSTOMER_RELYING_PARTY },
  });
  const caller = (request: FastifyRequest) => ({
    owner: { accountId: request.accountId },
    sid: request.tokenSid ?? `account:${request.accountId}`,
  });
  const write = { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) };

  routes.post(
    API_ROUTES.stepUp,
    {
      schema: {
        tags: ['account'],
        operationId: 'stepUp',
        summary: 'Confirmer son identité avant une modification de sécurité',
        params: accountParams,
        body: stepUpSchema,
        response: {
          204: z.null().describe('Identité confirmée pour quelques minutes'),
          ...errorResponses(400, 401, 403, 429),
        },
      },
      config: write,
    },
    async (request, reply) => {
      await stepUp(deps(), caller(request), request.body);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    API_ROUTES.stepUpPasskeyOptions,
    {
      schema: {
        tags: ['account'],
        operationId: 'stepUpPasskeyOptions',
        summary: 'Préparer la confirmation d’identité par une clé d’accès (options WebAuthn)',
        params: accountParams,
        response: { 200: passkeyOptionsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
      config: write,
    },
    async (request) =>
      (await stepUpPasskeyOptions(deps(), caller(request))) as unknown as Record<string, unknown>,
  );
}
