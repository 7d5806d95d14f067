// 'Mon compte' › « Sécurité » › « Double authentification »
// (docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md): GET …/second-factor
// says whether it is on; POST …/second-factor/enrolment gives the secret to add to an app (QR code
// and text, the same until confirmed); PUT …/second-factor {code} confirms it and answers the
// recovery codes, shown once; DELETE …/second-factor {proof} turns it off with the password or a
// code; POST …/second-factor/recovery-codes gives new recovery codes in place of the old ones.
// Starting, confirming and new codes ask for a fresh proof first (403 step_up_required); turning
// it off carries its proof in its body. Each change is mailed with its « Ce n’était pas moi »
// link. Only with the embedded provider, whose sign-in asks for it.
import {
  API_ROUTES,
  recoveryCodesSchema,
  secondFactorConfirmationSchema,
  secondFactorEnrolmentSchema,
  secondFactorRemovalSchema,
  secondFactorStatusSchema,
  SESSION_MESSAGES,
} from '@espace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  confirmSecondFactor,
  removeSecondFactor,
  secondFactorStatus,
  startSecondFactor,
  type SecondFactorDeps,
} from '../../../services/identity/second-factor';
import { ConflictError } from '../../../services/errors';
import { renewOwnersRecoveryCodes } from '../../../services/identity/recovery-codes';
import { requireSteppedUp } from '../../../services/identity/step-up';
import { identityChangeDeps } from '../../../http/identity-change-links';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { accountParams } from '../../params';
import { errorResponses } from '../../responses';

export default async function secondFactorRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const embeddedOnly = () => {
    if (!app.config.oidc.embedded) throw new ConflictError(SESSION_MESSAGES.externalProvider);
  };
  const write = { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) };
  const deps = (): SecondFactorDeps => ({ ...identityChangeDeps(app), keys: app.secretKeys });
  const caller = (request: FastifyRequest) => ({
    accountId: request.accountId,
    sid: request.tokenSid,
    userAgent: request.headers['user-agent'],
  });

  routes.get(
    API_ROUTES.secondFactor,
    {
      schema: {
        tags: ['account'],
        operationId: 'getSecondFactor',
        summary: 'Double authentification\u00a0: activée ou non, codes de secours restants',
        params: accountParams,
        response: { 200: secondFactorStatusSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => secondFactorStatus(app.db, request.accountId),
  );

  routes.post(
    API_ROUTES.secondFactorEnrolment,
    {
      schema: {
        tags: ['account'],
        operationId: 'startSecondFactor',
        summary: 'Préparer la double authentification (clé et QR code à ajouter à une application)',
        params: accountParams,
        response: { 200: secondFactorEnrolmentSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      config: write,
    },
    async (request) => {
      embeddedOnly();
      await requireSteppedUp(app.db, request.tokenSid);
      return startSecondFactor(deps(), request.accountId);
    },
  );

  routes.put(
    API_ROUTES.secondFactor,
    {
      schema: {
        tags: ['account'],
        operationId: 'confirmSecondFactor',
        summary: 'Activer la double authentification avec un code de l’application',
        params: accountParams,
        body: secondFactorConfirmationSchema,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      config: write,
    },
    async (request) => {
      embeddedOnly();
      await requireSteppedUp(app.db, request.tokenSid);
      return {
        recoveryCodes: await confirmSecondFactor(deps(), caller(request), request.body.code),
      };
    },
  );

  routes.delete(
    API_ROUTES.secondFactor,
    {
      schema: {
        tags: ['account'],
        operationId: 'removeSecondFactor',
        summary: 'Désactiver la double authentification (mot de passe ou code)',
        params: accountParams,
        body: secondFactorRemovalSchema,
        response: {
          204: z.null().describe('Double authentification désactivée'),
          ...errorResponses(400, 401, 403, 409, 429),
        },
      },
      config: write,
    },
    async (request, reply) => {
      await removeSecondFactor(deps(), caller(request), request.body.proof);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    API_ROUTES.recoveryCodes,
    {
      schema: {
        tags: ['account'],
        operationId: 'renewRecoveryCodes',
        summary: 'Nouveaux codes de secours (les anciens ne fonctionnent plus)',
        params: accountParams,
        response: { 200: recoveryCodesSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      config: write,
    },
    async (request) => {
      embeddedOnly();
      await requireSteppedUp(app.db, request.tokenSid);
      const recoveryCodes = await renewOwnersRecoveryCodes(identityChangeDeps(app), {
        owner: { accountId: request.accountId },
        userAgent: request.headers['user-agent'],
      });
      return { recoveryCodes };
    },
  );
}
