// « Se connecter avec une clé d’accès » on the provider's sign-in page
// (docs/decisions/0116-passkeys-through-the-embedded-provider.md). The page's script
// (provider/passkey-page.ts) asks GET /interaction/{uid}/passkey/options for a challenge bound to
// this interaction, runs the browser's ceremony (@simplewebauthn/browser; also offered by the
// e-mail field's autofill) and posts the answer to /interaction/{uid}/passkey. Enforces, as for a
// password: the per-address limit of the identity forms, the sign-in throttle counted for the
// passkey's account before its signature is checked, one refusal message for an unknown passkey
// or a bad signature, and the same end (customer-signed-in.ts): the provider's session, the
// portal's, their logout. The console's interaction never takes a passkey here.
import {
  ERROR_CODES,
  type ErrorCode,
  MESSAGES,
  PASSKEY_MESSAGES,
  passkeyAuthenticationSchema,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { errorBody } from '../../http/error-body';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import { passkeySignInOptions, verifyPasskeySignIn } from '../../services/identity/passkey-checks';
import { claimSignIn } from '../../services/identity/sign-in-throttle';
import { customerSignedIn } from './customer-signed-in';
import { isConsoleClient } from '../provider/console-provider';
import { knownDevice } from '../provider/device-cookie';
import {
  PASSKEY_SCRIPT,
  PASSKEY_SCRIPT_PATH,
  WEBAUTHN_BROWSER_PATH,
  webauthnBrowserBundle,
} from '../provider/passkey-page';
import { INTERACTION_PATH } from '../provider/provider';

const RP_NAME = 'Espace Assuré';

export function passkeySignInRoutes(
  app: FastifyInstance,
  deps: { provider: Provider; db: Db; deviceKeys: string[]; secure: boolean; config: Config },
) {
  const { provider, db } = deps;
  const rp = { publicUrl: deps.config.publicUrl, name: RP_NAME };
  const refuse = (status: number, message: string, code: ErrorCode = ERROR_CODES.unauthorized) => ({
    status,
    body: errorBody(code, message),
  });

  /** The customers' login interaction of this request, or undefined. */
  const loginInteraction = async (
    request: Parameters<Provider['interactionDetails']>[0],
    response: Parameters<Provider['interactionDetails']>[1],
    uid: string,
  ) => {
    try {
      const details = await provider.interactionDetails(request, response);
      if (details.uid !== uid || details.prompt.name !== 'login') return undefined;
      if (isConsoleClient(String(details.params.client_id))) return undefined;
      return details;
    } catch {
      return undefined;
    }
  };

  let bundle: string | undefined;
  const scripts = {
    [WEBAUTHN_BROWSER_PATH]: () => (bundle ??= webauthnBrowserBundle()),
    [PASSKEY_SCRIPT_PATH]: () => PASSKEY_SCRIPT,
  };
  for (const [path, script] of Object.entries(scripts)) {
    app.get(path, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/javascript; charset=utf-8')
        .send(script()),
    );
  }

  app.get<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid/passkey/options`,
    { config: { rateLimit: routeLimit(RATE_LIMITS.identityForms) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const details = await loginInteraction(request.raw, reply.raw, request.params.uid);
      if (!details) {
        const { status, body } = refuse(400, PASSKEY_MESSAGES.expired, ERROR_CODES.validation);
        return reply.code(status).send(body);
      }
      return reply.send(await passkeySignInOptions(db, rp, details.uid));
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${INTERACTION_PATH}/:uid/passkey`,
    { config: { rateLimit: routeLimit(RATE_LIMITS.identityForms) } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const answer = passkeyAuthenticationSchema.safeParse(request.body);
      if (!answer.success) {
        const { status, body } = refuse(400, PASSKEY_MESSAGES.refused, ERROR_CODES.validation);
        return reply.code(status).send(body);
      }
      const details = await loginInteraction(request.raw, reply.raw, request.params.uid);
      if (!details) {
        const { status, body } = refuse(400, PASSKEY_MESSAGES.expired, ERROR_CODES.validation);
        return reply.code(status).send({ ...body, expired: true });
      }
      // The account the stored passkey belongs to: counted before its signature is checked.
      const owner = await db
        .selectFrom('passkeys as p')
        .innerJoin('credentials as c', 'c.account_id', 'p.account_id')
        .select(['c.email'])
        .where('p.id', '=', answer.data.id)
        .executeTakeFirst();
      const email = owner?.email ?? `passkey:${answer.data.id.slice(0, 64)}`;
      const device = knownDevice(
        { keys: deps.deviceKeys, secure: deps.secure },
        { customer: email },
        request,
      );
      const counted = await claimSignIn(db, {
        email,
        address: request.ip,
        deviceId: device.deviceId,
      });
      if (!counted.keys) {
        const { body } = refuse(429, MESSAGES.login.accountLocked, ERROR_CODES.rateLimited);
        return reply.code(429).send(body);
      }
      const accountId = owner
        ? (await verifyPasskeySignIn(db, rp, details.uid, answer.data))?.account_id
        : undefined;
      if (!owner || !accountId) {
        const { status, body } = refuse(401, PASSKEY_MESSAGES.refused);
        return reply.code(status).send(body);
      }
      return customerSignedIn(
        app,
        { provider, db, deviceKeys: deps.deviceKeys, secure: deps.secure },
        request,
        reply,
        {
          accountId,
          method: 'passkey',
          device,
          keys: counted.keys,
          json: true,
        },
      );
    },
  );
}
