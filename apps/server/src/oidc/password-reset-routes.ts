// The forgotten-password flow of the embedded provider (docs/decisions/0001-embedded-identity-provider.md): the sign-in
// page links to the request form; the mailed link opens the form that sets the new password.
// The rules live in services/account/password-reset.ts; this module reads the forms,
// calls it and draws the pages. The link's token travels in the query string: the request log
// hides it (http-server.ts) and the referrer policy keeps it from other sites.
import { ACCOUNT_SECURITY_MESSAGES, isSafeText, PASSWORD_RESET_TEXTS } from '@espace/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { deviceCookieHeader, deviceCookieValue } from './device-cookie';
import {
  findResetLink,
  requestPasswordReset,
  resetPassword,
} from '../services/account/password-reset';
import { InvalidInputError, NotFoundError, TooManyAttemptsError } from '../services/errors';
import type { Mailer } from '../platform/mail/mailer';
import {
  renderForgotAnswerPage,
  renderForgotPage,
  renderInvalidLinkPage,
  renderResetDonePage,
  renderResetPage,
} from './password-reset-pages';
import { INTERACTION_PATH } from './provider';

export const PASSWORD_RESET_PATHS = {
  forgot: `${INTERACTION_PATH}/password/forgot`,
  reset: `${INTERACTION_PATH}/password/reset`,
} as const;

/** The forgot page of a sign-in interaction, so that its back link returns to that sign-in. */
export const forgotHrefFor = (loginPath: string) =>
  `${PASSWORD_RESET_PATHS.forgot}?retour=${encodeURIComponent(loginPath)}`;

/** Only a sign-in page of this provider may be the way back; anything else goes home. */
const LOGIN_PATH = /^\/interaction\/[A-Za-z0-9_-]{1,64}$/;
const loginHrefFrom = (retour: unknown) =>
  typeof retour === 'string' && LOGIN_PATH.test(retour) ? retour : '/';

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

export interface PasswordResetRouteOptions {
  db: Db;
  mailer: Mailer | undefined;
  publicUrl: string;
  /** Signing keys of the known-device cookie, set for the browser that completes a reset. */
  deviceKeys: string[];
  demoMode: boolean;
}

interface ForgotQuery {
  retour?: string;
}
interface ForgotBody {
  email?: string;
}
interface ResetPageErrors {
  newPassword?: string;
  confirmation?: string;
}
interface ResetBody {
  token?: string;
  newPassword?: string;
  confirmation?: string;
}

export function passwordResetRoutes(app: FastifyInstance, opts: PasswordResetRouteOptions) {
  const { db } = opts;
  const linkFor = (token: string) =>
    `${opts.publicUrl}${PASSWORD_RESET_PATHS.reset}?token=${encodeURIComponent(token)}`;
  const rateLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.get<{ Querystring: ForgotQuery }>(PASSWORD_RESET_PATHS.forgot, async (request, reply) => {
    const loginHref = loginHrefFrom(request.query.retour);
    const action = `${PASSWORD_RESET_PATHS.forgot}?retour=${encodeURIComponent(loginHref)}`;
    return sendHtml(reply, 200, renderForgotPage({ action, loginHref }));
  });

  app.post<{ Querystring: ForgotQuery; Body: ForgotBody }>(
    PASSWORD_RESET_PATHS.forgot,
    { config: rateLimit },
    async (request, reply) => {
      const loginHref = loginHrefFrom(request.query.retour);
      const action = `${PASSWORD_RESET_PATHS.forgot}?retour=${encodeURIComponent(loginHref)}`;
      const email = String(request.body?.email ?? '').trim();
      if (!email || email.length > 320 || !isSafeText(email)) {
        const error = PASSWORD_RESET_TEXTS.emailMissing;
        return sendHtml(reply, 400, renderForgotPage({ action, loginHref, email, error }));
      }
      try {
        await requestPasswordReset(
          { db, mailer: opts.mailer, log: request.log, demoMode: opts.demoMode, linkFor },
          email,
          request.ip,
        );
      } catch (err) {
        if (!(err instanceof TooManyAttemptsError)) throw err;
        return sendHtml(reply, 429, renderForgotAnswerPage(loginHref, err.message));
      }
      return sendHtml(reply, 200, renderForgotAnswerPage(loginHref));
    },
  );

  app.get<{ Querystring: { token?: string } }>(
    PASSWORD_RESET_PATHS.reset,
    async (request, reply) => {
      const token = String(request.query.token ?? '');
      if (!token || !(await findResetLink(db, token)))
        return sendHtml(reply, 400, renderInvalidLinkPage(PASSWORD_RESET_PATHS.forgot));
      return sendHtml(reply, 200, renderResetPage({ action: PASSWORD_RESET_PATHS.reset, token }));
    },
  );

  app.post<{ Body: ResetBody }>(
    PASSWORD_RESET_PATHS.reset,
    { config: rateLimit },
    async (request, reply) => {
      const token = String(request.body?.token ?? '');
      const newPassword = String(request.body?.newPassword ?? '');
      const confirmation = String(request.body?.confirmation ?? '');
      const page = (errors: ResetPageErrors) =>
        sendHtml(
          reply,
          400,
          renderResetPage({ action: PASSWORD_RESET_PATHS.reset, token, errors }),
        );
      // docs/product/account.md: each field required; the two must match, and both say so.
      const errors: ResetPageErrors = {};
      if (!newPassword) errors.newPassword = ACCOUNT_SECURITY_MESSAGES.required;
      if (!confirmation) errors.confirmation = ACCOUNT_SECURITY_MESSAGES.required;
      if (newPassword && confirmation && newPassword !== confirmation)
        errors.newPassword = errors.confirmation = ACCOUNT_SECURITY_MESSAGES.mismatch;
      if (errors.newPassword || errors.confirmation) return page(errors);
      let email;
      try {
        email = await resetPassword(db, token, newPassword);
      } catch (err) {
        if (err instanceof InvalidInputError) return page({ newPassword: err.message });
        if (err instanceof NotFoundError)
          return sendHtml(reply, 400, renderInvalidLinkPage(PASSWORD_RESET_PATHS.forgot));
        throw err;
      }
      // This browser proved it reads the mailbox: it signs in on its device's own count.
      reply.header(
        'set-cookie',
        deviceCookieHeader(
          deviceCookieValue(opts.deviceKeys, email),
          opts.publicUrl.startsWith('https:'),
        ),
      );
      return sendHtml(reply, 200, renderResetDonePage());
    },
  );
}
