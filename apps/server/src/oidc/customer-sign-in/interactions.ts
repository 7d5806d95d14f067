// The sign-in interaction of the embedded provider: an ordinary French form (email, password,
// submit). A wrong email or a wrong password get the same message; both take the same time
// (a decoy hash is checked for unknown emails); each attempt is counted by the sign-in throttle
// before the password is checked (services/identity/sign-in-throttle.ts: per address, then per account or
// per known device, whose signed cookie is set here at a success). Past the account's limit the
// refusal offers the reset link by e-mail, the way in an attack cannot close
// (docs/decisions/0014-sign-in-throttle.md). The page links to the forgotten-password flow
// (password-reset-routes.ts), registered here with the script that submits the one-click logout.
// The sign-in form's own script (pages.ts) sends the same form asking for JSON: the same checks,
// counted the same once, answered with the URL to continue to (the browser replaces the sign-in
// page's history entry with it) or the refusal's French message; without script, the classic
// POST gets the redirect or the page. When the interaction's client is the staff console, the
// page is the staff form instead, and the customers' form refuses it (staff-interactions.ts).
// A customer who turned a second factor on goes from a right password to the code step
// (customer-second-factor.ts) instead of being signed in.
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { ERROR_CODES, isSafeText, MESSAGES, type ErrorCode } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../config/config';
import type { Db } from '../../db/client';
import { errorBody } from '../../http/error-body';
import { sendHtml, SIGN_IN_SCRIPT_PATH } from '../../http/html';
import { firstScreenFiles } from '../../http/spa-manifest';
import { signIns } from '../../platform/metrics/metrics';
import { claimSignIn, signInSucceeded } from '../../services/identity/sign-in-throttle';
import { decoyPasswordHash, verifyPassword } from '../../services/identity/passwords';
import { knownDevice } from '../provider/device-cookie';
import { firstAccessHrefFor, firstAccessRoutes } from '../customer-flows/first-access-routes';
import { forgotHrefFor, passwordResetRoutes } from '../customer-flows/password-reset-routes';
import { hasSecondFactor } from '../../services/identity/second-factor';
import { customerSignedIn } from './customer-signed-in';
import { customerSecondFactorRoutes, toCodeStep } from './customer-second-factor';
import { passkeySignInRoutes } from './passkey-sign-in';
import { INTERACTION_PATH } from '../provider/provider';
import { isConsoleClient } from '../provider/console-provider';
import { staffInteractionRoutes, staffPasswordPage } from '../staff-sign-in/staff-interactions';
import {
  AUTO_SUBMIT_SCRIPT,
  AUTO_SUBMIT_SCRIPT_PATH,
  renderErrorPage,
  renderLoginPage,
  SIGN_IN_EXPIRED,
  SIGN_IN_JSON,
  SIGN_IN_SCRIPT,
} from '../provider/pages';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';

interface LoginBody {
  email?: string;
  password?: string;
}

