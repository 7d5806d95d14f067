// Sign-in is required on load (SPEC §2, §6): until the session is authenticated only a
// loading text shows. Then the portal renders with the signed-in customer. The one public page
// is the end of a sign-out, which must not sign in again at once.
import { API_ROUTES, apiPath, MESSAGES, type Policy } from '@espace/contract';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The base styles come first: the CSS each component imports comes after and refines them.
import './styles/global.css';
import { App } from './app/app';
import { LoggedOutPage } from './app/logged-out-page';
import { apiList } from './lib/api-client';
import { isDebugHost } from './lib/debug-host';
import { completeSignIn, currentProfile, signIn } from './lib/auth';
import { paths } from './lib/paths';

const root = createRoot(document.getElementById('root')!);

function Message({ text, retry = false }: { text: string; retry?: boolean }) {
  return (
    <main className="boot-message">
      <p role={retry ? 'alert' : 'status'}>{text}</p>
      {retry && (
        <button type="button" className="button" onClick={() => void signIn(paths.home)}>
          Se reconnecter
        </button>
      )}
    </main>
  );
}

// SPEC §9: any service worker is unregistered.
void navigator.serviceWorker
  ?.getRegistrations()
  .then((all) => all.forEach((r) => void r.unregister()));

// SPEC §9: the performance and debug aid loads lazily, only on development and brand hosts.
if (isDebugHost(window.location.hostname))
  void import('./lib/debug-vitals').then((m) => m.startDebugVitals());

async function boot() {
  if (window.location.pathname === paths.loggedOut) {
    root.render(<LoggedOutPage />);
    return;
  }
  root.render(<Message text={MESSAGES.loading} />);
  // Tokens live in memory only, so every page load but the sign-in callback goes to the provider.
  // On the callback, the policies screen's code (the usual first one) loads meanwhile.
  const callback = window.location.pathname === paths.authCallback;
  if (callback) import('./features/policies/routes/policies-page').catch(() => undefined);
  if (callback) {
    try {
      const returnTo = await completeSignIn();
      window.history.replaceState(null, '', returnTo);
    } catch {
      root.render(<Message text="La connexion a échoué. Veuillez vous reconnecter." retry />);
      return;
    }
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
  root.render(
    <StrictMode>
      <App session={{ accountId: profile.sub, email: profile.email, name }} policies={policies} />
    </StrictMode>,
  );
}

void boot();
