import type { Account, Policy } from '@espace/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useRoutes } from 'react-router';
import { ACCOUNT_READ } from '../api/get-account';
import { POLICIES_READ } from '../api/get-policies';
import { PortalReads, PortalReadsContext } from '../api/portal-reads';
import { RoutesContext } from '../lib/route-handles';
import { SessionContext, type Session } from '../lib/session';
import { useTakenOver } from '../lib/taken-over';
import { TodayProvider } from '../lib/today';
import { DrawSkeletons } from './lazy-routes';
import { Queries, QueriesContext } from './queries';
import { appRoutes } from './router';

/** The account and policies reads a page carried (data) or that are under way (a promise). */
export interface FirstReads {
  account: Account | Promise<Account>;
  policies: Policy[] | Promise<Policy[]>;
}

/**
 * The portal's reads, with the first reads in them before the first render: data the page
 * carried is there at once (the first render shows the cards, on the server as in the browser
 * that hydrates them), a read under way is awaited as the read's own fetch.
 */
export function portalReads(first?: FirstReads): PortalReads {
  const reads = new PortalReads();
  if (first) {
    reads.put(ACCOUNT_READ, first.account);
    reads.put(POLICIES_READ, first.policies);
  }
  return reads;
}

/** The portal's screens, inside the router `App` is given. */
export function PortalRoutes() {
  return useRoutes(appRoutes);
}

/**
 * Marks the page as taken over by the portal's script (the root element's `data-hydrated`), once
 * the buttons the server drew inert have been drawn live (lib/taken-over.ts: the render after
 * hydration, or the first one in the browser): what the browser tests and the web bench wait for
 * before they act on the page, and what the style of an inert button reads. In the tree the
 * server draws too (it draws nothing), so that both trees have the same shape.
 */
function TakenOver() {
  const takenOver = useTakenOver();
  useEffect(() => {
    if (takenOver) document.documentElement.setAttribute('data-hydrated', '');
  }, [takenOver]);
  return null;
}

/**
 * The signed-in portal around its router: a BrowserRouter in the browser (portal.tsx), a
 * StaticRouter at the request's path on the server (server-render.tsx), each with
 * `<PortalRoutes />` inside, so both draw the same tree.
 */
export function App({
  session,
  reads,
  drawnOn,
  skeleton = false,
  children,
}: {
  session: Session;
  reads: PortalReads;
  /** The day the server drew the first screen on (lib/today.tsx), when it drew one. */
  drawnOn?: string | undefined;
  /**
   * The server draws the screen's skeleton, not the screen (lazy-routes.tsx): the page says so
   * (`data-skeleton`), and the browser draws it anew instead of hydrating it.
   */
  skeleton?: boolean;
  children: ReactNode;
}) {
  // The query library's client, loaded by the first screen that uses it.
  const [queries] = useState(() => new Queries());
  return (
    <SessionContext.Provider value={session}>
      <PortalReadsContext.Provider value={reads}>
        <QueriesContext.Provider value={queries}>
          <RoutesContext.Provider value={appRoutes}>
            <TodayProvider drawnOn={drawnOn}>
              {/* One element under #root: React checks what it hydrates inside it, where at the
                  container's own level it passes over nodes it did not draw. */}
              <DrawSkeletons value={skeleton}>
                <div className="portal" data-skeleton={skeleton ? '' : undefined}>
                  {children}
                </div>
              </DrawSkeletons>
              <TakenOver />
            </TodayProvider>
          </RoutesContext.Provider>
        </QueriesContext.Provider>
      </PortalReadsContext.Provider>
    </SessionContext.Provider>
  );
}
