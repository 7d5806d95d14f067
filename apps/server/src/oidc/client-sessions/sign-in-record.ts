// The sign-in's record carried from the provider's form to the portal's callback
// (docs/decisions/0115-sessions-and-new-device-mail.md). The form (interactions.ts) records the
// accepted sign-in (services/identity/sign-ins.ts) and gives the browser its id in a short
// HttpOnly cookie sent to the callback only; the callback, once the portal's session is open,
// ties that record to the provider session (the new-device mail left with the sign-in itself,
// services/identity/new-device-mail.ts). The cookie holds a random id and nothing personal; linkSignIn accepts it only for
// the account the session opened, once.
import { AUTH_CALLBACK_PATH } from '@espace/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { linkSignIn, SIGN_IN_LINK_SECONDS } from '../../services/identity/sign-ins';
import { readCookie } from '../provider/device-cookie';

const COOKIE = 'espace-sign-in-record';

/** The Set-Cookie of a recorded sign-in, for the callback only. */
export function signInRecordCookie(id: string, secure: boolean): string {
  return [
    `${COOKIE}=${id}`,
    `Path=${AUTH_CALLBACK_PATH}`,
    `Max-Age=${SIGN_IN_LINK_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** At the callback, once `opened` is the portal's new session: links its sign-in. */
export async function linkRecordedSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  opened: { accountId: string; providerSid: string },
): Promise<void> {
  const id = readCookie(request.headers.cookie, COOKIE);
  if (!id) return;
  const secure = app.config.publicUrl.startsWith('https:');
  reply.header(
    'set-cookie',
    `${COOKIE}=; Path=${AUTH_CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
  if (!/^[0-9a-f-]{36}$/.test(id)) return;
  await linkSignIn(app.db, { id, ...opened, userAgent: request.headers['user-agent'] });
}
