// The staff console's sign-in, in the embedded provider's interaction when its client is the
// console (docs/backoffice.md « Connexion », docs/decisions/0082-staff-sign-in-with-a-second-factor.md).
// It enforces:
// - the password is checked against staff_accounts (enabled ones), counted first by the
//   customers' sign-in throttle under keys of its own (`staff:` + e-mail), and by the route's
//   per-address limit; a wrong e-mail and a wrong password get the same answer and time;
// - the step reached (the password checked, for this staff member, in this interaction) is a
//   short HttpOnly cookie signed with the provider's cookie keys and bound to the interaction's
//   uid: no hidden field is trusted, and another interaction or a forged cookie starts over;
// - then the second factor: enrolment (QR code, secret, a code to confirm, the recovery codes
//   shown once) or a code (TOTP or a recovery code); every code is counted under the staff
//   member (5 wrong ones and the sign-in is refused for the throttle's window);
// - only then the login is given to the provider, for `staff:<id>`, with amr pwd and otp.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { isSafeText } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../db/client';
import { decoyPasswordHash, verifyPassword } from '../services/account/passwords';
import {
  claimSecondFactor,
  claimSignIn,
  signInSucceeded,
} from '../services/account/sign-in-throttle';
import {
  confirmEnrolment,
  pendingEnrolment,
  verifySecondFactor,
} from '../services/staff/second-factor';
import { findStaffForSignIn, staffSubject } from '../services/staff/staff-accounts';
import { RATE_LIMITS, routeLimit } from '../platform/rate-limits/tiers';
import { isConsoleClient } from './console-provider';
import { readCookie } from './device-cookie';
import { renderErrorPage } from './pages';
import { INTERACTION_PATH } from './provider';
import {
  renderCodePage,
  renderEnrolPage,
  renderRecoveryCodesPage,
  renderStaffPasswordPage,
  STAFF_TEXTS as T,
} from './staff-pages';

const STEP_COOKIE = 'espace_staff_step';
const STEP_MAX_AGE = 1800;

const hmac = (key: string, text: string) =>
  createHmac('sha256', key).update(`staff-step:${text}`).digest('base64url');