export async function interactionRoutes(
  app: FastifyInstance,
  opts: {
    provider: Provider;
    db: Db;
    config: Config;
    /** Signing keys of the known-device cookie (the provider's cookie keys). */
    deviceKeys: string[];
  },
) {
  const { provider, db, config } = opts;
  await app.register(formbody, { bodyLimit: 4096 });
  // Per address, counted in the database like every other limit (routes/rate-limit.ts), so the
  // instances share it; the per-email sign-in throttle is services/identity/sign-in-throttle.ts.
  await app.register(rateLimit, {
    global: false,
    ...(app.rateLimitStore ? { store: app.rateLimitStore } : {}),
  });
  const firstScreen = firstScreenFiles(config.webDist);
  const prefetch = [...firstScreen.scripts, ...firstScreen.styles].map((file) => `/${file}`);
  passwordResetRoutes(app, {
    db,
    publicUrl: config.publicUrl,
    deviceKeys: opts.deviceKeys,
    demoMode: config.demoMode,
  });
  firstAccessRoutes(app, { db, publicUrl: config.publicUrl, demoMode: config.demoMode });
  const secure = config.publicUrl.startsWith('https:');
  staffInteractionRoutes(app, {
    provider,
    db,
    keys: opts.deviceKeys,
    secure,
    publicUrl: config.publicUrl,
  });
  passkeySignInRoutes(app, { provider, db, deviceKeys: opts.deviceKeys, secure, config });
  customerSecondFactorRoutes(app, { provider, db, deviceKeys: opts.deviceKeys, secure });

  for (const [path, script] of [
    [AUTO_SUBMIT_SCRIPT_PATH, AUTO_SUBMIT_SCRIPT],
    [SIGN_IN_SCRIPT_PATH, SIGN_IN_SCRIPT],
  ] as const) {
    app.get(path, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=3600')
        .type('text/javascript; charset=utf-8')
        .send(script),
    );
  }

  app.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
    let details;
    try {
      details = await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return sendHtml(reply, 400, renderErrorPage());
    }
    if (details.prompt.name !== 'login') {
      // Consent is granted by loadExistingGrant; any other prompt just resumes the flow.
      reply.hijack();
      return provider.interactionFinished(
        request.raw,
        reply.raw,
        {},
        { mergeWithLastSubmission: true },
      );
    }
    if (isConsoleClient(String(details.params.client_id)))
      return sendHtml(reply, 200, staffPasswordPage(details.uid));
    const loginPath = `${INTERACTION_PATH}/${details.uid}`;
    return sendHtml(
      reply,
      200,
      renderLoginPage({
        action: `${loginPath}/login`,
        forgotHref: forgotHrefFor(loginPath),
        firstAccessHref: firstAccessHrefFor(loginPath),
        prefetch,
        passkeyBase: loginPath,
      }),
    );
  });

  app.post<{ Params: { uid: string }; Body: LoginBody }>(
    `${INTERACTION_PATH}/:uid/login`,
    { config: { rateLimit: routeLimit(RATE_LIMITS.identityForms) } },
    async (request, reply) => {
      // The form's script asks for JSON (pages.ts); a browser's classic POST asks for a page.
      const json = (request.headers.accept ?? '').includes(SIGN_IN_JSON);
      let details;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        // The script submits the form the classic way on `expired`, to show the page below.
        return json
          ? reply
              .code(400)
              .header('cache-control', 'no-store')
              .send({ ...errorBody(ERROR_CODES.validation, SIGN_IN_EXPIRED), expired: true })
          : sendHtml(reply, 400, renderErrorPage());
      }
      // The console's sign-in is the staff form's (staff-interactions.ts), never a customer's.
      if (isConsoleClient(String(details.params.client_id)))
        return sendHtml(reply, 400, renderErrorPage());
      const loginPath = `${INTERACTION_PATH}/${details.uid}`;
      const action = `${loginPath}/login`;
      const forgotHref = forgotHrefFor(loginPath);
      const firstAccessHref = firstAccessHrefFor(loginPath);
      const email = String(request.body?.email ?? '')
        .trim()
        .toLowerCase();
      const password = String(request.body?.password ?? '');
      const refuse = (
        status: number,
        code: ErrorCode,
        error: string,
        link?: { href: string; text: string },
      ) =>
        json
          ? reply
              .code(status)
              .header('cache-control', 'no-store')
              .send({ ...errorBody(code, error), ...(link ? { link } : {}) })
          : sendHtml(
              reply,
              status,
              renderLoginPage({
                action,
                forgotHref,
                firstAccessHref,
                email,
                error,
                errorLink: link,
                prefetch,
                passkeyBase: loginPath,
              }),
            );
      // A control character or a lone surrogate is no one's email or password (safe-text.ts).
      if (!email || !password || !isSafeText(email) || !isSafeText(password)) {
        signIns.inc({ outcome: 'invalid' });
        return refuse(400, ERROR_CODES.validation, MESSAGES.login.missingFields);
      }
      const device = knownDevice({ keys: opts.deviceKeys, secure }, { customer: email }, request);
      // Counted before the password is checked: past the limit, no password is evaluated.
      const counted = await claimSignIn(db, {
        email,
        address: request.ip,
        deviceId: device.deviceId,
      });
      if (!counted.keys) {
        signIns.inc({ outcome: 'throttled' });
        return refuse(429, ERROR_CODES.rateLimited, MESSAGES.login.accountLocked, {
          href: forgotHref,
          text: MESSAGES.login.accountLockedLink,
        });
      }
      const account = await db
        .selectFrom('credentials')
        .select(['account_id as id', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
      const valid = await verifyPassword(
        password,
        account?.password_hash ?? (await decoyPasswordHash()),
      );
      if (!account || !valid) {
        signIns.inc({ outcome: 'wrong_password' });
        return refuse(401, ERROR_CODES.unauthorized, MESSAGES.login.invalidCredentials);
      }
      if (await hasSecondFactor(db, account.id)) {
        // The password is right (taken back from the counts); the code comes next.
        await signInSucceeded(db, counted.keys);
        const step = { uid: details.uid, accountId: account.id, hash: account.password_hash };
        return toCodeStep(reply, opts.deviceKeys, secure, step, json);
      }
      return customerSignedIn(
        app,
        { provider, db, deviceKeys: opts.deviceKeys, secure },
        request,
        reply,
        { accountId: account.id, method: 'password', device, keys: counted.keys, json },
      );
    },
  );
}
