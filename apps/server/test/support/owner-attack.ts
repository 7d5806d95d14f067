// What the owner-under-attack test and its benchmark (bench/hardening-owner.ts) share: a sign-in
// attempt from an address and, optionally, a known device; and a reset by e-mail, the link
// taken where the mail would carry it, completed on an instance.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../src/config/config';
import type { Db } from '../../src/db/client';
import { DEVICE_COOKIE } from '../../src/oidc/provider/device-cookie';
import { requestPasswordReset } from '../../src/services/identity/password-reset';
import { DEMO, startLogin } from './harness';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** One sign-in of Léa's account through the form, as a browser at `address` sends it. */
export async function attemptSignIn(
  app: FastifyInstance,
  config: Config,
  password: string,
  { address = '198.51.100.2', device }: { address?: string; device?: string | undefined } = {},
) {
  const { jar, interaction } = await startLogin(app, config);
  const cookie = [jar.header(), device ? `${DEVICE_COOKIE}=${device}` : ''].filter(Boolean);
  return app.inject({
    method: 'POST',
    url: `${interaction}/login`,
    remoteAddress: address,
    headers: { cookie: cookie.join('; '), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email: DEMO.lea, password }).toString(),
  });
}

/** Asks for Léa's reset link (no mail: the link is caught) and sets `newPassword` with it on `app`. */
export async function resetByMail(db: Db, app: FastifyInstance, newPassword: string) {
  let token = '';
  await requestPasswordReset(
    {
      db,
      outbox: { mail: false, wake: () => undefined },
      log: quietLog,
      demoMode: false,
      linkFor: (value) => (token = value),
    },
    DEMO.lea,
    { address: '192.0.2.1' },
  );
  const reset = await app.inject({
    method: 'POST',
    url: '/interaction/password/reset',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      token,
      newPassword,
      confirmation: newPassword,
    }).toString(),
  });
  return { token, reset };
}
