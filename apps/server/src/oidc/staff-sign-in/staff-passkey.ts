// A staff member's passkey as their second factor (docs/console.md « Connexion »,
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md). On the code page of
// the console's sign-in, a member who added a passkey in « Mon compte » is offered « Utiliser ma
// clé d’accès » (the customers' passkey script, provider/passkey-page.ts): it asks
// /interaction/{uid}/staff/passkey/options and posts the answer to /interaction/{uid}/staff/passkey.
// Enforces, as for a code (staff-interactions.ts): the password step of this interaction first
// (the step cookie), the route's per-address limit, the count of second factors under the member
// or their known device before the signature is checked (a refusal journaled as a wrong code);
// the options list the member's own passkeys only and the answer is checked against them only,
// so another's passkey (a customer's or a colleague's) never stands for this member's; then the
// same end as a code: a temporary password replaced first, else the login with amr pwd, hwk.
import { passkeyAuthenticationSchema, PASSKEY_MESSAGES, ERROR_CODES } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { errorBody } from '../../http/error-body';
import { passkeySignInOptions, verifyPasskeySignIn } from '../../services/identity/passkey-checks';
import { claimSecondFactor } from '../../services/identity/sign-in-throttle';
import { INTERACTION_PATH } from '../provider/provider';
import { staffDevice, staffProven } from './staff-signed-in';
import { renderCodePage, STAFF_TEXTS as T } from './staff-pages';
import { staffLogin, staffPaths, stepCookie, steppedIn, type SteppedIn } from './staff-steps';
import { codeRefused } from './staff-trail';

const RP_NAME = 'Espace Assuré console';

/** The code page, with « Utiliser ma clé d’accès » when the member has a passkey. */
export async function staffCodePage(db: Db, step: SteppedIn, error?: string) {
  const passkey = await db
    .selectFrom('passkeys')
    .select('id')
    .where('staff_id', '=', step.staffId)
    .executeTakeFirst();
  return renderCodePage({
    action: staffPaths(step.uid).code,
    ...(error ? { error } : {}),
    passkeyBase: passkey ? staffPaths(step.uid).passkey : undefined,
  });
}

export function staffPasskeyRoutes(
  app: FastifyInstance,
  opts: {
    provider: Provider;
    db: Db;
    keys: string[];
    secure: boolean;
    publicUrl: string;
    limit: { config: { rateLimit: object } };
  },
) {
  const { provider, db, keys, secure, limit } = opts;
  const rp = { publicUrl: opts.publicUrl, name: RP_NAME };
  type Params = { Params: { uid: string }; Body: unknown };
  const stepped = (request: FastifyRequest, reply: FastifyReply) =>
    steppedIn(provider, { db, keys }, request, reply);
  const refuse = (reply: FastifyReply, status: number, message: string) =>
    reply
      .code(status)
      .header('cache-control', 'no-store')
      .send(
        errorBody(status === 429 ? ERROR_CODES.rateLimited : ERROR_CODES.unauthorized, message),
      );

  app.get<Params>(
    `${INTERACTION_PATH}/:uid/staff/passkey/options`,
    limit,
    async (request, reply) => {
      const step = await stepped(request, reply);
      if (!step) return reply;
      const options = await passkeySignInOptions(db, rp, step.uid, { staffId: step.staffId });
      if (!options) return refuse(reply, 400, PASSKEY_MESSAGES.refused);
      return reply.header('cache-control', 'no-store').send(options);
    },
  );

  app.post<Params>(`${INTERACTION_PATH}/:uid/staff/passkey`, limit, async (request, reply) => {
    const step = await stepped(request, reply);
    if (!step) return reply;
    const answer = passkeyAuthenticationSchema.safeParse(request.body);
    if (!answer.success) return refuse(reply, 400, PASSKEY_MESSAGES.refused);
    const device = staffDevice(opts, step.account.email, request);
    const counted = await claimSecondFactor(db, step.staffId, device.deviceId);
    if (!counted.keys) {
      if (counted.crossed)
        await codeRefused(db, request, step.staffId, { step: 'passkey', reason: 'throttled' });
      return refuse(reply, 429, T.tooManyCodes);
    }
    const owner = { staffId: step.staffId };
    if (!(await verifyPasskeySignIn(db, rp, step.uid, answer.data, owner))) {
      await codeRefused(db, request, step.staffId, { step: 'passkey', reason: 'wrong' });
      return refuse(reply, 401, PASSKEY_MESSAGES.refused);
    }
    const known = { staffId: step.staffId, method: 'passkey', device, keys: counted.keys } as const;
    return proven(request, reply, step, await staffProven(app, request, known));
  });

  /** As a right code: a temporary password replaced first, else the login given now. */
  async function proven(
    request: FastifyRequest,
    reply: FastifyReply,
    step: SteppedIn,
    deviceCookie: string,
  ) {
    reply.header('cache-control', 'no-store');
    if (step.account.must_change_password) {
      reply.raw.appendHeader('set-cookie', [
        stepCookie(keys, secure, { ...step, verified: true }),
        deviceCookie,
      ]);
      return reply.send({ location: staffPaths(step.uid).newPassword });
    }
    reply.raw.appendHeader('set-cookie', [stepCookie(keys, secure), deviceCookie]);
    const location = await provider.interactionResult(
      request.raw,
      reply.raw,
      staffLogin(step.staffId, 'hwk'),
      { mergeWithLastSubmission: false },
    );
    return reply.send({ location });
  }
}
