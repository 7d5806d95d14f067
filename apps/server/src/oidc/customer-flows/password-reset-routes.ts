// The forgotten-password flow of the embedded provider (docs/decisions/0001-embedded-identity-provider.md): the sign-in
// page links to the request form; the mailed link opens the form that sets the new password.
// A first-access invitation (docs/decisions/0075-first-access-invitation.md) opens the same
// form, titled for a first password. The rules live in services/identity/password-reset.ts and
// password-links.ts; this module reads the forms,
// calls it and draws the pages. The link's token travels in the query string: the request log
// hides it (http-server.ts) and the referrer policy keeps it from other sites.
import {
  isSafeText,
  newPasswordPairErrors,
  PASSWORD_RESET_TEXTS,
  type NewPasswordPairErrors,
} from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { knownDevice } from '../provider/device-cookie';
import { requestPasswordReset } from '../../services/identity/password-reset';
import {
  findPasswordLink,
  linkPurpose,
  setPasswordFromLink,
  type LinkPurpose,
} from '../../services/identity/password-links';
import {
  ConflictError,
  InvalidInputError,
  NotFoundError,
  TooManyAttemptsError,
} from '../../services/errors';
import {
  renderForgotAnswerPage,
  renderForgotPage,
  renderInvalidLinkPage,
  renderResetDonePage,
  renderResetPage,
} from './password-reset-pages';
import { sendHtml } from '../../http/html';
import { passwordLinkFor, PASSWORD_RESET_PATHS } from '../../http/provider-paths';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';

/** Where a refused link sends the customer for a new one, by what it was for. */
const askAgainHref = (purpose: LinkPurpose) =>
  purpose === 'invitation' ? PASSWORD_RESET_PATHS.firstAccess : PASSWORD_RESET_PATHS.forgot;

/** The forgot page of a sign-in interaction, so that its back link returns to that sign-in. */
export const forgotHrefFor = (loginPath: string) =>
  `${PASSWORD_RESET_PATHS.forgot}?retour=${encodeURIComponent(loginPath)}`;

/** Only a sign-in page of this provider may be the way back; anything else goes home. */
const LOGIN_PATH = /^\/interaction\/[A-Za-z0-9_-]{1,64}$/;
export const loginHrefFrom = (retour: unknown) =>
  typeof retour === 'string' && LOGIN_PATH.test(retour) ? retour : '/';

export interface PasswordResetRouteOptions {
  db: Db;
  publicUrl: string;
  /**
   * Signing keys of the known-device cookie: set for the browser that completes a reset, read
   * from the browser that asks for a link.
   */
  deviceKeys: string[];
  demoMode: boolean;
}

interface ForgotQuery {
  retour?: string;
}
interface ForgotBody {
  email?: string;
}
interface ResetBody {
  token?: string;
  newPassword?: string;
  confirmation?: string;
}

export function passwordResetRoutes(app: FastifyInstance, opts: PasswordResetRouteOptions) {
  const { db } = opts;
  const linkFor = passwordLinkFor(opts.publicUrl);
  const rateLimit = { rateLimit: routeLimit(RATE_LIMITS.identityForms) };
  const device = { keys: opts.deviceKeys, secure: opts.publicUrl.startsWith('https:') };

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
      // A browser that signed in to this account (or reset its password) before asks on its own
      // budget, outside what strangers can spend
      // (docs/decisions/0160-forgotten-password-mails-per-requester.md).
      const { deviceId } = knownDevice(device, { customer: email }, request);
      try {
        await requestPasswordReset(
          { db, outbox: app.outbox, log: request.log, demoMode: opts.demoMode, linkFor },
          email,
          { address: request.ip, deviceId },
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
      const link = token ? await findPasswordLink(db, token) : undefined;
      if (!link) {
        const purpose = token ? await linkPurpose(db, token) : 'reset';
        return sendHtml(reply, 400, renderInvalidLinkPage(askAgainHref(purpose)));
      }
      const { purpose } = link;
      return sendHtml(
        reply,
        200,
        renderResetPage({ action: PASSWORD_RESET_PATHS.reset, token, purpose }),
      );
    },
  );

  app.post<{ Body: ResetBody }>(
    PASSWORD_RESET_PATHS.reset,
    { config: rateLimit },
    async (request, reply) => {
      const token = String(request.body?.token ?? '');
      const newPassword = String(request.body?.newPassword ?? '');
      const confirmation = String(request.body?.confirmation ?? '');
      const page = async (errors: NewPasswordPairErrors) => {
        const purpose = await linkPurpose(db, token);
        const options = { action: PASSWORD_RESET_PATHS.reset, token, errors, purpose };
        return sendHtml(reply, 400, renderResetPage(options));
      };
      // docs/product/account.md: each field required; the two must match, and both say so.
      const errors = newPasswordPairErrors(newPassword, confirmation);
      if (errors.newPassword || errors.confirmation) return page(errors);
      let done;
      try {
        done = await setPasswordFromLink(db, token, newPassword);
      } catch (err) {
        if (err instanceof InvalidInputError || err instanceof ConflictError)
          return page({ newPassword: err.message });
        if (err instanceof NotFoundError) {
          const again = askAgainHref(await linkPurpose(db, token));
          return sendHtml(reply, 400, renderInvalidLinkPage(again));
        }
        throw err;
      }
      const { email, purpose } = done;
      // This browser proved it reads the mailbox: it signs in on its device's own count.
      reply.header('set-cookie', knownDevice(device, { customer: email }, request).cookie());
      return sendHtml(reply, 200, renderResetDonePage(purpose));
    },
  );
}
