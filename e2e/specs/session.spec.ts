import {
  DEMO,
  expect,
  expectNoAxeViolations,
  failedRequest,
  signIn,
  test,
} from '../support/fixtures';

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
