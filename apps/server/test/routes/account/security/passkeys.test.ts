// Passkeys' API (docs/decisions/0116-passkeys-through-the-embedded-provider.md): the options of
// an addition bound to the caller's account, refusals in French for an answer that is not one,
// an answer without its challenge, another customer's path or passkey; the provider's passkey
// sign-in refusing an unknown passkey. The whole ceremony with an authenticator is the browser
// test's (e2e/specs/passkeys.spec.ts, Chromium's virtual authenticator).
import { PASSKEY_MESSAGES, type ErrorBody, type Passkeys } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import { startLogin } from '../../../support/harness';
import { stepUp } from '../../../support/account-security';

const answer = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', attestationObject: 'oA' },
};

describe.each(BACKENDS)('passkeys on %s', (backend) => {
  const it = apiTest.override({ backend });
  const base = (accountId: string) => `/api/v1/authentication/accounts/${accountId}/passkeys`;

  it('gives the options of an addition for the caller’s account only', async ({
    t,
    camille,
    lea,
  }) => {
    expect((await stepUp(t, camille.accountId, camille.headers)).statusCode).toBe(204);
    const options = await t.app.inject({
      method: 'POST',
      url: `${base(camille.accountId)}/options`,
      headers: camille.headers,
    });
    expect(options.statusCode).toBe(200);
    const body = options.json<{
      challenge: string;
      rp: { id: string };
      user: { name: string };
      authenticatorSelection: { residentKey: string };
    }>();
    expect(body.challenge).toMatch(/^[\w-]{16,}$/);
    expect(body.rp.id).toBe(new URL(t.config.publicUrl).hostname);
    expect(body.user.name).toBe('camille.martin@example.fr');
    expect(body.authenticatorSelection.residentKey).toBe('required');
    const crossed = await t.app.inject({
      method: 'POST',
      url: `${base(camille.accountId)}/options`,
      headers: lea.headers,
    });
    expect(crossed.statusCode).toBe(403);
  });

  it('refuses an answer that no authenticator made, and one without its challenge', async ({
    t,
    jean,
  }) => {
    const url = base(jean.accountId);
    expect((await stepUp(t, jean.accountId, jean.headers)).statusCode).toBe(204);
    const none = await t.app.inject({
      method: 'POST',
      url,
      headers: jean.headers,
      payload: answer,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<ErrorBody>().error.message).toBe(PASSKEY_MESSAGES.expired);
    await t.app.inject({ method: 'POST', url: `${url}/options`, headers: jean.headers });
    const forged = await t.app.inject({
      method: 'POST',
      url,
      headers: jean.headers,
      payload: answer,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json<ErrorBody>().error.message).toBe(PASSKEY_MESSAGES.refused);
    const malformed = await t.app.inject({
      method: 'POST',
      url,
      headers: jean.headers,
      payload: { ...answer, rawId: 'pas du base64url !' },
    });
    expect(malformed.statusCode).toBe(400);
    const list = await t.app.inject({ url, headers: jean.headers });
    expect(list.json<Passkeys>().passkeys).toEqual([]);
  });

  it('removes only the caller’s own passkeys', async ({ t, camille, lea }) => {
    const db = t.database.handle.db;
    await db
      .insertInto('passkeys')
      .values({
        id: 'cle-de-lea',
        account_id: lea.accountId,
        public_key: Buffer.from([1, 2, 3]),
        counter: 0,
        transports: JSON.stringify(['internal']),
        name: 'Firefox 133 sur Windows 10',
      })
      .execute();
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `${base(camille.accountId)}/cle-de-lea`,
      headers: camille.headers,
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json<ErrorBody>().error.message).toBe(PASSKEY_MESSAGES.notFound);
    const listed = await t.app.inject({ url: base(lea.accountId), headers: lea.headers });
    expect(listed.json<Passkeys>().passkeys).toEqual([
      expect.objectContaining({ id: 'cle-de-lea', name: 'Firefox 133 sur Windows 10' }),
    ]);
    const own = await t.app.inject({
      method: 'DELETE',
      url: `${base(lea.accountId)}/cle-de-lea`,
      headers: lea.headers,
    });
    expect(own.statusCode).toBe(204);
  });

  it('offers the passkey on the sign-in page and refuses an unknown one', async ({ t }) => {
    const { jar, interaction, form } = await startLogin(t.app, t.config);
    expect(form.body).toContain('Se connecter avec une clé d’accès');
    expect(form.body).toContain('autocomplete="username webauthn"');
    const options = await t.app.inject({
      url: `${interaction}/passkey/options`,
      headers: { cookie: jar.header() },
    });
    expect(options.statusCode).toBe(200);
    expect(options.json<{ challenge: string }>().challenge).toMatch(/^[\w-]{16,}$/);
    const signIn = await t.app.inject({
      method: 'POST',
      url: `${interaction}/passkey`,
      headers: { cookie: jar.header() },
      payload: {
        ...answer,
        response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      },
    });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json<ErrorBody>().error.message).toBe(PASSKEY_MESSAGES.refused);
    // Without the interaction's cookie: no ceremony.
    const alone = await t.app.inject({ url: `${interaction}/passkey/options` });
    expect(alone.statusCode).toBe(400);
  });
});
