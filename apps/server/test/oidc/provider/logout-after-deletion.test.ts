// The sign-out that follows an account deletion (docs/decisions/0041-account-deletion-recap.md):
// the provider accepts the SPA's second post-logout redirect, the public « Votre compte a été
// supprimé » page, refuses any address it does not know, and sends the deleted customer there.
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { deleteAccount } from '../../support/account-security';
import { DEMO, signInSession, subjectOf } from '../../support/harness';

describe('sign-out after an account deletion', () => {
  const it = apiTest
    .extend(
      'endSession',
      ({ t }) =>
        (cookie: string, idToken: string, redirect: string) =>
          t.app.inject({
            url: `/oidc/session/end?${new URLSearchParams({
              id_token_hint: idToken,
              post_logout_redirect_uri: redirect,
            })}`,
            headers: { cookie },
          }),
    )
    .extend('confirm', ({ t }) => async (cookie: string, page: string) => {
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
      expect(xsrf).toBeTruthy();
      return t.app.inject({
        method: 'POST',
        url: '/oidc/session/end/confirm',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
      });
    });

  it('accepts the deleted page as a post-logout redirect', async ({ t, confirm, endSession }) => {
    const { tokens, jar } = await signInSession(t.app, t.config, DEMO.lea);
    const page = await endSession(
      jar.header(),
      tokens.id_token,
      'http://localhost:3000/accountDeleted',
    );
    expect(page.statusCode).toBe(200);
    const done = await confirm(jar.header(), page.body);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('http://localhost:3000/accountDeleted');
  });

  it('refuses a post-logout redirect it does not know, and signs nobody out', async ({
    t,
    endSession,
  }) => {
    const { tokens, jar } = await signInSession(t.app, t.config, DEMO.lea);
    for (const redirect of [
      'http://localhost:3000/accountDeleted/../evil',
      'http://localhost:3000/somewhere',
      'https://evil.example/accountDeleted',
    ]) {
      const page = await endSession(jar.header(), tokens.id_token, redirect);
      expect(page.statusCode).toBe(400);
      expect(page.body).not.toContain('name="logout"');
      expect(page.body).not.toContain(redirect);
    }
    const account = await t.app.inject({
      url: `/api/v1/account/accounts/${subjectOf(tokens.access_token)}`,
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(account.statusCode).toBe(200);
  });

  it('sends a customer who has just deleted their account to the deleted page', async ({
    t,
    confirm,
    endSession,
  }) => {
    const { tokens, jar } = await signInSession(t.app, t.config, DEMO.camille);
    const accountId = subjectOf(tokens.access_token);
    expect(
      (await deleteAccount(t, accountId, tokens.access_token, { password: DEMO.password }))
        .statusCode,
    ).toBe(204);
    let response = await endSession(
      jar.header(),
      tokens.id_token,
      'http://localhost:3000/accountDeleted',
    );
    // The deleted account's provider session is gone: the provider keeps the sign-out's details
    // in a new one, whose cookie the browser sends with the confirmation.
    jar.store(response);
    expect(response.statusCode).toBe(200);
    response = await confirm(jar.header(), response.body);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('http://localhost:3000/accountDeleted');
  });
});
