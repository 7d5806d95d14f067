// A stolen cookie and « Ce n’était pas moi » (docs/decisions/0140-a-mail-and-an-undo-for-each-
// change-of-a-way-in.md), through the real provider, the portal's cookie session and a real SMTP
// stand-in: a copy of a customer's cookie adds no passkey and turns no second factor on without a
// fresh proof (403, nothing changed, nothing mailed); each change the owner makes is mailed with
// what, when, from which device and one link; opening the link changes nothing; confirming it
// ends every session (the copied cookie and a public client's token refused), removes the
// passkey and the second factor just added (the passkey no longer signs in), refuses the old
// password and mails a link to choose a new one; the link then works no more, and a forged or
// expired one changes nothing.
import { ERROR_CODES, IDENTITY_CHANGE_TEXTS as T, SESSION_REQUEST_HEADER } from '@espace/contract';
import { describe, expect } from 'vitest';
import { mailingPortal, mailingPortalTest } from '../../../support/account-mail';
import { NEW_PASSWORD, providerPayloads } from '../../../support/account-security';
import { BACKENDS } from '../../../support/backends';
import {
  bearer,
  DEMO,
  pageAccount,
  portalSignIn,
  signIn,
  startLogin,
  submitLogin,
} from '../../../support/harness';
import { confirmNotMe, notMeMails, securedMail, tokenOf, waysIn } from '../../../support/not-me';
import { SoftwareAuthenticator } from '../../../support/software-authenticator';
import { totpCode } from '../../../support/staff';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const write = { [SESSION_REQUEST_HEADER]: '1', 'sec-fetch-site': 'same-origin' };