/** The staff member whose password was checked in interaction `uid`, from the step cookie. */
function stepOf(keys: string[], request: FastifyRequest, uid: string): string | undefined {
  const [payload, signature, extra] =
    readCookie(request.headers.cookie, STEP_COOKIE)?.split('.') ?? [];
  if (!payload || !signature || extra !== undefined) return undefined;
  const valid = keys.some((key) => {
    const expected = Buffer.from(hmac(key, payload));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  if (!valid) return undefined;
  try {
    const step = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      uid?: unknown;
      staffId?: unknown;
      at?: unknown;
    };
    const fresh = typeof step.at === 'number' && Date.now() - step.at < STEP_MAX_AGE * 1000;
    return step.uid === uid && fresh && typeof step.staffId === 'string' ? step.staffId : undefined;
  } catch {
    return undefined;
  }
}

function stepCookie(keys: string[], secure: boolean, value?: { uid: string; staffId: string }) {
  const attributes = `Path=${INTERACTION_PATH}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  if (!value) return `${STEP_COOKIE}=; ${attributes}; Max-Age=0`;
  const payload = Buffer.from(JSON.stringify({ ...value, at: Date.now() })).toString('base64url');
  return `${STEP_COOKIE}=${payload}.${hmac(keys[0]!, payload)}; ${attributes}; Max-Age=${STEP_MAX_AGE}`;
}

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);

/** The password form the interaction page shows for the console client (interactions.ts). */
export const staffPasswordPage = (uid: string) =>
  renderStaffPasswordPage({ action: `${INTERACTION_PATH}/${uid}/staff` });

export function staffInteractionRoutes(
  app: FastifyInstance,
  opts: { provider: Provider; db: Db; keys: string[]; secure: boolean },
) {
  const { provider, db, keys, secure } = opts;
  const limit = { config: { rateLimit: routeLimit(RATE_LIMITS.identityForms) } };
  type Params = { Params: { uid: string }; Body: Record<string, unknown> | undefined };

  /** The console's login interaction of the request, or undefined (the error page is sent). */
  const consoleInteraction = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.prompt.name === 'login' && isConsoleClient(String(details.params.client_id)))
        return details.uid;
    } catch {
      // An unknown or expired interaction: the error page below.
    }
    await sendHtml(reply, 400, renderErrorPage());
    return undefined;
  };
  const paths = (uid: string) => {
    const base = `${INTERACTION_PATH}/${uid}/staff`;
    return { password: base, enrol: `${base}/enrol`, code: `${base}/code` };
  };
  const login = (staffId: string) => ({
    login: { accountId: staffSubject(staffId), amr: ['pwd', 'otp'], remember: false },
  });

  app.post<Params>(`${INTERACTION_PATH}/:uid/staff`, limit, async (request, reply) => {
    const uid = await consoleInteraction(request, reply);
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
    const counted = await claimSignIn(db, { email: `staff:${email}`, address: request.ip });
    if (!counted) return refuse(429, T.locked);
    const staff = await findStaffForSignIn(db, email);
    const valid = await verifyPassword(
      password,
      staff?.password_hash ?? (await decoyPasswordHash()),
    );
    if (!staff || !valid) return refuse(401, T.invalidCredentials);
    await signInSucceeded(db, counted);
    const next = staff.totp_secret ? paths(uid).code : paths(uid).enrol;
    return reply
      .header('set-cookie', stepCookie(keys, secure, { uid, staffId: staff.id }))
      .header('cache-control', 'no-store')
      .redirect(next, 303);
  });

  /** The staff member of the step cookie, or the password form again. */
  const stepped = async (request: FastifyRequest<Params>, reply: FastifyReply) => {
    const uid = await consoleInteraction(request, reply);
    if (!uid) return undefined;
    const staffId = stepOf(keys, request, uid);
    if (!staffId) {
      await reply.header('cache-control', 'no-store').redirect(`${INTERACTION_PATH}/${uid}`, 303);
      return undefined;
    }
    return { uid, staffId };
  };

  /** The enrolment page; an account already enrolled goes to the code page instead. */
  const enrolPage = async (
    reply: FastifyReply,
    step: { uid: string; staffId: string },
    status: number,
    error?: string,
  ) => {
    const staff = await db
      .selectFrom('staff_accounts')
      .select(['id', 'email', 'totp_secret'])
      .where('id', '=', step.staffId)
      .executeTakeFirstOrThrow();
    if (staff.totp_secret)
      return reply.header('cache-control', 'no-store').redirect(paths(step.uid).code, 303);
    const enrolment = await pendingEnrolment(db, staff);
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
    const counted = await claimSecondFactor(db, step.staffId);
    if (!counted) return enrolPage(reply, step, 429, T.tooManyCodes);
    const codes = await confirmEnrolment(db, step.staffId, String(request.body?.code ?? ''));
    if (!codes) return enrolPage(reply, step, 400, T.wrongCode);
    await signInSucceeded(db, counted);
    // The login is given now; the recovery codes page links on to the provider.
    const continueHref = await provider.interactionResult(
      request.raw,
      reply.raw,
      login(step.staffId),
      { mergeWithLastSubmission: false },
    );
    reply.header('set-cookie', stepCookie(keys, secure));
    return sendHtml(reply, 200, renderRecoveryCodesPage({ codes, continueHref }));
  });

  app.get<Params>(`${INTERACTION_PATH}/:uid/staff/code`, async (request, reply) => {
    const step = await stepped(request, reply);
    return step ? sendHtml(reply, 200, renderCodePage({ action: paths(step.uid).code })) : reply;
  });

  app.post<Params>(`${INTERACTION_PATH}/:uid/staff/code`, limit, async (request, reply) => {
    const step = await stepped(request, reply);
    if (!step) return reply;
    const action = paths(step.uid).code;
    const counted = await claimSecondFactor(db, step.staffId);
    if (!counted) return sendHtml(reply, 429, renderCodePage({ action, error: T.tooManyCodes }));
    const proof = await verifySecondFactor(db, step.staffId, String(request.body?.code ?? ''));
    if (!proof) return sendHtml(reply, 401, renderCodePage({ action, error: T.wrongCode }));
    await signInSucceeded(db, counted);
    reply.raw.appendHeader('set-cookie', stepCookie(keys, secure));
    reply.hijack();
    return provider.interactionFinished(request.raw, reply.raw, login(step.staffId), {
      mergeWithLastSubmission: false,
    });
  });
}
