// Sign-in with the authorization-code flow and PKCE (oidc-client-ts), SPEC §6:
// - tokens are kept in memory only (ARCHITECTURE.md decision 8); the one-time sign-in state
//   (PKCE verifier) waits in sessionStorage across the redirect and is removed after;
// - the access token is refreshed when less than 5 s remain; if that fails, sign-in starts again;
// - sign-out is one click: the refresh token is revoked, the tokens forgotten, and the provider
//   ends its session without asking and sends the browser to the public 'Vous êtes
//   déconnecté(e)' page (paths.loggedOut), which does not sign in again.
import { AUTH_CALLBACK_PATH, TOKEN_REFRESH_THRESHOLD_SECONDS } from '@espace/contract';
import { InMemoryWebStorage, UserManager, WebStorageStateStore, type User } from 'oidc-client-ts';
import { appConfig } from './config';
import { paths } from './paths';

export const userManager = new UserManager({
  authority: appConfig.issuer,
  // Given by the server in index.html (plugins/spa.ts): no discovery request on the way in.
  ...(appConfig.metadata ? { metadata: appConfig.metadata } : {}),
  client_id: appConfig.clientId,
  redirect_uri: `${window.location.origin}${AUTH_CALLBACK_PATH}`,
  post_logout_redirect_uri: `${window.location.origin}${paths.loggedOut}`,
  response_type: 'code',
  scope: 'openid profile email',
  userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
  stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
  automaticSilentRenew: true,
  accessTokenExpiringNotificationTimeInSeconds: TOKEN_REFRESH_THRESHOLD_SECONDS,
  monitorSession: false,
  loadUserInfo: false,
});

interface SignInState {
  returnTo: string;
}

export function signIn(
  returnTo = window.location.pathname + window.location.search,
): Promise<void> {
  // 'replace': the page that starts sign-in leaves no history entry, so Back from the first
  // screen after sign-in does not start it again (issue 15).
  return userManager.signinRedirect({
    state: { returnTo } satisfies SignInState,
    redirectMethod: 'replace',
  });
}

userManager.events.addSilentRenewError(() => {
  void userManager.removeUser().then(() => signIn());
});

/** Finishes the redirect back from the provider; returns the path to go back to. */
export async function completeSignIn(): Promise<string> {
  const user = await userManager.signinRedirectCallback();
  const state = user.state as Partial<SignInState> | undefined;
  const returnTo = state?.returnTo;
  return returnTo && returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : paths.home;
}

export async function currentUser(): Promise<User | null> {
  const user = await userManager.getUser();
  return user && !user.expired ? user : null;
}

export async function accessToken(): Promise<string> {
  let user = await currentUser();
  if (!user) {
    try {
      user = await userManager.signinSilent();
    } catch {
      user = null;
    }
  }
  if (!user) {
    await signIn();
    throw new Error('Session expirée');
  }
  return user.access_token;
}

/**
 * Forgets the tokens held in memory at once (after an account deletion, SPEC §4) and returns
 * the ID token, so that the provider's sign-out can still name the session a moment later.
 */
export async function forgetSession(): Promise<string | undefined> {
  const user = await userManager.getUser();
  await userManager.removeUser();
  return user?.id_token;
}

export async function signOut(idTokenHint?: string): Promise<void> {
  // The refresh token is revoked at the provider before the tokens are forgotten (issue 12),
  // so it is dead even if the sign-out page never loads; a failure does not stop the sign-out.
  await userManager.revokeTokens(['refresh_token']).catch(() => undefined);
  const hint = idTokenHint ?? (await forgetSession());
  await userManager.signoutRedirect({ id_token_hint: hint });
}
