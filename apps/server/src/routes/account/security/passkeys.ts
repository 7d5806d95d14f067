// 'Mon compte' › « Sécurité »: the customer's passkeys
// (docs/decisions/0116-passkeys-through-the-embedded-provider.md). POST …/passkeys/options gives
// `startRegistration` its options (a challenge for this account); POST …/passkeys verifies the
// answer and keeps the passkey, named after the device; GET lists them with their last use;
// DELETE …/passkeys/{passkeyId} removes one (404 when it is not the caller's). Adding one asks
// for a fresh proof (403 step_up_required); each addition and removal is mailed with its
// « Ce n’était pas moi » link. Only with the embedded provider, which signs in with them (409
// otherwise).
import {
  API_ROUTES,
  passkeyIdSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeysSchema,
  SESSION_MESSAGES,
} from '@espace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPasskeys, passkeyRegistrationOptions } from '../../../services/identity/passkeys';
import { addOwnersPasskey, removeOwnersPasskey } from '../../../services/identity/passkey-changes';
import { identityChangeDeps } from '../../../http/identity-change-links';
import { ConflictError } from '../../../services/errors';
import { requireSteppedUp } from '../../../services/identity/step-up';
import { RATE_LIMITS, routeLimit } from '../../../platform/rate-limits/tiers';
import { accountParams } from '../../params';
import { errorResponses } from '../../responses';

/** The relying party's name the authenticator shows. */
export const CUSTOMER_RELYING_PARTY = 'Espace Assuré';

export default async function passkeysRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rp = { publicUrl: app.config.publicUrl, name: CUSTOMER_RELYING_PARTY };
  const embeddedOnly = () => {
    if (!app.config.oidc.embedded) throw new ConflictError(SESSION_MESSAGES.externalProvider);
  };
  const write = { rateLimit: routeLimit(RATE_LIMITS.accountSecurity) };
  const userAgent = (request: FastifyRequest) => request.headers['user-agent'];

  routes.get(
    API_ROUTES.passkeys,
    {
      schema: {
        tags: ['account'],
        operationId: 'listPasskeys',
        summary: 'Clés d’accès du compte, avec leur dernière utilisation',
        params: accountParams,
        response: { 200: passkeysSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ passkeys: await listPasskeys(app.db, { accountId: request.accountId }) }),
  );

  routes.post(
    API_ROUTES.passkeyOptions,
    {
      schema: {
        tags: ['account'],
        operationId: 'passkeyRegistrationOptions',
        summary: 'Préparer l’ajout d’une clé d’accès (options WebAuthn)',
        params: accountParams,
        response: { 200: passkeyOptionsSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      config: write,
    },
    async (request) => {
      embeddedOnly();
      await requireSteppedUp(app.db, request.tokenSid);
      const options = await passkeyRegistrationOptions(app.db, rp, {
        accountId: request.accountId,
      });
      return options as unknown as Record<string, unknown>;
    },
  );

  routes.post(
    API_ROUTES.passkeys,
    {
      schema: {
        tags: ['account'],
        operationId: 'addPasskey',
        summary: 'Ajouter une clé d’accès, nommée d’après l’appareil',
        params: accountParams,
        body: passkeyRegistrationSchema,
        response: { 201: passkeySchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
      config: write,
    },
    async (request, reply) => {
      embeddedOnly();
      await requireSteppedUp(app.db, request.tokenSid);
      const passkey = await addOwnersPasskey(
        identityChangeDeps(app),
        rp,
        {
          owner: { accountId: request.accountId },
          userAgent: userAgent(request),
          sid: request.tokenSid,
        },
        request.body,
      );
      return reply.code(201).send(passkey);
    },
  );

  routes.delete(
    API_ROUTES.passkey,
    {
      schema: {
        tags: ['account'],
        operationId: 'removePasskey',
        summary: 'Supprimer une clé d’accès',
        params: accountParams.extend({ passkeyId: passkeyIdSchema }),
        response: {
          204: z.null().describe('Clé d’accès supprimée'),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
      config: write,
    },
    async (request, reply) => {
      await removeOwnersPasskey(
        identityChangeDeps(app),
        { owner: { accountId: request.accountId }, userAgent: userAgent(request) },
        request.params.passkeyId,
      );
      return reply.code(204).send(null);
    },
  );
}
