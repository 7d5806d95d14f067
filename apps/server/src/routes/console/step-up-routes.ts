// POST /backoffice/api/me/step-up {proof} | {passkey} → 204: the signed-in staff member's fresh
// proof (their password, a code of their app or a recovery code, or one of their passkeys, whose
// options POST /me/step-up/passkey-options gives), kept for their console session's provider
// session a few minutes, which adding a passkey asks for (services/identity/step-up.ts,
// docs/decisions/0138-step-up-before-every-new-way-in.md). The same rules as the customers'.
import { CONSOLE_ROUTES, passkeyOptionsSchema, stepUpSchema } from '@espace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stepUp, stepUpPasskeyOptions } from '../../services/identity/step-up';
import { errorResponses } from '../responses';
import { STAFF_RELYING_PARTY } from './passkey-routes';

export default async function staffStepUpRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({
    db: app.db,
    keys: app.secretKeys,
    rp: { publicUrl: app.config.publicUrl, name: STAFF_RELYING_PARTY },
  });
  const caller = (request: FastifyRequest) => ({
    owner: { staffId: request.staff.id },
    sid: request.staff.providerSid,
  });

  routes.post(
    CONSOLE_ROUTES.stepUp,
    {
      schema: {
        hide: true,
        body: stepUpSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      await stepUp(deps(), caller(request), request.body);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    CONSOLE_ROUTES.stepUpPasskeyOptions,
    {
      schema: {
        hide: true,
        response: { 200: passkeyOptionsSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      (await stepUpPasskeyOptions(deps(), caller(request))) as unknown as Record<string, unknown>,
  );
}
