// The sign-in interaction of the embedded provider: an ordinary French form (email, password,
// submit). A wrong email or a wrong password get the same message; both take the same time
// (a decoy hash is checked for unknown emails); repeated failures are throttled per email and
// rate-limited per address.
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { MESSAGES } from '@espace/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../db/client';
import { clearFailures, isLocked, recordFailure } from '../services/login-throttle';
import { decoyPasswordHash, verifyPassword } from '../services/passwords';
import { INTERACTION_PATH } from './provider';
import { renderErrorPage, renderLoginPage } from './pages';

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
  opts: { provider: Provider; db: Db },
) {
  const { provider, db } = opts;
  await app.register(formbody, { bodyLimit: 4096 });
  await app.register(rateLimit, { global: false });

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
    return sendHtml(
      reply,
      200,
      renderLoginPage({ action: `${INTERACTION_PATH}/${details.uid}/login` }),
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
      const action = `${INTERACTION_PATH}/${details.uid}/login`;
      const email = String(request.body?.email ?? '')
        .trim()
        .toLowerCase();
      const password = String(request.body?.password ?? '');
      if (!email || !password) {
        return sendHtml(
          reply,
          400,
          renderLoginPage({ action, email, error: MESSAGES.login.missingFields }),
        );
      }
      const throttleKey = `login:${email}`;
      if (await isLocked(db, throttleKey)) {
        return sendHtml(
          reply,
          429,
          renderLoginPage({ action, email, error: MESSAGES.login.tooManyAttempts }),
        );
      }
      const account = await db
        .selectFrom('accounts')
        .select(['id', 'password_hash'])
        .where('email', '=', email)
        .executeTakeFirst();
      const valid = await verifyPassword(
        password,
        account?.password_hash ?? (await decoyPasswordHash()),
      );
      if (!account || !valid) {
        await recordFailure(db, throttleKey);
        return sendHtml(
          reply,
          401,
          renderLoginPage({ action, email, error: MESSAGES.login.invalidCredentials }),
        );
      }
      await clearFailures(db, throttleKey);
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
