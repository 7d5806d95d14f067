// Sign-in is required on load (docs/product/README.md). The server holds the session
// (docs/decisions/0065-portal-session-cookie.md): a page load without one never reaches this
// script (the server sends the browser to the provider), and a page with one names its account
// in a <meta> tag and carries the account and policies reads in a JSON block
// (docs/decisions/0067-first-reads-in-the-page.md); a read it could not carry is asked for here,
// matching the page's `Link` preload. The portal renders once, with the customer's name. The
// public pages are the ends of a sign-out (and of the one after an account deletion), which
// must not sign in again at once.
import { API_ROUTES, apiPath, type Account, type Policy } from '@espace/contract';
import { api, apiList } from './lib/api-client';
import { pageAccount, pagePath, signIn } from './lib/auth';
import { isDebugHost } from './lib/debug-host';
import { paths } from './lib/paths';
import { sessionOf } from './lib/session';
import { pageDrawnOn } from './lib/today';
import { renderAccountDeleted, renderLoggedOut, renderPortal } from './portal';

// docs/product/README.md: any service worker is unregistered.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((all) => all.forEach((r) => void r.unregister()));

// docs/product/README.md: the performance and debug aid loads lazily, only on development and brand hosts.
if (isDebugHost(window.location.hostname))
  void import('./lib/debug-vitals').then((m) => m.startDebugVitals());

/** The reads the server wrote into the page, taken out of it once read. */
function pageReads(): { account?: Account; policies?: Policy[] } {
  const block = document.getElementById('portal-first-reads');
  block?.remove();
  try {
    return block?.textContent ? (JSON.parse(block.textContent) as object) : {};
  } catch {
    return {};
  }
}

async function boot() {
  const { pathname } = window.location;
  if (pathname === paths.loggedOut) {
    await renderLoggedOut();
    return;
  }
  if (pathname === paths.accountDeleted) {
    await renderAccountDeleted();
    return;
  }
  const accountId = pageAccount();
  if (!accountId) {
    await signIn();
    return;
  }
  // The sign-in callback's page: the address bar shows the page asked for before sign-in.
  const path = pagePath();
  if (path) window.history.replaceState(null, '', path);
  const first = pageReads();
  const account = first.account
    ? Promise.resolve(first.account)
    : api<Account>(apiPath(API_ROUTES.account, { accountId }));
  const policies = first.policies
    ? Promise.resolve(first.policies)
    : apiList<Policy>(apiPath(API_ROUTES.policies, { accountId }));
  policies.catch(() => undefined); // the policies screen shows its own error
  // A failed account read still renders the portal: its screen shows the error page.
  const customer = await account.catch(() => undefined);
  // The reads the page carried go into the query cache as data, not as promises: the first
  // render then shows the cards instead of a loading state and a render more, and hydrates the
  // first screen the server drew with them.
  await renderPortal(
    sessionOf(accountId, customer),
    { account: first.account ?? account, policies: first.policies ?? policies },
    pageDrawnOn(),
  );
}

void boot();
