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

const historyLength = (page: Page) => page.evaluate(() => window.history.length);

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
    await page.getByRole('button', { name: 'Se connecter' }).click();

    const message = 'Adresse e-mail ou mot de passe incorrect.';
    await expect(page.getByRole('alert')).toHaveText(message);
    // As the server-rendered error page: the fields described by the message, the password
    // emptied and focused, the button usable again; the page was not left.
    await expect(password).toBeFocused();
    await expect(password).toHaveValue('');
    await expect(password).toHaveAccessibleDescription(message);
    await expect(page.getByLabel('Adresse e-mail')).toHaveAccessibleDescription(message);
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
    expect(page.url()).toBe(signInUrl);
    expect(pages).toEqual([]);
    expect(await historyLength(page)).toBe(2);
    await expectNoAxeViolations(page, 'login error (script)');

    await password.fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
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
    await page.getByRole('button', { name: 'Se connecter' }).click();
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
  const portalScript = /^GET \/assets\/portal-[\w-]+\.js$/;

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
  });

  test('a sign-in that cannot be completed on the way back says so', async ({ page }) => {
    // No sign-in of this tab is pending: the exchange fails before any request.
    await page.goto('/auth/callback?code=inconnu&state=inconnu');
    await expect(page.getByText('La connexion a échoué. Veuillez vous reconnecter.')).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in not completed');
  });

  test('on the way back from the provider, the token request leaves before them', async ({
    page,
  }) => {
    await signIn(page, DEMO.lea);
    await policiesShown(page);
    // The provider's session stays; the files must come from the network again.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const sent = requests(page);
    await page.goto('/');
    await policiesShown(page);
    const token = sent.indexOf('POST /oidc/token');
    const portal = sent.findIndex((r) => portalScript.test(r));
    expect(token).toBeGreaterThan(-1);
    expect(portal).toBeGreaterThan(token);
  });
});

test.describe('session and load failures', () => {
  test('the access token is refreshed when less than 5 seconds remain', async ({ page }) => {
    await page.clock.install();
    await signIn(page, DEMO.lea);
    await expect(page.getByTestId('policy-card')).toHaveCount(1);
    const refresh = page.waitForRequest(
      (request) =>
        request.url().endsWith('/oidc/token') &&
        (request.postData() ?? '').includes('grant_type=refresh_token'),
    );
    // Tokens live 300 s; the refresh is due at 295 s.
    await page.clock.fastForward('04:56');
    const response = await (await refresh).response();
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('policy-card')).toHaveCount(1);
  });

  test('when the refresh fails, sign-in starts again', async ({ page, consoleErrors }) => {
    consoleErrors.expect(failedRequest(/\/oidc\/token/, 400));
    await page.clock.install();
    await signIn(page, DEMO.lea);
    await expect(page.getByTestId('policy-card')).toHaveCount(1);
    // Stands in for a refresh token the provider no longer accepts.
    await page.route('**/oidc/token', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'invalid_grant' }),
      }),
    );
    const restart = page.waitForRequest(
      (request) => request.url().includes('/oidc/auth?') && request.isNavigationRequest(),
    );
    await page.clock.fastForward('04:56');
    await page.clock.resume();
    const authorization = new URL((await restart).url());
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('response_type')).toBe('code');
  });

  test('a failed policies load shows the error page', async ({ page, consoleErrors }) => {
    consoleErrors.expect(failedRequest(/\/api\/v1\/policy\/accounts\/[^/]+/, 500));
    // Stands in for a server failure of the policies call.
    await page.route('**/api/v1/policy/accounts/*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal_error', message: 'x' } }),
      }),
    );
    await signIn(page, DEMO.camille);
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
    await page.route('**/api/v1/account/accounts/*', (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    await signIn(page, DEMO.lea);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Désolé, cette page n’est pas disponible' }),
    ).toBeVisible({ timeout: 20_000 });
  });
});
