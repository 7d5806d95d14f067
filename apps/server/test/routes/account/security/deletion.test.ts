// DELETE …/account/accounts/{accountId} {password} (docs/product/account.md "Account deletion";
// docs/architecture.md: deletion keeps contracts): 204; the sign-in identity, every session and
// token, the consent history erased; the contracts kept; the back office told; a wrong password
// deletes nothing.
import {
  ACCOUNT_SECURITY_MESSAGES as M,
  MESSAGES,
  OUTBOX_TYPES,
  type ErrorBody,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import {
  deleteAccount,
  getAccount,
  providerPayloads,
  refresh,
  setConsent,
} from '../../../support/account-security';
import { BACKENDS } from '../../../support/backends';
import { DEMO, signIn, startLogin, submitLogin, subjectOf } from '../../../support/harness';

describe.each(BACKENDS)('account deletion on %s', (backend) => {
  const it = apiTest
    // Camille's other session, on another device, open before any test: the deletion must end it.
    .extend('other', { auto: true }, ({ t, once }) =>
      once('other session', () => signIn(t.app, t.config, DEMO.camille)),
    )
    .extend(
      'db',
      ({ t }) =>
        () =>
          t.database.handle.db,
    )
    .extend(
      'remove',
      ({ t, camille }) =>
        (payload: unknown, id = camille.accountId, token = camille.token) =>
          deleteAccount(t, id, token, payload),
    )
    .extend(
      'count',
      ({ db, camille: { accountId } }) =>
        async (table: 'policies' | 'credentials' | 'consent_history') =>
          Number(
            (
              await db()
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .where('account_id', '=', accountId)
                .executeTakeFirstOrThrow()
            ).n,
          ),
    )
    .override({ backend });

  it('requires authentication', async ({ t, camille: { accountId } }) => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/account/accounts/${accountId}`,
      payload: { password: DEMO.password },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses to delete another customer’s account', async ({ t, remove }) => {
    const lea = subjectOf((await signIn(t.app, t.config, DEMO.lea)).access_token);
    expect((await remove({ password: DEMO.password }, lea)).statusCode).toBe(403);
    const { jar, interaction } = await startLogin(t.app, t.config);
    expect((await submitLogin(t.app, interaction, jar, DEMO.lea, DEMO.password)).statusCode).toBe(
      303,
    );
  });

  it.for([[{}], [{ password: '' }], [{ password: 12 }]])(
    'refuses the malformed body %j with the docs/product/account.md message',
    async ([payload], { remove }) => {
      const response = await remove(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorBody>().error.fields).toEqual({ password: M.required });
    },
  );

  it('deletes nothing when the password is wrong', async ({
    t,
    camille: { accountId, tokens: current },
    count,
    remove,
  }) => {
    expect((await setConsent(t, accountId, current.access_token, 'true')).statusCode).toBe(204);
    const before = {
      policies: await count('policies'),
      credentials: await count('credentials'),
      consent: await count('consent_history'),
      sessions: (await providerPayloads(t, accountId)).length,
    };
    const response = await remove({ password: 'Pas-le-bon-2026' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.fields).toEqual({ password: M.wrongPassword });
    expect({
      policies: await count('policies'),
      credentials: await count('credentials'),
      consent: await count('consent_history'),
      sessions: (await providerPayloads(t, accountId)).length,
    }).toEqual(before);
    expect((await getAccount(t, accountId, current.access_token)).statusCode).toBe(200);
  });

  it('erases the online access, keeps the contracts and tells the back office', async ({
    t,
    camille: { accountId, tokens: current },
    count,
    db,
    other,
    remove,
  }) => {
    const policiesBefore = await count('policies');
    expect(policiesBefore).toBeGreaterThan(0);

    const response = await remove({ password: DEMO.password });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    // Every token issued before is refused at once, this session's too; a second call is 401.
    expect((await getAccount(t, accountId, current.access_token)).statusCode).toBe(401);
    expect((await getAccount(t, accountId, other.access_token)).statusCode).toBe(401);
    expect((await remove({ password: DEMO.password })).statusCode).toBe(401);
    expect((await refresh(t, current.refresh_token!)).statusCode).toBe(400);
    expect((await refresh(t, other.refresh_token!)).statusCode).toBe(400);

    // The email no longer signs in: the ordinary sign-in error.
    const { jar, interaction } = await startLogin(t.app, t.config);
    const login = await submitLogin(t.app, interaction, jar, DEMO.camille, DEMO.password);
    expect(login.statusCode).toBe(401);
    expect(login.body).toContain(MESSAGES.login.invalidCredentials.replace(/'/g, '&#39;'));

    // Erased: credentials, provider payloads, consent history. Kept: the contracts.
    expect(await count('credentials')).toBe(0);
    expect(await count('consent_history')).toBe(0);
    expect(await providerPayloads(t, accountId)).toEqual([]);
    expect(await count('policies')).toBe(policiesBefore);
    const account = await db()
      .selectFrom('accounts')
      .select(['portal_deleted_at', 'commercial_consent', 'customer_id'])
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(account.portal_deleted_at).toBeInstanceOf(Date);
    expect(account.commercial_consent).toBe(false);

    const erasure = await db()
      .selectFrom('outbox')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('type', '=', OUTBOX_TYPES.accountErasure)
      .execute();
    expect(erasure).toHaveLength(1);
    expect(erasure[0]!.payload).toMatchObject({ customerId: account.customer_id });
  });

  it('frees the email: a new sign-in identity may use it', async ({ db }) => {
    await expect(
      db()
        .insertInto('accounts')
        .values({
          id: 'nouveau-compte',
          customer_id: 'CLI-NOUVEAU',
          email: 'nouveau@example.fr',
          first_name: 'Nouveau',
          last_name: 'Client',
          phone_number: '01 99 00 00 00',
        })
        .execute(),
    ).resolves.toBeDefined();
    await expect(
      db()
        .insertInto('credentials')
        .values({ account_id: 'nouveau-compte', email: DEMO.camille, password_hash: 'x' })
        .execute(),
    ).resolves.toBeDefined();
  });
});
