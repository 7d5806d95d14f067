import type { Page } from '@playwright/test';
import {
  DEMO,
  DEMO_PASSWORD,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';

/** The navigations the browser makes from now on (sign-in pages included). */
function navigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      urls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return urls;
}

/**
 * Stands in for pages that could not carry their first reads (a failed read on the server, a
 * list of several pages): the block is taken out, so the portal asks the API itself.
 */
async function withoutFirstReads(page: Page) {
  await page.route('**/*', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch({ maxRedirects: 0 });
    const body = (await response.text()).replace(
      /<script type="application\/json" id="portal-first-reads">[^<]*<\/script>/,
      '',
    );
    // The body is read decoded: sent again without its encoding.
    const headers = Object.fromEntries(
      Object.entries(response.headers()).filter(
        ([name]) => !['content-encoding', 'content-length'].includes(name),
      ),
    );
    await route.fulfill({ response, body, headers });
  });
}

const historyLength = (page: Page) => page.evaluate(() => window.history.length);

/** The portal's session cookie over plain http (docs/decisions/0065-portal-session-cookie.md). */
const SESSION_COOKIE = 'espace-session';
const sessionCookies = async (page: Page) =>
  (await page.context().cookies())
    .filter((cookie) => cookie.name === SESSION_COOKIE)
    .map((cookie) => cookie.value);

const policiesShown = (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name: 'Mes Polices d’assurance' })).toBeVisible();
const signInPageShown = (page: Page) =>
  expect(page.getByRole('heading', { name: 'Connexion à votre Espace Assuré' })).toBeVisible();

test.describe('sign-in leaves no history entry', () => {
  test('Back from the first screen leaves the portal, without signing in again', async ({
    page,
  }) => {
    // A new tab: about:blank, then the portal, which goes to the sign-in page in its place.
    await signIn(page, DEMO.lea);
    await policiesShown(page);
    await expect(page).toHaveURL(/\/$/);
    // The blank page and the first screen: neither the sign-in page nor its POST stayed.
    expect(await historyLength(page)).toBe(2);
    const after = navigations(page);
    await page.goBack();
    await expect(page).toHaveURL('about:blank');
    expect(after).toEqual([]);
  });

  test('a wrong password is told on the same page, focused and announced, then sign-in goes on', async ({
    page,
    consoleErrors,
  }) => {
    // The script's request is answered 401 Unauthorized with the message.
    consoleErrors.expect(failedRequest(/\/interaction\/[^/]+\/login/, 401));
    await page.goto('/');
    await signInPageShown(page);
    await expectNoAxeViolations(page, 'login page');
    const signInUrl = page.url();
    const pages = navigations(page);
    await page.getByLabel('Adresse e-mail').fill(DEMO.lea);
    const password = page.getByLabel('Mot de passe');
    await password.fill('pas-le-bon');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();

    const message = 'Adresse e-mail ou mot de passe incorrect.';
    await expect(page.getByRole('alert')).toHaveText(message);
    // As the server-rendered error page: the fields described by the message, the password
    // emptied and focused, the button usable again; the page was not left.
    await expect(password).toBeFocused();
    await expect(password).toHaveValue('');
    await expect(password).toHaveAccessibleDescription(message);
    await expect(page.getByLabel('Adresse e-mail')).toHaveAccessibleDescription(message);
    await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();
    expect(page.url()).toBe(signInUrl);
    expect(pages).toEqual([]);
    expect(await historyLength(page)).toBe(2);
    await expectNoAxeViolations(page, 'login error (script)');

    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await policiesShown(page);
    // The sign-in went on in the sign-in page's place: no POST navigation, no extra entry.
    expect(pages.filter((p) => p.startsWith('POST'))).toEqual([]);
    expect(await historyLength(page)).toBe(2);
  });
  test('an expired sign-in still ends on the French page that says so', async ({
    page,
    consoleErrors,
  }) => {
    // Answered 400 to the script, then to the classic submit it falls back to.
    consoleErrors.expect(failedRequest(/\/interaction\/[^/]+\/login/, 400));
    await page.goto('/');
    await page.getByLabel('Adresse e-mail').fill(DEMO.lea);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    // Stands in for an interaction that has expired: the provider no longer finds it.
    await page.context().clearCookies({ name: /^_interaction/ });
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Connexion impossible' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(
      'Désolé, une erreur inattendue s’est produite. Votre lien de connexion a peut-être expiré.',
    );
    await expectNoAxeViolations(page, 'expired sign-in');
  });
});

