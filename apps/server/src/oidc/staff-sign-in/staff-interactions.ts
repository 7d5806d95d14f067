// The staff console's sign-in, in the embedded provider's interaction when its client is the
// console (docs/console.md « Connexion », docs/decisions/0082-staff-sign-in-with-a-second-factor.md).
// It enforces:
// - the password is checked against staff_accounts (enabled ones), counted first by the
//   customers' sign-in throttle under keys of its own (`staff:` + e-mail, or the browser's known
//   device of that staff member: provider/device-cookie.ts), and by the route's per-address limit; a
//   wrong e-mail and a wrong password get the same answer and time;
// - the step reached (the password checked, for this staff member, in this interaction) is a
//   short HttpOnly cookie signed with the provider's cookie keys and bound to the interaction's
//   uid (staff-steps.ts): no hidden field is trusted, and another interaction or a forged
//   cookie starts over;
// - then the second factor: enrolment (QR code, secret, a code to confirm, the recovery codes
//   shown once) or a code (TOTP or a recovery code), or a passkey the member added in the
//   console (staff-passkey.ts); every code is counted under the staff
//   member, or their known device (5 wrong ones and the sign-in is refused for the throttle's
//   window); the browser that proves both factors gets the staff device cookie, and the sign-in
//   is recorded and, from a new browser, mailed to the member (staff-signed-in.ts);
// - a temporary password (`must_change_password`) is then replaced by the staff member's own
//   (staff-new-password.ts), after both factors, so that whoever read it alone changes nothing;
// - only then the login is given to the provider, for `staff:<id>`, with amr pwd and otp.
import { isSafeText } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { decoyPasswordHash, verifyPassword } from '../../services/identity/passwords';
import {
  claimSecondFactor,
  claimSignIn,
  signInSucceeded,
} from '../../services/identity/sign-in-throttle';
import {
  confirmEnrolment,
  pendingEnrolment,
  verifySecondFactor,
} from '../../services/identity/totp';
import { findStaffForSignIn } from '../../services/staff/staff-accounts';
import { sendHtml } from '../../http/html';
import { RATE_LIMITS, routeLimit } from '../../platform/rate-limits/tiers';
import { INTERACTION_PATH } from '../provider/provider';
import { staffDevice, staffProven } from './staff-signed-in';
import { staffLinkRoutes } from './staff-link-routes';
import { staffNewPasswordRoutes } from './staff-new-password';
import { staffCodePage, staffPasskeyRoutes } from './staff-passkey';
import {
  renderEnrolPage,
  renderRecoveryCodesPage,
  renderStaffPasswordPage,
  STAFF_TEXTS as T,
} from './staff-pages';
import {
  consoleInteraction,
  passwordKey,
  staffLogin as login,
  staffPaths as paths,
  stepCookie,
  steppedIn,
  type SteppedIn,
} from './staff-steps';
import { codeRefused, enrolled, signInFailed } from './staff-trail';

/** The password form the interaction page shows for the console client (interactions.ts). */
export const staffPasswordPage = (uid: string) =>
  renderStaffPasswordPage({ action: `${INTERACTION_PATH}/${uid}/staff` });

