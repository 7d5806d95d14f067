// The mails of the changes to a customer's ways in (docs/decisions/0140-a-mail-and-an-undo-for-
// each-change-of-a-way-in.md), received by a real SMTP stand-in: a passkey added and removed, the
// second factor turned on and off, new recovery codes and a password change each send one mail
// with what changed, when, from which device and one link; following the link of a removal undoes
// every pending change of the account but removes nothing else — a passkey added before them
// stays —, ends the sessions and disables the new password.
import { IDENTITY_CHANGE_TEXTS as T } from '@espace/contract';
import { describe, expect } from 'vitest';
import { mailingPortal, mailingPortalTest } from '../../../support/account-mail';
import { NEW_PASSWORD, stepUp } from '../../../support/account-security';
import { BACKENDS } from '../../../support/backends';
import { DEMO, startLogin, submitLogin } from '../../../support/harness';
import { confirmNotMe, notMeMails, tokenOf, waysIn } from '../../../support/not-me';
import { SoftwareAuthenticator } from '../../../support/software-authenticator';
import { totpCode } from '../../../support/staff';

const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

describe.each(BACKENDS)('the mails of the changes to a way in on %s', (backend) => {
  const it = mailingPortalTest.override(mailingPortal(backend));

  it('mails each change once, and a removal’s link removes nothing else', async ({
    t,
    mailsTo,
    camille: { accountId, headers: signedIn },
  }) => {
    const headers = { ...signedIn, 'user-agent': SAFARI_IPHONE };
    const base = `/api/v1/authentication/accounts/${accountId}`;
    const call = (method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
      t.app.inject({ method, url: `${base}/${path}`, headers, ...(payload ? { payload } : {}) });
    // A passkey she added long ago, before any of these changes.
    await t.app.db
      .insertInto('passkeys')
      .values({
        id: 'YW5jaWVubmU',
        account_id: accountId,
        staff_id: null,
        public_key: Buffer.from('not a key'),
        counter: 0,
        transports: JSON.stringify(['internal']),
        name: 'Chrome 131 sur Linux',
      })
      .execute();

    expect((await stepUp(t, accountId, headers)).statusCode).toBe(204);
    const authenticator = new SoftwareAuthenticator(t.config.publicUrl);
    const options = (await call('POST', 'passkeys/options')).json<{ challenge: string }>();
    expect((await call('POST', 'passkeys', authenticator.register(options))).statusCode).toBe(201);
    expect((await call('DELETE', `passkeys/${authenticator.id}`)).statusCode).toBe(204);
    const { secret } = (await call('POST', 'second-factor/enrolment')).json<{ secret: string }>();
    expect((await call('PUT', 'second-factor', { code: totpCode(secret) })).statusCode).toBe(200);
    expect((await call('POST', 'second-factor/recovery-codes')).statusCode).toBe(200);
    expect((await call('DELETE', 'second-factor', { proof: DEMO.password })).statusCode).toBe(204);
    const changed = await call('PUT', 'password', {
      oldPassword: DEMO.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(204);

    const mails = await notMeMails(() => mailsTo(DEMO.camille), 6);
    const subjects = [
      'Clé d’accès ajoutée',
      'Clé d’accès supprimée',
      'Double authentification activée',
      'Nouveaux codes de secours',
      'Double authentification désactivée',
      'Mot de passe modifié',
    ];
    const mailOf = (subject: string) =>
      mails.find((m) => m.text.includes(`<title>${subject} sur votre espace`))!;
    for (const subject of subjects) {
      const { text } = mailOf(subject);
      expect(text).toMatch(/depuis l’appareil «\sMobile Safari 17 sur Apple iPhone/);
      expect(text).toContain(T.validity);
      // One link, twice: the button and its address in full.
      expect(text.match(/\/interaction\/not-me\?token=/g)).toHaveLength(4);
    }
    expect(mailOf('Mot de passe modifié').text).toContain('les autres sessions ont été fermées');

    // The removal's link: nothing left to remove, the old passkey stays; the password is disabled.
    const secured = await confirmNotMe(t.app, tokenOf(mailOf('Clé d’accès supprimée').path));
    expect(secured.statusCode).toBe(200);
    expect(await waysIn(t.app, { accountId })).toEqual({
      passkeys: ['YW5jaWVubmU'],
      secondFactor: false,
      recoveryCodes: 0,
    });
    const account = await t.app.inject({ url: `/api/v1/account/accounts/${accountId}`, headers });
    expect(account.statusCode).toBe(401);
    const login = await startLogin(t.app, t.config);
    const refused = await submitLogin(
      t.app,
      login.interaction,
      login.jar,
      DEMO.camille,
      NEW_PASSWORD,
    );
    expect(refused.statusCode).toBe(401);
  });
});