test.describe('the sign-in page and the portal’s files', () => {
  /** The requests the page makes from now on, in the order they leave. */
  function requests(page: Page): string[] {
    const sent: string[] = [];
    page.on('request', (request) =>
      sent.push(`${request.method()} ${new URL(request.url()).pathname}`),
    );
    return sent;
  }
  // The portal's entry, which carries the first screen's code (vite.config.ts's code splitting).
  const portalScript = /^GET \/assets\/index-[\w-]+\.js$/;

  test('are fetched once the customer types, not while the page loads', async ({ page }) => {
    const sent = requests(page);
    await page.goto('/');
    await signInPageShown(page);
    await page.waitForLoadState('networkidle');
    expect(sent.filter((r) => portalScript.test(r))).toEqual([]);
    await page.getByLabel('Adresse e-mail').fill(DEMO.lea);
    await expect.poll(() => sent.filter((r) => portalScript.test(r))).toHaveLength(1);
  });

  test('a form sent at once leaves before them', async ({ page }) => {
    const sent = requests(page);
    await page.goto('/');
    await signInPageShown(page);
    // As a browser that fills the form in: no input event before it is sent.
    await page.evaluate(
      ([email, password]) => {
        const form = document.querySelector<HTMLFormElement>('form[data-sign-in]')!;
        (form.elements.namedItem('email') as HTMLInputElement).value = email!;
        (form.elements.namedItem('password') as HTMLInputElement).value = password!;
        form.requestSubmit();
      },
      [DEMO.lea, DEMO_PASSWORD],
    );
    await policiesShown(page);
    const login = sent.findIndex((r) => /^POST \/interaction\/[^/]+\/login$/.test(r));
    const portal = sent.findIndex((r) => portalScript.test(r));
    expect(login).toBeGreaterThan(-1);
    expect(portal).toBeGreaterThan(login);
    // The provider's resume ran in the POST (its cookie came with it): from the form's answer
    // the browser goes straight to the callback, which serves the page.
    const after = sent.slice(login + 1).filter((r) => !r.startsWith('GET /assets/'));
    expect(after[0]).toMatch(/^GET \/auth\/callback$/);
    expect(sent.filter((r) => r.startsWith('GET /oidc/auth/'))).toEqual([]);
  });

  test('a sign-in that cannot be completed on the way back says so', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/auth\/callback\?.*/, 400));
    // No sign-in of this browser is pending: the server refuses before asking for a token.
    await page.goto('/auth/callback?code=inconnu&state=inconnu');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Connexion impossible' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in not completed');
  });

  test('a returning customer gets the page alone, with its first reads in it', async ({ page }) => {
    await signIn(page, DEMO.lea);
    await policiesShown(page);
    const sent = requests(page);
    const pages = navigations(page);
    await page.goto('/coverages');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // No trip to the provider, and no request for the reads the page carried.
    expect(pages).toEqual(['GET /coverages']);
    await page.waitForLoadState('networkidle');
    const reads = sent.filter((r) => r.startsWith('GET /api/v1/'));
    const first = /^GET \/api\/v1\/(policy|account)\/accounts\/[^/]+$/;
    expect(reads.filter((r) => first.test(r))).toEqual([]);
    // The session is an HttpOnly cookie: no script of the page can read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('espace-session');
  });
});