export function staffInteractionRoutes(
  app: FastifyInstance,
  opts: { provider: Provider; db: Db; keys: string[]; secure: boolean; publicUrl: string },
) {
  const { provider, db, keys, secure } = opts;
  const limit = { config: { rateLimit: routeLimit(RATE_LIMITS.identityForms) } };
  type Params = { Params: { uid: string }; Body: Record<string, unknown> | undefined };
  const stepped = (request: FastifyRequest, reply: FastifyReply) =>
    steppedIn(provider, { db, keys }, request, reply);

  app.post<Params>(`${INTERACTION_PATH}/:uid/staff`, limit, async (request, reply) => {
    const uid = await consoleInteraction(provider, request, reply);
    if (!uid) return reply;
    const email = String(request.body?.email ?? '')
      .trim()
      .toLowerCase();
    const password = String(request.body?.password ?? '');
    const refuse = (status: number, error: string) =>
      sendHtml(
        reply,
        status,
        renderStaffPasswordPage({ action: paths(uid).password, email, error }),
      );
    if (!email || !password || !isSafeText(email) || !isSafeText(password))
      return refuse(400, T.missingFields);
    // Counted before the password is checked, apart from the customers' counts.
    const { deviceId } = staffDevice(opts, email, request);
    const counted = await claimSignIn(db, {
      email: `staff:${email}`,
      address: request.ip,
      deviceId,
    });
    if (!counted.keys) {
      // Journaled once per window and key: the attempt that crossed the limit (staff-trail.ts).
      if (counted.crossed) await signInFailed(db, request, { email, reason: 'throttled' });
      return refuse(429, T.locked);
    }
    const staff = await findStaffForSignIn(db, email);
    const valid = await verifyPassword(
      password,
      staff?.password_hash ?? (await decoyPasswordHash()),
    );
    if (!staff || !valid) {
      await signInFailed(db, request, { email, staffId: staff?.id, reason: 'password' });
      return refuse(401, T.invalidCredentials);
    }
    await signInSucceeded(db, counted.keys);
    const next = staff.totp_secret ? paths(uid).code : paths(uid).enrol;
    return reply
      .header(
        'set-cookie',
        stepCookie(keys, secure, { uid, staffId: staff.id, key: passwordKey(staff.password_hash) }),
      )
      .header('cache-control', 'no-store')
      .redirect(next, 303);
  });

  /**
   * The second factor is proven: a temporary password is replaced first (the step cookie says
   * so, the login waits), else the login is given now.
   */
  const secondFactorProven = (step: SteppedIn) =>
    step.account.must_change_password
      ? stepCookie(keys, secure, { ...step, verified: true })
      : undefined;

  /** The enrolment page; an account already enrolled goes to the code page instead. */
  const enrolPage = async (
    reply: FastifyReply,
    step: SteppedIn,
    status: number,
    error?: string,
  ) => {
    const staff = await db
      .selectFrom('staff_accounts')
      .select('totp_secret')
      .where('id', '=', step.staffId)
      .executeTakeFirstOrThrow();
    if (staff.totp_secret)
      return reply.header('cache-control', 'no-store').redirect(paths(step.uid).code, 303);
    const enrolment = await pendingEnrolment(
      db,
      app.secretKeys,
      { staffId: step.staffId },
      step.account.email,
    );
    const page = renderEnrolPage({
      action: paths(step.uid).enrol,
      ...enrolment,
      ...(error ? { error } : {}),
    });
    return sendHtml(reply, status, page);
  };

  app.get<Params>(`${INTERACTION_PATH}/:uid/staff/enrol`, async (request, reply) => {
    const step = await stepped(request, reply);
    return step ? enrolPage(reply, step, 200) : reply;
  });

  app.post<Params>(`${INTERACTION_PATH}/:uid/staff/enrol`, limit, async (request, reply) => {
    const step = await stepped(request, reply);
    if (!step) return reply;
    const device = staffDevice(opts, step.account.email, request);
    const counted = await claimSecondFactor(db, step.staffId, device.deviceId);
    if (!counted.keys) {
      if (counted.crossed)
        await codeRefused(db, request, step.staffId, { step: 'enrol', reason: 'throttled' });
      return enrolPage(reply, step, 429, T.tooManyCodes);
    }
    const codes = await confirmEnrolment(
      db,
      app.secretKeys,
      { staffId: step.staffId },
      String(request.body?.code ?? ''),
    );
    if (!codes) {
      await codeRefused(db, request, step.staffId, { step: 'enrol', reason: 'wrong' });
      return enrolPage(reply, step, 400, T.wrongCode);
    }
    await enrolled(db, request, step.staffId);
    const known = { staffId: step.staffId, device, keys: counted.keys };
    reply.header('set-cookie', await staffProven(app, request, known));
    const verified = secondFactorProven(step);
    // The recovery codes page links on: to the new password, or to the provider, the login given.
    const continueHref = verified
      ? paths(step.uid).newPassword
      : await provider.interactionResult(request.raw, reply.raw, login(step.staffId), {
          mergeWithLastSubmission: false,
        });
    reply.header('set-cookie', verified ?? stepCookie(keys, secure));
    return sendHtml(reply, 200, renderRecoveryCodesPage({ codes, continueHref }));
  });

  const codePage = (step: SteppedIn, error?: string) => staffCodePage(db, step, error);

  app.get<Params>(`${INTERACTION_PATH}/:uid/staff/code`, async (request, reply) => {
    const step = await stepped(request, reply);
    return step ? sendHtml(reply, 200, await codePage(step)) : reply;
  });

  app.post<Params>(`${INTERACTION_PATH}/:uid/staff/code`, limit, async (request, reply) => {
    const step = await stepped(request, reply);
    if (!step) return reply;
    const device = staffDevice(opts, step.account.email, request);
    const counted = await claimSecondFactor(db, step.staffId, device.deviceId);
    if (!counted.keys) {
      if (counted.crossed)
        await codeRefused(db, request, step.staffId, { step: 'code', reason: 'throttled' });
      return sendHtml(reply, 429, await codePage(step, T.tooManyCodes));
    }
    const proof = await verifySecondFactor(
      db,
      app.secretKeys,
      { staffId: step.staffId },
      String(request.body?.code ?? ''),
    );
    if (!proof) {
      await codeRefused(db, request, step.staffId, { step: 'code', reason: 'wrong' });
      return sendHtml(reply, 401, await codePage(step, T.wrongCode));
    }
    const known = { staffId: step.staffId, device, keys: counted.keys };
    const deviceCookie = await staffProven(app, request, known);
    const verified = secondFactorProven(step);
    if (verified)
      return reply
        .header('set-cookie', verified)
        .header('set-cookie', deviceCookie)
        .header('cache-control', 'no-store')
        .redirect(paths(step.uid).newPassword, 303);
    reply.raw.appendHeader('set-cookie', [stepCookie(keys, secure), deviceCookie]);
    reply.hijack();
    return provider.interactionFinished(request.raw, reply.raw, login(step.staffId), {
      mergeWithLastSubmission: false,
    });
  });

  staffNewPasswordRoutes(app, { ...opts, limit });
  staffPasskeyRoutes(app, { ...opts, limit });
  staffLinkRoutes(app, { db, limit });
}
