// The `handle`s of the routes matching the current location, outermost first (react-router's
// useMatches() needs its data router; the portal uses the declarative one, app/router.tsx).
import { createContext, useContext, useMemo } from 'react';
import { matchRoutes, useLocation, type RouteMatch, type RouteObject } from 'react-router';

export const RoutesContext = createContext<RouteObject[]>([]);

/** The paths matched last, per route table: at most this many each. */
const MATCHES_KEPT = 64;
const matched = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();

/**
 * `matchRoutes(routes, pathname)`, kept per route table and path: matching flattens and ranks
 * the whole table each time, a third of the first screen's render (on the server, and in the
 * browser that hydrates it) when each reader of the route matched for itself.
 */
export function routeMatches(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let byPath = matched.get(routes);
  if (!byPath) matched.set(routes, (byPath = new Map()));
  if (byPath.has(pathname)) return byPath.get(pathname)!;
  if (byPath.size >= MATCHES_KEPT) byPath.clear();
  const matches = matchRoutes(routes, pathname);
  byPath.set(pathname, matches);
  return matches;
}

export function useRouteHandles(): unknown[] {
  const routes = useContext(RoutesContext);
  const { pathname } = useLocation();
  return useMemo(
    () => routeMatches(routes, pathname)?.map((match) => match.route.handle as unknown) ?? [],
    [routes, pathname],
  );
}
