// The `handle`s of the routes matching the current location, outermost first (react-router's
// useMatches() needs its data router; the portal uses the declarative one, app/router.tsx).
import { createContext, useContext, useMemo } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';

export const RoutesContext = createContext<RouteObject[]>([]);

export function useRouteHandles(): unknown[] {
  const routes = useContext(RoutesContext);
  const { pathname } = useLocation();
  return useMemo(
    () => matchRoutes(routes, pathname)?.map((match) => match.route.handle as unknown) ?? [],
    [routes, pathname],
  );
}
