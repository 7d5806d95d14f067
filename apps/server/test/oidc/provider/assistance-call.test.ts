// The 24/7 assistance number where a customer who has just had an accident lands without a
// session (docs/product/claims.md): every page of the embedded provider's sign-in, forgotten
// password, « Première connexion » and sign-out carries it as a `tel:` link in international
// format, at the top of the card; the portal's pages asked for signed out (/faq, /contact, /rules)
// are answered with that sign-in page. That the number is typed once, in the contract, is
// repository/assistance-number.test.ts.
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { signInSession, startLogin, DEMO } from '../../support/harness';

/** The call as the pages write it, and how many times a page has it. */
const LINK =
  '<a href="tel:+33199002424" aria-label="Appeler l’Assistance 24h/24\u00a0: 01 99 00 24 24">Assistance 24h/24\u00a0: <span class="auth-assistance__number">01 99 00 24 24</span></a>';
const calls = (html: string) => html.split(LINK).length - 1;
/** The call comes right after the logo, before the page's heading. */
const atTop = (html: string) =>
  /<div class="brand-logo"[^>]*><\/div>\n<p class="auth-assistance"><span>Un accident, une panne\u00a0\?<\/span> <a /.test(
    html,
  );

describe('the assistance call on the provider’s customer pages', () => {
  const it = apiTest;

  const expectCall = (html: string, page: string) => {
    expect(calls(html), page).toBe(1);
    expect(atTop(html), `${page}: at the top of the card`).toBe(true);
    expect(html, page).not.toMatch(/<script>|<style>| style="/);
  };

  it('is on the sign-in page, also where /faq, /contact and /rules signed out land', async ({
    t,
  }) => {
    const { form } = await startLogin(t.app, t.config);
    expect(form.statusCode).toBe(200);
    expectCall(form.body, 'sign-in');
    for (const url of ['/faq', '/contact', '/rules']) {
      const page = await t.app.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<h1>Connexion à votre Espace Assuré</h1>');
      expectCall(page.body, url);
    }
  });

  it('is on the forgotten-password pages', async ({ t }) => {
    const forgot = await t.app.inject('/interaction/password/forgot');
    expect(forgot.statusCode).toBe(200);
    expect(forgot.body).toContain('<h1>Mot de passe oublié</h1>');
    expectCall(forgot.body, 'forgot');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/interaction/password/forgot',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=',
    });
    expect(refused.statusCode).toBe(400);
    expectCall(refused.body, 'forgot, refused');
    const invalid = await t.app.inject('/interaction/password/reset?token=inconnu');
    expect(invalid.statusCode).toBe(400);
    expectCall(invalid.body, 'invalid link');
  });

  it('is on « Première connexion »', async ({ t }) => {
    const page = await t.app.inject('/interaction/password/first-access');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Première connexion</h1>');
    expectCall(page.body, 'first access');
  });

  it('is on the sign-out pages', async ({ t }) => {
    const { jar } = await signInSession(t.app, t.config, DEMO.lea);
    // Without our client's id_token_hint the provider asks first (logout-pages.ts).
    const confirm = await t.app.inject({
      url: '/oidc/session/end',
      headers: { cookie: jar.header() },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Se déconnecter\u00a0?');
    expectCall(confirm.body, 'sign-out confirmation');
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1];
    const done = await t.app.inject({
      method: 'POST',
      url: '/oidc/session/end/confirm',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
    });
    // Without a post-logout address, the provider's own page 'Vous êtes déconnecté(e)'.
    const loggedOut = done.headers.location
      ? await t.app.inject({
          url: String(done.headers.location),
          headers: { cookie: jar.header() },
        })
      : done;
    expect(loggedOut.body).toContain('<h1>Vous êtes déconnecté(e)</h1>');
    expectCall(loggedOut.body, 'signed out');
  });

  it('is not on the page of an unknown sign-in, which the staff console shares', async ({ t }) => {
    const page = await t.app.inject('/interaction/unknown-uid');
    expect(page.body).toContain('Connexion impossible');
    expect(calls(page.body)).toBe(0);
  });
});
