// The first screen drawn by the server (docs/decisions/0105-react-and-the-first-screen-drawn-by-the-server.md):
// the server (apps/server/src/plugins/spa.ts) imports this module's build (`vite build --ssr`,
// apps/web/dist/.ssr/) and renders the policies page, with the shell around it, from the account
// and policies reads it writes into the same page; portal.tsx hydrates that HTML with the same
// reads. A screen with a skeleton comes as its skeleton in the shell; the other screens are drawn
// in the browser.
import type { Account, Policy } from '@espace/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { App, portalReads, PortalRoutes } from './app/app';
import { hasSkeleton, loadScreens } from './app/lazy-routes';
import { appRoutes } from './app/router';
import { RequestCookies } from './lib/analytics/consent';
import { paths } from './lib/paths';
import { sessionOf } from './lib/session';

/** The paths whose screen the server draws: the policies page, where a customer lands. */
export const FIRST_SCREEN_PATHS: readonly string[] = [paths.home, paths.policies];

export interface FirstScreen {
  /** The path shown, with its query (`/?page=2`). */
  path: string;
  accountId: string;
  account: Account;
  policies: Policy[];
  /** The request's `Cookie` header (the cookie banner shows unless consent was given). */
  cookie: string;
  /** Today in Paris, the day the screen counts from (lib/today.tsx); the page names it. */
  today: string;
}

/**
 * The HTML of `#root` for `screen.path`, or undefined when the server does not draw that path
 * (the browser renders it). The policies page is drawn whole, and hydrated; a screen with a
 * skeleton (« Mes documents », opened from a mail on a slow phone) is drawn as its skeleton in
 * the shell, which the browser draws anew once its script has come (`data-skeleton`).
 */
export async function renderFirstScreen(screen: FirstScreen): Promise<string | undefined> {
  const pathname = new URL(screen.path, 'http://portal').pathname;
  const skeleton = !FIRST_SCREEN_PATHS.includes(pathname);
  if (skeleton && !hasSkeleton(appRoutes, pathname)) return undefined;
  if (!skeleton) await loadScreens(appRoutes, pathname);
  const { accountId, account, policies } = screen;
  const html = renderToString(
    <StrictMode>
      <RequestCookies value={screen.cookie}>
        <App
          session={sessionOf(accountId, account)}
          reads={portalReads({ account, policies })}
          drawnOn={screen.today}
          skeleton={skeleton}
        >
          <StaticRouter location={screen.path}>
            <PortalRoutes />
          </StaticRouter>
        </App>
      </RequestCookies>
    </StrictMode>,
  );
  return html;
}
