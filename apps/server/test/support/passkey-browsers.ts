// What the tests of passkeys through the real routes share (a software authenticator,
// software-authenticator.ts, in place of the browser's): a customer's portal browser that calls
// her account's API and adds a passkey after her password as the fresh proof, a passkey sign-in
// at the provider's page, and a staff member's passkey added in the console.
import { CONSOLE_ROUTES, SESSION_REQUEST_HEADER, type OpenSessions } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { consoleCall } from './console';
import {
  DEMO,
  pageAccount,
  portalSignIn,
  startLogin,
  type CookieJar,
  type TestApp,
} from './harness';
import type { SoftwareAuthenticator } from './software-authenticator';

/** A portal browser of `email` with `userAgent`, signed in: its calls to the account's API. */
export async function portalBrowser(t: TestApp, email: string, userAgent: string) {
  const { jar, page } = await portalSignIn(t.app, email, {
    script: true,
    headers: { 'user-agent': userAgent },
  });
  const accountId = pageAccount(page)!;
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/v1/authentication/accounts/${accountId}${path}`,
      headers: {
        cookie: jar.header(),
        'user-agent': userAgent,
        'sec-fetch-site': 'same-origin',
        ...(method === 'GET' ? {} : { [SESSION_REQUEST_HEADER]: '1' }),
      },
      ...(payload ? { payload } : {}),
    });
  /** Its own session's id, as « Sécurité » lists it. */
  const sid = async () =>
    (await call('GET', '/sessions')).json<OpenSessions>().sessions.find((s) => s.current)!.id;
  /** Adds a passkey made by `authenticator`, after the demo password as the fresh proof. */
  const addPasskey = async (authenticator: SoftwareAuthenticator) => {
    const proof = await call('POST', '/step-up', { proof: DEMO.password });
    if (proof.statusCode !== 204) throw new Error(`Step-up refused: ${proof.statusCode}`);
    const options = await call('POST', '/passkeys/options');
    const added = await call('POST', '/passkeys', authenticator.register(options.json()));
    if (added.statusCode !== 201) throw new Error(`Passkey refused: ${added.statusCode}`);
    return added.json<{ id: string; name: string }>();
  };
  return { jar, accountId, call, sid, addPasskey };
}

/**
 * A passkey sign-in at the provider's page by `authenticator`, from a browser with `jar`'s
 * known-device cookie if given: its answer, and the browser's cookies after it.
 */
export async function passkeySignIn(
  t: TestApp,
  authenticator: SoftwareAuthenticator,
  { jar, userAgent }: { jar?: CookieJar; userAgent?: string } = {},
) {
  const login = await startLogin(t.app, t.config);
  const device = jar?.get('espace_device');
  if (device) login.jar.set('espace_device', device);
  const options = await t.app.inject({
    url: `${login.interaction}/passkey/options`,
    headers: { cookie: login.jar.header() },
  });
  const answer = await t.app.inject({
    method: 'POST',
    url: `${login.interaction}/passkey`,
    headers: { cookie: login.jar.header(), ...(userAgent ? { 'user-agent': userAgent } : {}) },
    payload: authenticator.authenticate(options.json()),
  });
  login.jar.store(answer);
  return { answer, jar: login.jar };
}

/**
 * Adds a passkey of `authenticator` to a staff member's console session, after their password
 * as the fresh proof: the answer of POST /me/passkeys.
 */
export async function addConsolePasskey(
  app: FastifyInstance,
  session: { cookie: string },
  password: string,
  authenticator: SoftwareAuthenticator,
  headers: Record<string, string> = {},
) {
  const proof = await consoleCall(app, session, 'POST', CONSOLE_ROUTES.stepUp, { proof: password });
  if (proof.statusCode !== 204) throw new Error(`Step-up refused: ${proof.statusCode}`);
  const options = await consoleCall(app, session, 'POST', CONSOLE_ROUTES.passkeyOptions);
  const answer = authenticator.register(options.json());
  return consoleCall(app, session, 'POST', CONSOLE_ROUTES.passkeys, answer, headers);
}
