// The portal's rendering, loaded by main.tsx once the page names a signed-in account (while the
// first reads arrive) and on the public sign-out pages.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// The base styles come first: the CSS each component imports comes after and refines them.
import './styles/global.css';
import { App, portalReads, PortalRoutes, type FirstReads } from './app/app';
import { loadScreens } from './app/lazy-routes';
import { appRoutes } from './app/router';
import type { Session } from './lib/session';

const container = () => document.getElementById('root')!;

export async function renderLoggedOut(): Promise<void> {
  // Its own chunk: the signed-in screens never load it.
  const { LoggedOutPage } = await import('./app/logged-out-page');
  createRoot(container()).render(<LoggedOutPage />);
}

export async function renderAccountDeleted(): Promise<void> {
  // Its own chunk too (docs/decisions/0041-account-deletion-recap.md).
  const { AccountDeletedPage } = await import('./app/account-deleted-page');
  createRoot(container()).render(<AccountDeletedPage />);
}

/**
 * Renders the portal in `#root`: hydrates the first screen the server drew there
 * (server-render.tsx) from the same reads, or draws the screen itself when the page came empty.
 * `drawnOn` is the day the server drew that screen on (lib/today.tsx). Gives back React's root
 * (the tests unmount it).
 */
export async function renderPortal(
  session: Session,
  first: FirstReads,
  drawnOn?: string,
): Promise<Root> {
  const portal = (
    <StrictMode>
      <App session={session} reads={portalReads(first)} drawnOn={drawnOn}>
        <BrowserRouter>
          <PortalRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>
  );
  const root = container();
  // A screen's skeleton the server drew is drawn anew, and stays shown until React's first
  // drawing replaces it (createRoot empties its container then, not before).
  if (root.querySelector(':scope > [data-skeleton]')) {
    const drawn = createRoot(root);
    drawn.render(portal);
    return drawn;
  }
  // The server draws the first screen only with both reads in the page; without them there is
  // nothing to hydrate with, and the browser draws the screen.
  const carried = !(first.account instanceof Promise) && !(first.policies instanceof Promise);
  if (!root.hasChildNodes() || !carried) {
    root.replaceChildren();
    const drawn = createRoot(root);
    drawn.render(portal);
    return drawn;
  }
  // The screen's module first, as the server did: hydration then finds nothing to wait for.
  await loadScreens(appRoutes, window.location.pathname);
  // As a transition: the hydration yields to the browser every few milliseconds instead of
  // holding the page in one long task (the page is already drawn and its links and menus work
  // meanwhile); a click on a part not yet hydrated hydrates it at once.
  let hydrated: Root | undefined;
  startTransition(() => {
    hydrated = hydrateRoot(root, portal, {
      // React draws again in the browser what did not match; the browser tests fail on this line.
      onRecoverableError: (error) =>
        console.error('Hydratation\u00a0: le premier écran diffère.', error),
    });
  });
  return hydrated!;
}
