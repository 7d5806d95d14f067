// The customer's session, held by the server (docs/decisions/0065-portal-session-cookie.md): the
// server signs the customer in with the provider and gives the browser an HttpOnly cookie that
// no script can read; the SPA holds no token at all (docs/decisions/0015-browser-storage.md).
// - The page names the signed-in account in a <meta> tag (plugins/spa.ts); without it, or when
//   the API answers 401 (the session expired or was ended elsewhere), the browser goes to
//   sign-in and comes back to the same path.
// - Every write carries SESSION_REQUEST_HEADER, which another site cannot send
//   (docs/decisions/0066-writes-need-a-same-origin-header.md).
// - Sign-out is one click: the server ends the session and its provider session, then the
//   public 'Vous êtes déconnecté(e)' page (paths.loggedOut) shows, which does not sign in again;
//   with an external provider the browser goes through its end-session page on the way.
import {
  AUTH_SIGN_IN_PATH,
  AUTH_SIGN_OUT_PATH,
  SESSION_REQUEST_HEADER,
  type SignOutAnswer,
} from '@espace/contract';
import { pageMeta } from './page-meta';
import { paths } from './paths';

/** The signed-in account the server wrote into the page, or undefined. */
export function pageAccount(): string | undefined {
  return pageMeta('portal-account');
}

/** The path asked for before sign-in, on the page that ends it (the callback). */
export function pagePath(): string | undefined {
  return pageMeta('portal-path');
}

/** The header every write of the portal carries. */
export const SAME_ORIGIN_HEADERS: Readonly<Record<string, string>> = {
  [SESSION_REQUEST_HEADER]: '1',
};

/**
 * Goes to sign-in (the server starts it) and back to `returnTo`; 'replace': the page that starts
 * sign-in leaves no history entry. The page is leaving: what waited on sign-in never goes on.
 */
export function signIn(
  returnTo = window.location.pathname + window.location.search,
): Promise<never> {
  window.location.replace(`${AUTH_SIGN_IN_PATH}?${new URLSearchParams({ returnTo })}`);
  return new Promise<never>(() => undefined);
}

/**
 * Ends the session at the server, then shows `endPath`: 'Vous êtes déconnecté(e)' or, after an
 * account deletion, « Votre compte a été supprimé » (docs/decisions/0041-account-deletion-recap.md).
 * A failed request does not stop the sign-out: the page shown never signs in again.
 */
export async function signOut(
  endPath: typeof paths.loggedOut | typeof paths.accountDeleted = paths.loggedOut,
): Promise<void> {
  const response = await fetch(AUTH_SIGN_OUT_PATH, {
    method: 'POST',
    headers: SAME_ORIGIN_HEADERS,
  }).catch(() => undefined);
  // With an external provider, its own session ends there, which then shows the same page
  // (docs/decisions/0084-external-provider-sessions.md).
  const answer =
    response?.status === 200
      ? await (response.json() as Promise<SignOutAnswer>).catch(() => undefined)
      : undefined;
  window.location.replace(answer?.endSession ?? endPath);
}
