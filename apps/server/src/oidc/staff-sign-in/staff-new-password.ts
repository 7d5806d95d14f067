// The staff sign-in's last step for an account on a temporary password (docs/console.md
// « Connexion », docs/decisions/0086-staff-temporary-passwords.md): after the password and the
// second factor (the step cookie says both, staff-steps.ts), the staff member chooses their own
// password before the login is given to the provider. It enforces:
// - the page opens only with a step cookie of this interaction whose second factor is proven,
//   and only while the account still has a temporary password; otherwise the sign-in starts over;
// - both fields are required and must match (both say so), then the service's rule
//   (services/staff/staff-passwords.ts: the CNIL rule, not the e-mail, not the temporary one);
//   a refusal shows the form again, in French, with nothing changed;
// - once saved (the temporary password signs in no more), the login is given, amr pwd and otp.
import { newPasswordPairErrors, type NewPasswordPairErrors } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { sendHtml } from '../../http/html';
import { ConflictError, InvalidInputError } from '../../services/errors';
import { replaceTemporaryPassword } from '../../services/staff/staff-passwords';
import { INTERACTION_PATH } from '../provider/provider';
import { renderNewPasswordPage } from './staff-pages';
import { staffLogin, staffPaths, stepCookie, steppedIn, type StaffStep } from './staff-steps';

type Params = { Params: { uid: string }; Body: Record<string, unknown> | undefined };

export function staffNewPasswordRoutes(
  app: FastifyInstance,
  opts: {
    provider: Provider;
    db: Db;
    keys: string[];
    secure: boolean;
    limit: { config: { rateLimit: object } };
  },
) {
  const { provider, db, keys, secure, limit } = opts;
  const path = `${INTERACTION_PATH}/:uid/staff/new-password`;

  /** The proven step and its account, or undefined after sending the sign-in again. */
  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    const step = await steppedIn(provider, { db, keys }, request, reply);
    if (!step) return undefined;
    // Not before the second factor: back to the start, the step kept.
    if (!step.verified) {
      await reply.header('cache-control', 'no-store').redirect(staffPaths(step.uid).start, 303);
      return undefined;
    }
    if (!step.account.must_change_password) {
      await restart(reply, step);
      return undefined;
    }
    return step;
  };
  /** The password was changed meanwhile (or the account disabled): the sign-in starts over. */
  const restart = (reply: FastifyReply, step: StaffStep) =>
    reply
      .header('set-cookie', stepCookie(keys, secure))
      .header('cache-control', 'no-store')
      .redirect(staffPaths(step.uid).start, 303);
  const page = (
    reply: FastifyReply,
    status: number,
    uid: string,
    email: string,
    errors?: NewPasswordPairErrors,
  ) =>
    sendHtml(
      reply,
      status,
      renderNewPasswordPage({
        action: staffPaths(uid).newPassword,
        email,
        ...(errors ? { errors } : {}),
      }),
    );

  app.get<Params>(path, async (request, reply) => {
    const step = await ready(request, reply);
    return step ? page(reply, 200, step.uid, step.account.email) : reply;
  });

  app.post<Params>(path, limit, async (request, reply) => {
    const step = await ready(request, reply);
    if (!step) return reply;
    const { email } = step.account;
    const newPassword = String(request.body?.newPassword ?? '');
    const confirmation = String(request.body?.confirmation ?? '');
    const errors = newPasswordPairErrors(newPassword, confirmation);
    if (errors.newPassword || errors.confirmation) return page(reply, 400, step.uid, email, errors);
    try {
      await replaceTemporaryPassword(
        db,
        {
          id: step.staffId,
          email,
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        },
        step.account,
        newPassword,
      );
    } catch (error) {
      if (error instanceof InvalidInputError)
        return page(reply, 400, step.uid, email, { newPassword: error.message });
      if (error instanceof ConflictError) return restart(reply, step);
      throw error;
    }
    reply.raw.appendHeader('set-cookie', stepCookie(keys, secure));
    reply.hijack();
    return provider.interactionFinished(request.raw, reply.raw, staffLogin(step.staffId), {
      mergeWithLastSubmission: false,
    });
  });
}