test.describe('session and load failures', () => {
  test('a session the server no longer knows: the next call signs in again and comes back to the same screen', async ({
    page,
    context,
    baseURL,
    consoleErrors,
  }) => {
    consoleErrors.expect(failedRequest(/\/api\/v1\/account\/accounts\/[^/]+\/requests.*/, 401));
    await signIn(page, DEMO.lea, '/account');
    // The sign-in form is served at /account too: the session exists once the screen shows.
    await expect(page.getByRole('heading', { level: 1, name: 'Mon Compte' })).toBeVisible();
    // Stands in for a row the server no longer has (expired, or deleted): to the server a
    // secret it never issued is the same unknown hash. The provider's session stays open, which
    // nothing a customer can do elsewhere allows (a password change or a sign-out ends it too).
    const unknown = 'A'.repeat(43);
    await context.addCookies([{ name: SESSION_COOKIE, value: unknown, url: baseURL! }]);
    expect(await sessionCookies(page)).toEqual([unknown]);
    const pages = navigations(page);
    const history = await historyLength(page);
    const read = page.waitForResponse((r) =>
      /^\/api\/v1\/account\/accounts\/[^/]+\/requests$/.test(new URL(r.url()).pathname),
    );
    const back = page.waitForResponse((r) => new URL(r.url()).pathname === '/auth/sign-in');
    await page
      .getByRole('navigation', { name: 'Rubriques de Mon compte' })
      .getByRole('link', { name: 'Mes demandes' })
      .click();
    expect((await read).status()).toBe(401);
    // Sign-in, answered at once with the page through the provider's open session, on the same
    // screen: no sign-in form, no trip to the provider, and only the link's history entry (the
    // sign-in took its place).
    expect((await back).status()).toBe(200);
    await expect(page.getByRole('heading', { level: 2, name: 'Mes demandes' })).toBeVisible();
    await expect(page).toHaveURL(/\/account\/requests$/);
    expect(pages).toEqual(['GET /auth/sign-in']);
    expect(await historyLength(page)).toBe(history + 1);
    // A new session replaced the unknown one.
    const [renewed] = await sessionCookies(page);
    expect(renewed).toMatch(/^[\w-]{43}$/);
    expect(renewed).not.toBe(unknown);
  });

  // The first screen's reads come inside the page (docs/decisions/0067-first-reads-in-the-page.md):
  // a reload without them makes the SPA call the API, whose failure is what is tested. (The
  // sign-in's own redirect chain cannot be rewritten by a route: Chromium does not route the
  // request that follows a fulfilled redirect.)
  async function reloadWithFailingRead(page: Page, url: string, status: number, body: string) {
    await withoutFirstReads(page);
    await page.route(url, (route) =>
      route.fulfill({ status, contentType: 'application/json', body }),
    );
    await page.reload();
  }

  test('a failed policies load shows the error page', async ({ page, consoleErrors }) => {
    consoleErrors.expect(failedRequest(/\/api\/v1\/policy\/accounts\/[^/]+/, 500));
    await signIn(page, DEMO.camille);
    await policiesShown(page);
    // Stands in for a server failure of the policies call.
    await reloadWithFailingRead(
      page,
      '**/api/v1/policy/accounts/*',
      500,
      JSON.stringify({ error: { code: 'internal_error', message: 'x' } }),
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Désolé, cette page n’est pas disponible' }),
    ).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'Consulter les règles du site' })).toHaveAttribute(
      'href',
      '/rules',
    );
    await expect(page.getByRole('button', { name: 'Revenir à la page précédente' })).toBeVisible();
    await expectNoAxeViolations(page, 'error page');
  });

  test('a failed account load shows the error page too', async ({ page, consoleErrors }) => {
    consoleErrors.expect(failedRequest(/\/api\/v1\/account\/accounts\/[^/]+/, 503));
    await signIn(page, DEMO.lea);
    await policiesShown(page);
    await reloadWithFailingRead(page, '**/api/v1/account/accounts/*', 503, '');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Désolé, cette page n’est pas disponible' }),
    ).toBeVisible({ timeout: 20_000 });
  });
});
