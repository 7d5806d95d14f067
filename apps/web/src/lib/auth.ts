// Sign-in with the authorization-code flow and PKCE (S256), docs/product/account.md, written against the
// provider's endpoints in a few functions (docs/architecture.md "Performance choices": a general
// OIDC client weighed 17 KiB gzipped of the first screen's JavaScript):
// - tokens are kept in memory only (docs/decisions/0015-browser-storage.md); the one-time sign-in state
//   (state, PKCE verifier, nonce, return path) waits in sessionStorage across the redirect and is
//   removed by the callback;
// - the code is exchanged directly with the token endpoint, so the ID token is trusted on TLS
//   (OpenID Connect Core 3.1.3.7) after its issuer, audience, nonce and expiry are checked;
// - the access token is refreshed with the refresh token when less than 5 s remain; if that
//   fails, sign-in starts again;
// - sign-out is one click: the refresh token is revoked, the tokens forgotten, and the provider
//   ends its session without asking and sends the browser to the public 'Vous êtes
//   déconnecté(e)' page (paths.loggedOut), which does not sign in again.
import { AUTH_CALLBACK_PATH, TOKEN_REFRESH_THRESHOLD_SECONDS } from '@espace/contract';
import { appConfig } from './config';
import { paths } from './paths';

interface ProviderMetadata {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint?: string;
  revocation_endpoint?: string;
}

/** The ID token's claims the portal reads. */
interface Profile {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
}

interface Session {
  accessToken: string;
  idToken: string;
  refreshToken?: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  profile: Profile;
}

interface TokenResponse {
  access_token: string;
  id_token?: string;
  refresh_token?: string;
  expires_in?: number;
}

/** What waits in sessionStorage between the redirect to the provider and the callback. */
interface PendingSignIn {
  verifier: string;
  nonce: string;
  returnTo: string;
}

const PENDING_PREFIX = 'espace-assure.sign-in.';
const SCOPE = 'openid profile email';
const redirectUri = () => `${window.location.origin}${AUTH_CALLBACK_PATH}`;

let session: Session | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let renewing: Promise<Session | null> | undefined;
let discovered: Promise<ProviderMetadata> | undefined;

/** Given by the server in index.html (plugins/spa.ts): no discovery request on the way in. */
function provider(): Promise<ProviderMetadata> {
  const given = appConfig.metadata as ProviderMetadata | undefined;
  if (given?.authorization_endpoint && given.token_endpoint) return Promise.resolve(given);
  discovered ??= fetch(`${appConfig.issuer}/.well-known/openid-configuration`).then(
    async (response) => {
      if (!response.ok) throw new Error(`OIDC discovery: HTTP ${response.status}`);
      return (await response.json()) as ProviderMetadata;
    },
  );
  discovered.catch(() => (discovered = undefined));
  return discovered;
}

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const randomToken = () => base64Url(crypto.getRandomValues(new Uint8Array(32)));

async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

function jwtClaims(jwt: string): Record<string, unknown> {
  const payload = jwt.split('.')[1];
  if (!payload) throw new Error('ID token malformed');
  const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

function checkedProfile(
  idToken: string,
  issuer: string,
  expected: { nonce?: string; sub?: string },
): Profile {
  const claims = jwtClaims(idToken);
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (claims.iss !== issuer) throw new Error('ID token from another issuer');
  if (!audience.includes(appConfig.clientId)) throw new Error('ID token for another client');
  if (typeof claims.sub !== 'string' || !claims.sub) throw new Error('ID token without subject');
  if (expected.nonce !== undefined && claims.nonce !== expected.nonce)
    throw new Error('ID token nonce mismatch');
  if (expected.sub !== undefined && claims.sub !== expected.sub)
    throw new Error('ID token for another subject');
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now() - 5 * 60_000)
    throw new Error('ID token expired');
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    sub: claims.sub,
    email: text(claims.email),
    given_name: text(claims.given_name),
    family_name: text(claims.family_name),
  };
}

async function tokenRequest(
  metadata: ProviderMetadata,
  params: Record<string, string>,
): Promise<TokenResponse> {
  const response = await fetch(metadata.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, client_id: appConfig.clientId }),
  });
  if (!response.ok) throw new Error(`Token endpoint: HTTP ${response.status}`);
  const tokens = (await response.json()) as Partial<TokenResponse>;
  if (typeof tokens.access_token !== 'string') throw new Error('Token response without token');
  return tokens as TokenResponse;
}

function keep(tokens: TokenResponse, idToken: string, profile: Profile): Session {
  session = {
    accessToken: tokens.access_token,
    idToken,
    refreshToken: tokens.refresh_token ?? session?.refreshToken,
    expiresAt: Date.now() + (tokens.expires_in ?? 0) * 1000,
    profile,
  };
  clearTimeout(refreshTimer);
  // Refreshed ahead of expiry, once; a failed refresh starts sign-in again.
  const due = session.expiresAt - TOKEN_REFRESH_THRESHOLD_SECONDS * 1000 - Date.now();
  refreshTimer = setTimeout(
    () => {
      void renewSession().then((renewed) => {
        if (!renewed) void signIn();
      });
    },
    Math.max(0, due),
  );
  return session;
}