describe.each(BACKENDS)('« Ce n’était pas moi » on %s', (backend) => {
  const it = mailingPortalTest.override(mailingPortal(backend));

  it('keeps a stolen cookie from adding a way in, and undoes what was added', async ({
    t,
    mailsTo,
  }) => {
    const email = DEMO.lea;
    const owner = await portalSignIn(t.app, email, {
      script: true,
      headers: { 'user-agent': FIREFOX },
    });
    const accountId = pageAccount(owner.page)!;
    const publicClient = await signIn(t.app, t.config, email);
    // The thief's browser holds a copy of the owner's cookie.
    const stolen = owner.jar.header();
    const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/v1/authentication/accounts/${accountId}/${path}`,
        headers: { cookie: stolen, 'user-agent': FIREFOX, ...(method === 'GET' ? {} : write) },
        ...(payload ? { payload } : {}),
      });
    const authenticator = new SoftwareAuthenticator(t.config.publicUrl);

    for (const [method, path, payload] of [
      ['POST', 'passkeys/options'],
      ['POST', 'passkeys', authenticator.register({ challenge: 'AAAA' })],
      ['POST', 'second-factor/enrolment'],
      ['PUT', 'second-factor', { code: '123456' }],
      ['POST', 'second-factor/recovery-codes'],
    ] as const) {
      const refused = await api(method, path, payload);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json<{ error: { code: string } }>().error.code).toBe(
        ERROR_CODES.stepUpRequired,
      );
    }
    expect((await api('POST', 'step-up', { proof: 'Devine-2026!' })).statusCode).toBe(400);
    expect(await waysIn(t.app, { accountId })).toEqual({
      passkeys: [],
      secondFactor: false,
      recoveryCodes: 0,
    });
    const mailed = await t.app.db
      .selectFrom('outbox')
      .select('id')
      .where('account_id', '=', accountId)
      .where('type', '=', 'mail.identity_change')
      .execute();
    expect(mailed).toEqual([]);

    // The owner proves herself, adds a passkey and turns the second factor on: two mails.
    expect((await api('POST', 'step-up', { proof: DEMO.password })).statusCode).toBe(204);
    const options = (await api('POST', 'passkeys/options')).json<{ challenge: string }>();
    expect((await api('POST', 'passkeys', authenticator.register(options))).statusCode).toBe(201);
    const { secret } = (await api('POST', 'second-factor/enrolment')).json<{ secret: string }>();
    expect((await api('PUT', 'second-factor', { code: totpCode(secret) })).statusCode).toBe(200);
    const [added, turnedOn] = await notMeMails(() => mailsTo(email), 2);
    expect(added!.text).toContain('Clé d’accès ajoutée sur votre espace');
    expect(added!.text).toMatch(
      /Une clé d’accès a été ajoutée à votre espace .+ le \d{1,2} \S+ \d{4} à \d{2}:\d{2}, depuis l’appareil «\sFirefox 133 sur Windows 10\s»/,
    );
    expect(turnedOn!.text).toContain('Double authentification activée sur votre espace');

    // Opening the link (a mail scanner does) changes nothing; it says what confirming will do.
    const page = await t.app.inject({ method: 'GET', url: added!.path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(T.pageSessions);
    expect(page.body).toContain(`${T.label('passkey_added')}, le `);
    expect(page.body).toContain(`${T.label('second_factor_on')}, le `);
    expect((await api('GET', 'passkeys')).statusCode).toBe(200);
    expect(await waysIn(t.app, { accountId })).toMatchObject({
      passkeys: [authenticator.id],
      secondFactor: true,
    });

    // Confirmed: every session ends, what was added is gone, the old password no longer works.
    const secured = await confirmNotMe(t.app, tokenOf(added!.path));
    expect(secured.statusCode).toBe(200);
    expect(secured.body).toContain(T.doneTitle);
    expect((await api('GET', 'passkeys')).statusCode).toBe(401);
    const token = await t.app.inject({
      url: `/api/v1/account/accounts/${accountId}`,
      headers: bearer(publicClient.access_token),
    });
    expect(token.statusCode).toBe(401);
    expect(await providerPayloads(t, accountId)).toEqual([]);
    expect(await waysIn(t.app, { accountId })).toEqual({
      passkeys: [],
      secondFactor: false,
      recoveryCodes: 0,
    });
    const login = await startLogin(t.app, t.config);
    const passkeyOptions = await t.app.inject({
      url: `${login.interaction}/passkey/options`,
      headers: { cookie: login.jar.header() },
    });
    const withPasskey = await t.app.inject({
      method: 'POST',
      url: `${login.interaction}/passkey`,
      headers: { cookie: login.jar.header() },
      payload: authenticator.authenticate(passkeyOptions.json<{ challenge: string }>()),
    });
    expect(withPasskey.statusCode).toBe(401);
    const oldPassword = await submitLogin(
      t.app,
      login.interaction,
      login.jar,
      email,
      DEMO.password,
    );
    expect(oldPassword.statusCode).toBe(401);

    // Each link works once; both were spent together. The mailed link sets a new password.
    expect((await confirmNotMe(t.app, tokenOf(added!.path))).statusCode).toBe(400);
    const other = await t.app.inject({ method: 'GET', url: turnedOn!.path });
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain(T.invalid);
    const { path } = await securedMail(() => mailsTo(email));
    expect(secured.body).toContain(path.replace(/&/g, '&amp;'));
    const form = await t.app.inject({ method: 'GET', url: path });
    const resetToken = /name="token" value="([^"]+)"/.exec(form.body)![1]!;
    const reset = await t.app.inject({
      method: 'POST',
      url: '/interaction/password/reset',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        token: resetToken,
        newPassword: NEW_PASSWORD,
        confirmation: NEW_PASSWORD,
      }).toString(),
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(t.app, t.config, email, NEW_PASSWORD)).access_token).toBeTruthy();
  });

  it('changes nothing for a forged, expired or spent link', async ({ t, mailsTo, jean }) => {
    const base = `/api/v1/authentication/accounts/${jean.accountId}`;
    const call = (method: 'POST' | 'PUT', path: string, payload?: object) =>
      t.app.inject({
        method,
        url: `${base}/${path}`,
        headers: jean.headers,
        ...(payload ? { payload } : {}),
      });
    expect((await call('POST', 'step-up', { proof: DEMO.password })).statusCode).toBe(204);
    const { secret } = (await call('POST', 'second-factor/enrolment')).json<{ secret: string }>();
    expect((await call('PUT', 'second-factor', { code: totpCode(secret) })).statusCode).toBe(200);
    const [mail] = await notMeMails(() => mailsTo(DEMO.jean), 1);
    const unchanged = async () => {
      expect(await waysIn(t.app, { accountId: jean.accountId })).toMatchObject({
        secondFactor: true,
      });
      const still = await t.app.inject({
        url: `/api/v1/account/accounts/${jean.accountId}`,
        headers: jean.headers,
      });
      expect(still.statusCode).toBe(200);
    };

    for (const token of ['', 'pas-un-lien', 'A'.repeat(43), 'é'.repeat(200)]) {
      const page = await t.app.inject({
        url: `/interaction/not-me?token=${encodeURIComponent(token)}`,
      });
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(T.invalidTitle);
      expect((await confirmNotMe(t.app, token)).statusCode).toBe(400);
    }
    await unchanged();

    await t.app.db
      .updateTable('identity_changes')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('account_id', '=', jean.accountId)
      .execute();
    expect((await t.app.inject({ url: mail!.path })).statusCode).toBe(400);
    const expired = await confirmNotMe(t.app, tokenOf(mail!.path));
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain(T.invalid);
    await unchanged();
  });
});
