// Sign-in is required on load (docs/product/README.md). Tokens live in memory only, so every page load but
// the sign-in callback goes straight to the provider, without downloading or running the
// portal's code (portal.tsx: React and the screens). On the callback the portal's code loads
// while the code is exchanged; a loading text shows until the portal renders with the signed-in
// customer. The public pages are the ends of a sign-out (and of the one after an account
// deletion), which must not sign in again at once.
import { API_ROUTES, apiPath, type Policy } from '@espace/contract';
import { apiList } from './lib/api-client';
import { completeSignIn, currentProfile, signIn } from './lib/auth';
import { isDebugHost } from './lib/debug-host';
import { paths } from './lib/paths';

// docs/product/README.md: any service worker is unregistered.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((all) => all.forEach((r) => void r.unregister()));

// docs/product/README.md: the performance and debug aid loads lazily, only on development and brand hosts.
if (isDebugHost(window.location.hostname))
  void import('./lib/debug-vitals').then((m) => m.startDebugVitals());

async function boot() {
  const { pathname } = window.location;
  if (pathname === paths.loggedOut) {
    await (await import('./portal')).renderLoggedOut();
    return;
  }
  if (pathname === paths.accountDeleted) {
    await (await import('./portal')).renderAccountDeleted();
    return;
  }
  if (pathname !== paths.authCallback) {
    await signIn();
    return;
  }
  // The callback: the code is exchanged while the portal's code (with the policies screen, the
  // usual first one) loads. The token request leaves first: over HTTP/1.1 the browser opens six
  // connections to a host, and the portal's files would otherwise hold them all.
  const signedIn = completeSignIn();
  signedIn.catch(() => undefined); // handled below, after the wait
  await new Promise((resolve) => setTimeout(resolve));
  const portal = import('./portal');
  void portal.then((p) => p.renderLoading());
  try {
    const returnTo = await signedIn;
    window.history.replaceState(null, '', returnTo);
  } catch {
    (await portal).renderSignInFailed();
    return;
  }
  const profile = currentProfile();
  if (!profile) {
    await signIn();
    return;
  }
  // Most screens start from the policies: asked for as soon as the token exists, not once the
  // portal has rendered (app.tsx hands it to the query cache).
  const policies = apiList<Policy>(apiPath(API_ROUTES.policies, { accountId: profile.sub }));
  policies.catch(() => undefined);
  const name = [profile.given_name, profile.family_name].filter(Boolean).join(' ') || undefined;
  (await portal).renderPortal({ accountId: profile.sub, email: profile.email, name }, policies);
}

void boot();
