// The sign-in interaction of the embedded provider: an ordinary French form (email, password,
// submit). A wrong email or a wrong password get the same message; both take the same time
// (a decoy hash is checked for unknown emails); attempts are claimed from the sign-in throttle
// before the password is checked (services/sign-in-throttle.ts: per email, per address, per
// email and address, and per known device, whose signed cookie is set here at a success). The page links to the forgotten-password flow
// (password-reset-routes.ts), registered here with the script that submits the one-click logout.
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { isSafeText, MESSAGES } from '@espace/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { TokenValidity } from '../services/account-security/token-validity';
import { attemptSucceeded, claimAttempt, signInKeys } from '../services/sign-in-throttle';
import { createMailer } from '../services/mailer';
import { decoyPasswordHash, verifyPassword } from '../services/passwords';
import {
  DEVICE_COOKIE,
  deviceCookieHeader,
  deviceCookieValue,
  knownDeviceId,
  readCookie,
} from './device-cookie';
import { forgotHrefFor, passwordResetRoutes } from './password-reset-routes';
import { INTERACTION_PATH } from './provider';
import {
  AUTO_SUBMIT_SCRIPT,
  AUTO_SUBMIT_SCRIPT_PATH,
  renderErrorPage,
  renderLoginPage,
} from './pages';

interface LoginBody {
  email?: string;
  password?: string;
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

export async function interactionRoutes(
  app: FastifyInstance,
  opts: {
    provider: Provider;
    db: Db;
    config: Config;
    tokenValidity: TokenValidity;
    /** Signing keys of the known-device cookie (the provider's cookie keys). */
    deviceKeys: string[];
  },
) {
  const { provider, db, config } = opts;
  await app.register(formbody, { bodyLimit: 4096 });
  // Per address, counted in the database like every other limit (routes/rate-limit.ts), so the
  // instances share it; the per-email sign-in throttle is services/sign-in-throttle.ts.
  await app.register(rateLimit, {
    global: false,
    ...(app.rateLimitStore ? { store: app.rateLimitStore } : {}),
  });
  const mailer = config.smtp ? createMailer(config.smtp) : undefined;
  if (mailer) app.addHook('onClose', async () => mailer.close());
  passwordResetRoutes(app, {
    db,
    mailer,
    tokenValidity: opts.tokenValidity,
    publicUrl: config.publicUrl,
    demoMode: config.demoMode,
  });

  app.get(AUTO_SUBMIT_SCRIPT_PATH, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(AUTO_SUBMIT_SCRIPT),
  );

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
    const loginPath = `${INTERACTION_PATH}/${details.uid}`;
    return sendHtml(
      reply,
      200,
      renderLoginPage({ action: `${loginPath}/login`, forgotHref: forgotHrefFor(loginPath) }),
    );
  });

  app.post<{ Params: { uid: string }; Body: LoginBody }>(
    `${INTERACTION_PATH}/:uid/login`,
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      let details;
      try {
        details = await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return sendHtml(reply, 400, renderErrorPage());
      }
      const loginPath = `${INTERACTION_PATH}/${details.uid}`;
      const action = `${loginPath}/login`;
      const forgotHref = forgotHrefFor(loginPath);
      const email = String(request.body?.email ?? '')
        .trim()
        .toLowerCase();
      const password = String(request.body?.password ?? '');
      // A control character or a lone surrogate is no one's email or password (safe-text.ts).
      if (!email || !password || !isSafeText(email) || !isSafeText(password)) {
        return sendHtml(
          reply,
          400,
          renderLoginPage({ action, forgotHref, email, error: MESSAGES.login.missingFields }),
        );
      }
      const deviceId = knownDeviceId(
        opts.deviceKeys,
        email,
        readCookie(request.headers.cookie, DEVICE_COOKIE),
      );
      const keys = signInKeys({ email, address: request.ip, deviceId });
      // Claimed before the password is checked: parallel guesses wait for each other here.
      if (!(await claimAttempt(db, keys)).granted) {
        return sendHtml(
          reply,
          429,
          renderLoginPage({ action, forgotHref, email, error: MESSAGES.login.tooManyAttempts }),
        );
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
        return sendHtml(
          reply,
          401,
          renderLoginPage({ action, forgotHref, email, error: MESSAGES.login.invalidCredentials }),
        );
      }
      await attemptSucceeded(db, keys);
      reply.raw.appendHeader(
        'set-cookie',
        deviceCookieHeader(
          deviceCookieValue(opts.deviceKeys, email, deviceId),
          config.publicUrl.startsWith('https:'),
        ),
      );
      reply.hijack();
      return provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: account.id, remember: false } },
        { mergeWithLastSubmission: false },
      );
    },
  );
}
