// The embedded provider's sign-in page: an ordinary French form; one message for a wrong email
// or a wrong password; repeated failures throttled; passwords stored as scrypt hashes.
import { MESSAGES } from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { RATE_LIMITS } from '../../../src/platform/rate-limits/tiers';
import { DEMO, signInSession, startLogin, submitLogin } from '../../support/harness';
import { DEMO_CUSTOMERS } from '../../../src/seed/demo-customers';

describe('sign-in page', () => {
  const it = apiTest;

  it('is a French form with an email field, a password field and a submit button', async ({
    t,
  }) => {
    const { form } = await startLogin(t.app, t.config);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<html lang="fr">');
    expect(form.body).toMatch(
      /<label for="email">Adresse e-mail<\/label>\s*<input id="email" name="email" type="email"/,
    );
    expect(form.body).toMatch(
      /<label for="password">Mot de passe<\/label>\s*<input id="password" name="password" type="password"/,
    );
    expect(form.body).toContain('<button type="submit">Se connecter</button>');
    expect(form.body).not.toMatch(/<script>|<style>| style="/);
  });

  it('gives the same message for an unknown email and for a wrong password', async ({ t }) => {
    const { jar, interaction } = await startLogin(t.app, t.config);
    const unknown = await submitLogin(t.app, interaction, jar, 'personne@example.fr', 'Demo2026!');
    const wrong = await submitLogin(t.app, interaction, jar, DEMO.lea, 'Mauvais2026!');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    const message = (body: string) =>
      /<p class="auth-error" role="alert" id="login-error">([^<]+)<\/p>/.exec(body)?.[1];
    expect(message(unknown.body)).toBe(MESSAGES.login.invalidCredentials.replace(/'/g, '&#39;'));
    expect(message(wrong.body)).toBe(message(unknown.body));
  });

  it('throttles an email after repeated failures, even with the right password', async ({ t }) => {
    const { jar, interaction } = await startLogin(t.app, t.config);
    for (let i = 0; i < RATE_LIMITS.signInAccount.max; i++) {
      expect((await submitLogin(t.app, interaction, jar, DEMO.jean, `Faux-${i}`)).statusCode).toBe(
        401,
      );
    }
    const locked = await submitLogin(t.app, interaction, jar, DEMO.jean, DEMO.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('Trop de tentatives de connexion');
    // Another customer is not affected.
    const other = await submitLogin(t.app, interaction, jar, DEMO.camille, DEMO.password);
    expect(other.statusCode).toBe(303);
  });

  it('stores passwords as scrypt hashes, never in clear', async ({ t }) => {
    const rows = await t.database.handle.db
      .selectFrom('credentials')
      .select('password_hash')
      .execute();
    // The portal's three demo customers and Nicolas of the console's demo; Hélène has none yet.
    expect(rows).toHaveLength(DEMO_CUSTOMERS.length + 1);
    for (const { password_hash } of rows) {
      expect(password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
      expect(password_hash).not.toContain(DEMO.password);
    }
  });

  it('signs out in one click: the provider’s form is submitted at once, then the SPA page', async ({
    t,
  }) => {
    const { tokens, jar } = await signInSession(t.app, t.config, DEMO.lea);
    const query = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: 'http://localhost:3000/loggedOut',
    });
    const page = await t.app.inject({
      url: `/oidc/session/end?${query}`,
      headers: { cookie: jar.header() },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('Voulez-vous');
    expect(page.body).toContain('<form data-auto-submit ');
    expect(page.body).toContain('<input type="hidden" name="logout" value="yes"/>');
    expect(page.body).toMatch(/<script src="\/interaction\/auto-submit.js" defer><\/script>/);
    expect(page.body).not.toMatch(/<script>|<style>| style="/);
    const script = await t.app.inject('/interaction/auto-submit.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(xsrf).toBeTruthy();
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe('http://localhost:3000/loggedOut');
    // The session's refresh token no longer works.
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token!,
        client_id: t.config.oidc.clientId,
      }).toString(),
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('shows a French error page for an unknown interaction', async ({ t }) => {
    const response = await t.app.inject('/interaction/unknown-uid');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Connexion impossible');
  });
});
