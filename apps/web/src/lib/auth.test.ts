import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const issuer = `${window.location.origin}/oidc`;
const b64 = (value: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const idToken = (claims: Record<string, unknown>) =>
  `${b64({ alg: 'RS256' })}.${b64({
    iss: issuer,
    aud: 'espace-assure-spa',
    sub: 'acc-1',
    nonce: 'n-1',
    exp: Math.floor(Date.now() / 1000) + 300,
    given_name: 'Léa',
    family_name: 'Martin',
    ...claims,
  })}.signature`;

let tokenRequests: URLSearchParams[];

function provider(claims: Record<string, unknown> = {}) {
  tokenRequests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/.well-known/openid-configuration'))
        return Response.json({
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
        });
      tokenRequests.push(new URLSearchParams(init?.body as URLSearchParams));
      return Response.json({
        access_token: 'at-1',
        refresh_token: 'rt-1',
        expires_in: 300,
        id_token: idToken(claims),
      });
    }),
  );
}

async function callback() {
  window.history.replaceState(null, '', '/auth/callback?code=c-1&state=s-1');
  window.sessionStorage.setItem(
    'espace-assure.sign-in.s-1',
    JSON.stringify({ verifier: 'v-1', nonce: 'n-1', returnTo: '/coverages' }),
  );
  const auth = await import('./auth');
  return { auth, done: auth.completeSignIn() };
}

describe('sign-in callback', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    vi.unstubAllGlobals();
    window.sessionStorage.clear();
  });

  it('exchanges the code with its verifier and keeps the profile in memory only', async () => {
    provider();
    const { auth, done } = await callback();
    await expect(done).resolves.toBe('/coverages');
    expect(Object.fromEntries(tokenRequests[0]!)).toEqual({
      grant_type: 'authorization_code',
      code: 'c-1',
      redirect_uri: `${window.location.origin}/auth/callback`,
      code_verifier: 'v-1',
      client_id: 'espace-assure-spa',
    });
    expect(auth.currentProfile()).toMatchObject({ sub: 'acc-1', given_name: 'Léa' });
    expect(window.sessionStorage.length).toBe(0);
  });

  it.each([
    ['another nonce', { nonce: 'n-2' }],
    ['another issuer', { iss: 'https://evil.example/oidc' }],
    ['another audience', { aud: 'other-client' }],
  ])('refuses an ID token with %s', async (_, claims) => {
    provider(claims);
    const { auth, done } = await callback();
    await expect(done).rejects.toThrow();
    expect(auth.currentProfile()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('refuses a callback whose state it did not start', async () => {
    provider();
    window.history.replaceState(null, '', '/auth/callback?code=c-1&state=forged');
    const auth = await import('./auth');
    await expect(auth.completeSignIn()).rejects.toThrow();
    expect(tokenRequests).toEqual([]);
  });
  it('refuses a callback carrying the provider’s refusal, without asking for tokens', async () => {
    provider();
    window.history.replaceState(null, '', '/auth/callback?error=access_denied&state=s-1');
    window.sessionStorage.setItem(
      'espace-assure.sign-in.s-1',
      JSON.stringify({ verifier: 'v-1', nonce: 'n-1', returnTo: '/' }),
    );
    const auth = await import('./auth');
    await expect(auth.completeSignIn()).rejects.toThrow();
    expect(tokenRequests).toEqual([]);
    expect(window.sessionStorage.length).toBe(0);
  });
});
