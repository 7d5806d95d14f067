// PUT …/authentication/accounts/{accountId}/password (docs/product/account.md "Password change"): 204, the
// refusals of the CNIL rule, a wrong current password counted by the sign-in throttle, and the
// revocations: every other session's tokens refused at once, the current one kept.
import {
  ACCOUNT_SECURITY_MESSAGES as M,
  MESSAGES,
  PASSWORD_RULE_MESSAGES as R,
  type ErrorBody,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { RATE_LIMITS } from '../../../../src/platform/rate-limits/tiers';
import {
  changePassword,
  getAccount,
  NEW_PASSWORD,
  refresh,
} from '../../../support/account-security';
import { apiTest } from '../../../support/api-test';
import { BACKENDS } from '../../../support/backends';
import {
  bearer,
  DEMO,
  signIn,
  startLogin,
  submitLogin,
  subjectOf,
  type Tokens,
} from '../../../support/harness';

describe.each(BACKENDS)('password change on %s', (backend) => {
  const it = apiTest
    .extend(
      'change',
      ({ t, lea }) =>
        (payload: unknown, id = lea.accountId, token = lea.token) =>
          changePassword(t, id, token, payload),
    )
    .extend('submitLoginAs', ({ t }) => async (email: string, password: string) => {
      const { jar, interaction } = await startLogin(t.app, t.config);
      return submitLogin(t.app, interaction, jar, email, password);
    })
    .override({ backend });
  const fields = (response: { json<T>(): T }) => response.json<ErrorBody>().error.fields;

  it('requires authentication', async ({ t, lea: { accountId } }) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/authentication/accounts/${accountId}/password`,
      payload: { oldPassword: DEMO.password, newPassword: NEW_PASSWORD },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses to change another customer’s password', async ({ t, change, submitLoginAs }) => {
    const other = subjectOf((await signIn(t.app, t.config, DEMO.camille)).access_token);
    const response = await change({ oldPassword: DEMO.password, newPassword: NEW_PASSWORD }, other);
    expect(response.statusCode).toBe(403);
    expect((await submitLoginAs(DEMO.camille, DEMO.password)).statusCode).toBe(303);
  });

  it.for<[unknown, object]>([
    [{}, { oldPassword: M.required, newPassword: M.required }],
    [
      { oldPassword: '', newPassword: '' },
      { oldPassword: M.required, newPassword: M.required },
    ],
    [{ oldPassword: DEMO.password, newPassword: 42 }, { newPassword: M.required }],
  ])(
    'refuses the malformed body %j with French field messages',
    async ([payload, expected], { change }) => {
      const response = await change(payload);
      expect(response.statusCode).toBe(400);
      expect(fields(response)).toMatchObject(expected);
    },
  );

  it('refuses a body that is not JSON', async ({ t, lea: { accountId, tokens: current } }) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/authentication/accounts/${accountId}/password`,
      headers: { ...bearer(current.access_token), 'content-type': 'application/json' },
      payload: '{"oldPassword":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.api.malformedJson);
  });

  it('refuses a wrong current password, counted for this session and not the sign-in form', async ({
    t,
    change,
  }) => {
    const rows = () =>
      t.database.handle.db.selectFrom('sign_in_throttle').select(['key', 'attempts']).execute();
    const before = await rows();
    const response = await change({ oldPassword: 'Pas-le-bon-2026', newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(fields(response)).toEqual({ oldPassword: M.wrongPassword });
    const after = await rows();
    expect(after.filter((r) => r.key.startsWith('session:'))).toEqual([
      { key: expect.any(String), attempts: 1 },
    ]);
    const account = (list: typeof after) => list.find((r) => r.key === `account:${DEMO.lea}`);
    expect(account(after)).toEqual(account(before));
  });

  it.for([
    ['a weak password', 'motdepasse2026', R.tooWeak],
    ['the email', `${DEMO.lea}#A1`, R.containsEmail],
    ['more than 128 characters', `${'Aa1#'.repeat(32)}x`, R.tooLong],
  ])('refuses %s as the new password', async ([_what, newPassword, message], { change }) => {
    const response = await change({ oldPassword: DEMO.password, newPassword });
    expect(response.statusCode).toBe(400);
    expect(fields(response)).toEqual({ newPassword: message });
  });

  it('changes it: this session goes on, every other session and token stops at once', async ({
    t,
    lea: { accountId, tokens: current },
    change,
    submitLoginAs,
  }) => {
    const other = await signIn(t.app, t.config, DEMO.lea);
    expect((await getAccount(t, accountId, other.access_token)).statusCode).toBe(200);

    const response = await change({ oldPassword: DEMO.password, newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(204);

    // The current session: its access token, then its refresh token, keep working.
    expect((await getAccount(t, accountId, current.access_token)).statusCode).toBe(200);
    const renewed = await refresh(t, current.refresh_token!);
    expect(renewed.statusCode).toBe(200);
    expect((await getAccount(t, accountId, renewed.json<Tokens>().access_token)).statusCode).toBe(
      200,
    );

    // The other session: its access token (not expired yet) and its refresh token are refused.
    expect((await getAccount(t, accountId, other.access_token)).statusCode).toBe(401);
    expect((await refresh(t, other.refresh_token!)).statusCode).toBe(400);

    // The old password no longer signs in; the new one does.
    expect((await submitLoginAs(DEMO.lea, DEMO.password)).statusCode).toBe(401);
    const again = await signIn(t.app, t.config, DEMO.lea, NEW_PASSWORD);
    expect((await getAccount(t, accountId, again.access_token)).statusCode).toBe(200);

    // The current password is not a new one.
    const same = await change(
      { oldPassword: NEW_PASSWORD, newPassword: NEW_PASSWORD },
      accountId,
      again.access_token,
    );
    expect(same.statusCode).toBe(400);
    expect(fields(same)).toEqual({ newPassword: R.sameAsOld });
  });
});

describe('a wrong current password is throttled per session', () => {
  const it = apiTest;

  it('locks this session’s checks after repeated wrong passwords, not the sign-in page', async ({
    t,
  }) => {
    const tokens = await signIn(t.app, t.config, DEMO.jean);
    const accountId = subjectOf(tokens.access_token);
    for (let i = 0; i < RATE_LIMITS.signInAccount.max; i++) {
      const wrong = await changePassword(t, accountId, tokens.access_token, {
        oldPassword: `Faux-${i}`,
        newPassword: NEW_PASSWORD,
      });
      expect(wrong.statusCode).toBe(400);
    }
    const locked = await changePassword(t, accountId, tokens.access_token, {
      oldPassword: DEMO.password,
      newPassword: NEW_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json<ErrorBody>().error.message).toBe(MESSAGES.login.tooManyAttempts);
    const { jar, interaction } = await startLogin(t.app, t.config);
    const login = await submitLogin(t.app, interaction, jar, DEMO.jean, DEMO.password);
    expect(login.statusCode).toBe(303);
    // Another session of the owner has its own count.
    const other = await signIn(t.app, t.config, DEMO.jean);
    const changed = await changePassword(t, accountId, other.access_token, {
      oldPassword: DEMO.password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(204);
  });
});
