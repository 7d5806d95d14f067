// « Mon compte » › « Clés d’accès » of the console (docs/console.md « Mon compte »,
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md): the signed-in staff
// member's passkeys, which their sign-in takes instead of a code (staff-sign-in/
// staff-passkey.ts). The customers' passkeys' service (services/identity/passkeys.ts), with the
// member as owner: the list is theirs only, removing another's is 404; each addition and removal
// is in the staff audit log and mailed to the member with its « Ce n’était pas moi » link, in
// the change's transaction. Adding one asks for a fresh proof first (step-up-routes.ts).
import {
  CONSOLE_ROUTES,
  passkeyIdSchema,
  passkeyOptionsSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeysSchema,
} from '@espace/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listPasskeys, passkeyRegistrationOptions } from '../../services/identity/passkeys';
import { addOwnersPasskey, removeOwnersPasskey } from '../../services/identity/passkey-changes';
import { identityChangeDeps } from '../../http/identity-change-links';
import { requireSteppedUp } from '../../services/identity/step-up';
import { recordStaffAudit } from '../../services/staff/audit';
import { errorResponses } from '../responses';

/** The relying party's name the authenticator shows. */
export const STAFF_RELYING_PARTY = 'Espace Assuré console';

export default async function staffPasskeyRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rp = { publicUrl: app.config.publicUrl, name: STAFF_RELYING_PARTY };
  const owner = (request: FastifyRequest) => ({ staffId: request.staff.id });
  const actor = (request: FastifyRequest) => ({
    id: request.staff.id,
    email: request.staff.email,
    address: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });

  routes.get(
    CONSOLE_ROUTES.passkeys,
    { schema: { hide: true, response: { 200: passkeysSchema, ...errorResponses(400, 401, 403) } } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ passkeys: await listPasskeys(app.db, owner(request)) }),
  );

  routes.post(
    CONSOLE_ROUTES.passkeyOptions,
    {
      schema: {
        hide: true,
        response: { 200: passkeyOptionsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await requireSteppedUp(app.db, request.staff.providerSid);
      const options = await passkeyRegistrationOptions(app.db, rp, owner(request));
      return options as unknown as Record<string, unknown>;
    },
  );

  routes.post(
    CONSOLE_ROUTES.passkeys,
    {
      schema: {
        hide: true,
        body: passkeyRegistrationSchema,
        response: { 201: passkeySchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      await requireSteppedUp(app.db, request.staff.providerSid);
      const passkey = await addOwnersPasskey(
        identityChangeDeps(app),
        rp,
        {
          owner: owner(request),
          userAgent: request.headers['user-agent'],
          sid: request.staff.providerSid,
        },
        request.body,
        (trx, added) =>
          recordStaffAudit(trx, actor(request), {
            action: 'staff.passkey_added',
            targetKind: 'staff',
            targetId: request.staff.id,
            details: { name: added.name },
          }),
      );
      return reply.code(201).send(passkey);
    },
  );

  routes.delete(
    CONSOLE_ROUTES.passkey,
    {
      schema: {
        hide: true,
        params: z.object({ passkeyId: passkeyIdSchema }),
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeOwnersPasskey(
        identityChangeDeps(app),
        { owner: owner(request), userAgent: request.headers['user-agent'] },
        request.params.passkeyId,
        (trx) =>
          recordStaffAudit(trx, actor(request), {
            action: 'staff.passkey_removed',
            targetKind: 'staff',
            targetId: request.staff.id,
          }),
      );
      return reply.code(204).send(null);
    },
  );
}
