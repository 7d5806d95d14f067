// The code step of a customer's password sign-in when they turned a second factor on
// ('Mon compte' › « Sécurité », services/identity/second-factor.ts,
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md). After a right
// password (interactions.ts) the provider's interaction goes on to /interaction/{uid}/code, an
// ordinary French form: the code of the authenticator app or a recovery code. Enforces:
// - the step reached (this account's password checked in this interaction) is the signed step
//   cookie of provider/step-cookie.ts, bound to the uid and to the password's hash: no hidden
//   field is trusted, another interaction or a changed password starts over;
// - every code is counted before it is checked, as passwords are (sign-in-throttle.ts): under
//   the account, or under the customer's known device when the browser has one, 5 per window;
//   past it the code is refused even when right; a right one is taken back;
// - only then the sign-in ends as any other (customer-signed-in.ts): the provider's session,
//   the sign-in recorded (method « password »), the portal's session. A passkey sign-in never
//   comes here: it is two factors already.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { isSafeText, SECOND_FACTOR_MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { escapeHtml, sendHtml } from '../../http/html';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import { verifySecondFactor } from '../../services/identity/second-factor';
import { claimSecondFactor } from '../../services/identity/sign-in-throttle';
import { customerSignedIn } from './customer-signed-in';
import { isConsoleClient } from '../provider/console-provider';
import { knownDevice } from '../provider/device-cookie';
import { renderCustomerPage, renderErrorPage } from '../provider/pages';
import { INTERACTION_PATH } from '../provider/provider';
import { passwordKey, stepCookies } from '../provider/step-cookie';

const T = SECOND_FACTOR_MESSAGES.signIn;
const steps = stepCookies('espace_customer_step');

const codePath = (uid: string) => `${INTERACTION_PATH}/${uid}/code`;

/**
 * After the right password of `accountId` in interaction `uid`: the step cookie, and the code
 * page as where to go (the form's script gets it as `location`, a classic POST a redirect).
 */
export function toCodeStep(
  reply: FastifyReply,
  keys: string[],
  secure: boolean,
  step: { uid: string; accountId: string; hash: string },
  json: boolean,
) {
  const cookie = steps.write(keys, secure, {
    uid: step.uid,
    id: step.accountId,
    key: passwordKey(step.hash),
  });
  const next = codePath(step.uid);
  reply.header('set-cookie', cookie).header('cache-control', 'no-store');
  return json ? reply.send({ location: next }) : reply.redirect(next, 303);
}

export function renderCodePage(o: { uid: string; error?: string }): string {
  const alert = o.error
    ? `<p class="auth-error" role="alert" id="code-error">${escapeHtml(o.error)}</p>`
    : '';
  const describedBy = o.error ? ' aria-describedby="code-error"' : '';
  return renderCustomerPage(
    T.title,
    `<h1>${escapeHtml(T.title)}</h1>
${alert}
<p>${escapeHtml(T.intro)}</p>
<form method="post" action="${escapeHtml(codePath(o.uid))}" novalidate>
<label for="code">${escapeHtml(T.label)}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="20" required autofocus${describedBy}>
<button type="submit">${escapeHtml(T.submit)}</button>
</form>
<p><a href="${escapeHtml(`${INTERACTION_PATH}/${o.uid}`)}">${escapeHtml(T.restart)}</a></p>`,
  );
}

export function customerSecondFactorRoutes(
  app: FastifyInstance,
  deps: { provider: Provider; db: Db; deviceKeys: string[]; secure: boolean },
) {
  const { provider, db, deviceKeys, secure } = deps;
  type Params = { Params: { uid: string }; Body: Record<string, unknown> | undefined };

  /** The account whose password this interaction checked, or undefined (a page is sent). */
  const steppedIn = async (request: FastifyRequest<Params>, reply: FastifyReply) => {
    let uid: string | undefined;
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (
        details.uid === request.params.uid &&
        details.prompt.name === 'login' &&
        !isConsoleClient(String(details.params.client_id))
      )
        uid = details.uid;
    } catch {
      // An unknown or expired interaction: the error page below.
    }
    if (!uid) {
      await sendHtml(reply, 400, renderErrorPage());
      return undefined;
    }
    const step = steps.read(deviceKeys, request, uid);
    const account =
      step &&
      (await db
        .selectFrom('credentials')
        .select(['account_id', 'email', 'password_hash'])
        .where('account_id', '=', step.id)
        .executeTakeFirst());
    if (!step || !account || passwordKey(account.password_hash) !== step.key) {
      await reply.header('cache-control', 'no-store').redirect(`${INTERACTION_PATH}/${uid}`, 303);
      return undefined;
    }
    return { uid, accountId: account.account_id, email: account.email };
  };

  app.get<Params>(`${INTERACTION_PATH}/:uid/code`, async (request, reply) => {
    const step = await steppedIn(request, reply);
    return step ? sendHtml(reply, 200, renderCodePage({ uid: step.uid })) : reply;
  });

  app.post<Params>(
    `${INTERACTION_PATH}/:uid/code`,
    { config: { rateLimit: routeLimit(RATE_LIMITS.identityForms) } },
    async (request, reply) => {
      const step = await steppedIn(request, reply);
      if (!step) return reply;
      const code = String(request.body?.code ?? '');
      if (!code.trim() || !isSafeText(code))
        return sendHtml(
          reply,
          400,
          renderCodePage({ uid: step.uid, error: SECOND_FACTOR_MESSAGES.codeRequired }),
        );
      // Her usual browser (a known device of hers) counts its codes apart, as the staff's does:
      // a stranger who knows her password locks only new browsers (provider/device-cookie.ts).
      const device = knownDevice({ keys: deviceKeys, secure }, { customer: step.email }, request);
      // Counted before the code is checked, as a password is.
      const counted = await claimSecondFactor(db, `customer:${step.accountId}`, device.deviceId);
      if (!counted.keys)
        return sendHtml(
          reply,
          429,
          renderCodePage({ uid: step.uid, error: SECOND_FACTOR_MESSAGES.tooManyCodes }),
        );
      const proof = await verifySecondFactor({ db, keys: app.secretKeys }, step.accountId, code);
      if (!proof)
        return sendHtml(
          reply,
          401,
          renderCodePage({ uid: step.uid, error: SECOND_FACTOR_MESSAGES.wrongCode }),
        );
      reply.raw.appendHeader('set-cookie', steps.write(deviceKeys, secure));
      return customerSignedIn(app, deps, request, reply, {
        accountId: step.accountId,
        method: 'password',
        device,
        keys: counted.keys,
        json: false,
      });
    },
  );
}
