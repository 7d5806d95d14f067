// PUT …/consent/accounts/{accountId}/{true|false} (docs/product/account.md /account/communication): an
// empty body with a JSON content type, 204; the account shows the current value; every change
// is kept with its date, value and source (GDPR art. 7(1)).
import { MESSAGES, type Account, type ErrorBody } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../../support/api-test';
import { getAccount, setConsent } from '../../../support/account-security';
import { BACKENDS } from '../../../support/backends';
import { bearer, DEMO, signIn, subjectOf } from '../../../support/harness';

describe.each(BACKENDS)('commercial consent on %s', (backend) => {
  const it = apiTest
    .extend(
      'history',
      ({ t, lea: { accountId } }) =>
        () =>
          t.database.handle.db
            .selectFrom('consent_history')
            .select(['consent', 'source', 'recorded_at'])
            .where('account_id', '=', accountId)
            .orderBy('id')
            .execute(),
    )
    .extend(
      'consentShown',
      ({ t, lea: { accountId, token } }) =>
        async () =>
          (await getAccount(t, accountId, token)).json<Account>().commercialConsent,
    )
    .override({ backend });

  it('requires authentication', async ({ t, lea: { accountId } }) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/consent/accounts/${accountId}/true`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses to change another customer’s consent', async ({ t, lea: { token } }) => {
    const other = subjectOf((await signIn(t.app, t.config, DEMO.jean)).access_token);
    expect((await setConsent(t, other, token, 'true')).statusCode).toBe(403);
  });

  it('records a consent given, then withdrawn, each with its date and source', async ({
    t,
    lea: { accountId, token },
    consentShown,
    history,
  }) => {
    const before = Date.now();
    const given = await setConsent(t, accountId, token, 'true');
    expect(given.statusCode).toBe(204);
    expect(await consentShown()).toBe(true);
    const withdrawn = await setConsent(t, accountId, token, 'false');
    expect(withdrawn.statusCode).toBe(204);
    expect(await consentShown()).toBe(false);

    const rows = await history();
    expect(rows.map((r) => [r.consent, r.source])).toEqual([
      [true, 'portal'],
      [false, 'portal'],
    ]);
    for (const row of rows) expect(row.recorded_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('accepts the call without a content type too', async ({
    t,
    lea: { accountId, token },
    consentShown,
  }) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/consent/accounts/${accountId}/true`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(204);
    expect(await consentShown()).toBe(true);
  });

  it.for(['oui', 'TRUE', '1'])(
    'refuses the value %j and records nothing',
    async (value, { t, lea: { accountId, token }, history }) => {
      const before = (await history()).length;
      expect((await setConsent(t, accountId, token, value)).statusCode).toBe(400);
      expect(await history()).toHaveLength(before);
    },
  );

  it('refuses a malformed JSON body', async ({ t, lea: { accountId, token } }) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/consent/accounts/${accountId}/false`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().error.message).toBe(MESSAGES.api.malformedJson);
  });
});
