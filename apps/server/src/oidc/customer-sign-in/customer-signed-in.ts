// What a customer's accepted sign-in does, by password (interactions.ts) or by passkey
// (passkey-sign-in.ts), the same for both: the throttle's count taken back, the sign-in recorded
// with its cookie for the portal's callback and, from a new device, its mail, by the identity
// room's one function every sign-in path calls (services/identity/new-device-mail.ts) whatever
// the client, the known-device cookie set (provider/device-cookie.ts), and the interaction's
// result given to the provider, which opens its session. The
// form's script gets `{ location }` (the resume run in process when it can be,
// client-sessions/portal-sign-in.ts); a classic POST gets the provider's redirect.
import type { SignInMethod } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../../db/client';
import { signIns } from '../../platform/metrics/metrics';
import { signInSucceeded } from '../../services/identity/sign-in-throttle';
import { recordSignInAndMail } from '../../services/identity/new-device-mail';
import { resumeHere } from '../client-sessions/portal-sign-in';
import { signInRecordCookie } from '../client-sessions/sign-in-record';
import type { KnownDevice } from '../provider/device-cookie';

export interface AcceptedSignIn {
  accountId: string;
  method: SignInMethod;
  /** The customer's known device the browser's cookie names, if any, and its cookie. */
  device: KnownDevice;
  /** The throttle's keys counted for this attempt. */
  keys: string[];
  /** The form's script asked for JSON. */
  json: boolean;
}

export async function customerSignedIn(
  app: FastifyInstance,
  deps: { provider: Provider; db: Db; deviceKeys: string[]; secure: boolean },
  request: FastifyRequest,
  reply: FastifyReply,
  accepted: AcceptedSignIn,
) {
  const { provider, db, secure } = deps;
  await signInSucceeded(db, accepted.keys);
  signIns.inc({ outcome: 'success' });
  const mail = { publicUrl: app.config.publicUrl, brand: app.config.mailBrand };
  const recorded = await recordSignInAndMail(
    { db, outbox: app.outbox, mail },
    {
      owner: { accountId: accepted.accountId },
      method: accepted.method,
      userAgent: request.headers['user-agent'],
      knownBrowser: accepted.device.deviceId !== undefined,
    },
  );
  reply.raw.appendHeader('set-cookie', [
    accepted.device.cookie(),
    signInRecordCookie(recorded.id, secure),
  ]);
  const result = { login: { accountId: accepted.accountId, remember: false } };
  if (accepted.json) {
    // The URL the classic POST is redirected to; the script replaces the page with it, or
    // with where the resume leads once run here (portal-sign-in.ts).
    const resumeUrl = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    });
    const resumed = await resumeHere(app, request, provider, resumeUrl);
    // Beside the cookies set above on the raw answer.
    for (const cookie of resumed?.cookies ?? []) reply.raw.appendHeader('set-cookie', cookie);
    return reply
      .header('cache-control', 'no-store')
      .send({ location: resumed?.location ?? resumeUrl });
  }
  reply.hijack();
  return provider.interactionFinished(request.raw, reply.raw, result, {
    mergeWithLastSubmission: false,
  });
}