export async function signIn(
  returnTo = window.location.pathname + window.location.search,
): Promise<void> {
  const metadata = await provider();
  const state = randomToken();
  const pending: PendingSignIn = { verifier: randomToken(), nonce: randomToken(), returnTo };
  window.sessionStorage.setItem(PENDING_PREFIX + state, JSON.stringify(pending));
  const url = new URL(metadata.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: appConfig.clientId,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: SCOPE,
    state,
    nonce: pending.nonce,
    code_challenge: await codeChallenge(pending.verifier),
    code_challenge_method: 'S256',
  }).toString();
  // 'replace': the page that starts sign-in leaves no history entry, so Back from the first
  // screen after sign-in does not start it again.
  window.location.replace(url);
  // The page is leaving: what waited on sign-in never goes on.
  return new Promise<void>(() => undefined);
}

/** Finishes the redirect back from the provider; returns the path to go back to. */
export async function completeSignIn(): Promise<string> {
  const params = new URLSearchParams(window.location.search);
  const state = params.get('state') ?? '';
  const stored = window.sessionStorage.getItem(PENDING_PREFIX + state);
  // Every pending sign-in of this tab goes: this one is used, an older one is abandoned.
  for (const key of Object.keys(window.sessionStorage))
    if (key.startsWith(PENDING_PREFIX)) window.sessionStorage.removeItem(key);
  const code = params.get('code');
  if (!stored || !code || params.has('error')) throw new Error('Sign-in not completed');
  const pending = JSON.parse(stored) as PendingSignIn;
  const metadata = await provider();
  const tokens = await tokenRequest(metadata, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri(),
    code_verifier: pending.verifier,
  });
  if (!tokens.id_token) throw new Error('Token response without ID token');
  keep(
    tokens,
    tokens.id_token,
    checkedProfile(tokens.id_token, metadata.issuer, { nonce: pending.nonce }),
  );
  const returnTo = pending.returnTo;
  return returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : paths.home;
}

/** The signed-in customer while the access token is valid, else null. */
export function currentProfile(): Profile | null {
  return session && session.expiresAt > Date.now() ? session.profile : null;
}

/**
 * A new access token from the refresh token (one request at a time: the provider rotates refresh
 * tokens); null when there is none or the provider refuses it, the session then forgotten.
 */
export function renewSession(): Promise<Session | null> {
  const current = session;
  if (!current?.refreshToken) return Promise.resolve(null);
  renewing ??= (async () => {
    try {
      const metadata = await provider();
      const tokens = await tokenRequest(metadata, {
        grant_type: 'refresh_token',
        refresh_token: current.refreshToken!,
      });
      const idToken = tokens.id_token ?? current.idToken;
      const profile = tokens.id_token
        ? checkedProfile(tokens.id_token, metadata.issuer, { sub: current.profile.sub })
        : current.profile;
      return keep(tokens, idToken, profile);
    } catch {
      forget();
      return null;
    } finally {
      renewing = undefined;
    }
  })();
  return renewing;
}

export async function accessToken(): Promise<string> {
  const valid = session && session.expiresAt > Date.now() ? session : await renewSession();
  if (!valid) {
    await signIn();
    throw new Error('Session expirée');
  }
  return valid.accessToken;
}

function forget(): string | undefined {
  const idToken = session?.idToken;
  session = null;
  clearTimeout(refreshTimer);
  return idToken;
}

/**
 * Forgets the tokens held in memory at once (after an account deletion, docs/product/account.md) and returns
 * the ID token, so that the provider's sign-out can still name the session a moment later.
 */
export function forgetSession(): Promise<string | undefined> {
  return Promise.resolve(forget());
}

/**
 * `endPath` is where the provider sends the browser afterwards: one of the SPA's registered
 * post-logout pages, 'Vous êtes déconnecté(e)' or, after an account deletion, « Votre compte a
 * été supprimé » (docs/decisions/0041-account-deletion-recap.md).
 */
export async function signOut(
  idTokenHint?: string,
  endPath: typeof paths.loggedOut | typeof paths.accountDeleted = paths.loggedOut,
): Promise<void> {
  const metadata = await provider().catch(() => undefined);
  // The refresh token is revoked at the provider before the tokens are forgotten,
  // so it is dead even if the sign-out page never loads; a failure does not stop the sign-out.
  const refreshToken = session?.refreshToken;
  if (metadata?.revocation_endpoint && refreshToken)
    await fetch(metadata.revocation_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: refreshToken,
        token_type_hint: 'refresh_token',
        client_id: appConfig.clientId,
      }),
    }).catch(() => undefined);
  const hint = idTokenHint ?? forget();
  if (!metadata?.end_session_endpoint) {
    window.location.replace(endPath);
    return;
  }
  const url = new URL(metadata.end_session_endpoint);
  url.search = new URLSearchParams({
    client_id: appConfig.clientId,
    post_logout_redirect_uri: `${window.location.origin}${endPath}`,
    ...(hint ? { id_token_hint: hint } : {}),
  }).toString();
  window.location.assign(url);
}
