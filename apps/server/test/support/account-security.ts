// Shared steps of the account-security API tests: the calls of docs/product/account.md with a
// bearer token, a refresh through the real provider, and a look at what the database keeps.
import type { TestApp } from './harness';
import { bearer, DEMO } from './harness';

export const NEW_PASSWORD = 'Nouveau-Mot2passe';

export function refresh(t: TestApp, refreshToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/oidc/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: t.config.oidc.clientId,
    }).toString(),
  });
}

/**
 * The fresh proof a change that opens a new way in asks for first (services/identity/step-up.ts):
 * the demo password unless told; the answer, 204 when accepted.
 */
export function stepUp(
  t: TestApp,
  accountId: string,
  headers: Record<string, string>,
  proof: string = DEMO.password,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/authentication/accounts/${accountId}/step-up`,
    headers,
    payload: { proof },
  });
}

export function getAccount(t: TestApp, accountId: string, token: string) {
  return t.app.inject({
    url: `/api/v1/account/accounts/${accountId}`,
    headers: bearer(token),
  });
}

export function changePassword(t: TestApp, accountId: string, token: string, payload: unknown) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/authentication/accounts/${accountId}/password`,
    headers: bearer(token),
    payload: payload as object,
  });
}

export function deleteAccount(t: TestApp, accountId: string, token: string, payload: unknown) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/v1/account/accounts/${accountId}`,
    headers: bearer(token),
    payload: payload as object,
  });
}

export function setConsent(t: TestApp, accountId: string, token: string, value: string) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/consent/accounts/${accountId}/${value}`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
  });
}

/** The provider's payloads (sessions, grants, tokens) of an account. */
export function providerPayloads(t: TestApp, accountId: string) {
  return t.database.handle.db
    .selectFrom('oidc_payloads')
    .select(['type', 'id'])
    .where('account_id', '=', accountId)
    .execute();
}
