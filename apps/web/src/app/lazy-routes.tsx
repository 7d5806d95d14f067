// The routes' lazy screens in react-router's declarative mode (app/router.tsx): each route's
// `lazy: () => import(…)` module rendered by RouteScreen, and the error page in place of a screen
// that crashed.
import {
  Component as ReactComponent,
  use,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { matchRoutes, Outlet, useLocation, type Location, type RouteObject } from 'react-router';
import { RouteErrorPage } from './error-page';

/** A crash of a screen (or of loading its code) shows the error page in its place, until the
 * next path (the screen stays mounted, as a tab of /documents/{id} must keep its focus). */
class ScreenErrorBoundary extends ReactComponent<
  { pathname: string; children: ReactNode },
  { failed: boolean; pathname: string }
> {
  override state = { failed: false, pathname: this.props.pathname };
  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { pathname: string },
  ): { failed: boolean; pathname: string } | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }
  static getDerivedStateFromError() {
    return { failed: true };
  }
  // What React reported of a caught error by itself; Preact does not (decision 0083).
  override componentDidCatch(error: unknown) {
    console.error(error);
  }
  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/** Where the screens render, inside the layout. */
export function Screens() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary pathname={pathname}>
      <Outlet />
    </ScreenErrorBoundary>
  );
}

type RouteModule = { Component: ComponentType };
type Load = () => Promise<RouteModule>;

const modules = new Map<Load, Promise<RouteModule>>();
const loaded = new Set<Load>();
const loaders = new WeakMap<RouteObject, Load>();

/** A route's module, asked for once; a module that failed to load is asked for again next time. */
function moduleOf(load: Load): Promise<RouteModule> {
  let module = modules.get(load);
  if (!module) {
    module = load();
    modules.set(load, module);
    // `use` reads a settled promise's status and value (React's convention, which Preact
    // follows), so a screen whose module has loaded renders at once instead of suspending again.
    const settled = module as Promise<RouteModule> & { status?: string; value?: RouteModule };
    module.then(
      (value) => {
        Object.assign(settled, { status: 'fulfilled', value });
        loaded.add(load);
      },
      () => modules.delete(load),
    );
  }
  return module;
}

/**
 * A route's screen from its `lazy: () => import(…)`. One component type for every route, so two
 * paths of the same module (/documents and /documents/{id}, / and /policies) keep the screen
 * mounted, as the data router did.
 */
function RouteScreen({ load }: { load: Load }) {
  const { Component: Screen } = use(moduleOf(load));
  return <Screen />;
}

/** The modules of the screens `location` shows that have not loaded yet, once they have (or
 * failed); undefined when none is missing. */
function screensLoading(routes: RouteObject[], location: Location): Promise<unknown> | undefined {
  const missing = (matchRoutes(routes, location) ?? [])
    .map(({ route }) => loaders.get(route))
    .filter((load): load is Load => load !== undefined && !loaded.has(load));
  return missing.length > 0 ? Promise.allSettled(missing.map(moduleOf)) : undefined;
}

/**
 * The location to render `routes` at (`useRoutes(routes, useLoadedLocation(routes))`, always
 * given, so the tree keeps its shape): the browser's, or the previous one while the next
 * screens' modules load, as React's transitions did. Under Preact a screen that suspends in
 * place keeps the previous one mounted, and that one renders again with the new path's
 * parameters (docs/decisions/0083-preact-in-the-portal.md).
 */
export function useLoadedLocation(routes: RouteObject[]): Location {
  const location = useLocation();
  const [shown, setShown] = useState(location);
  const loading = location === shown ? undefined : screensLoading(routes, location);
  useEffect(() => {
    if (location === shown) return;
    let current = true;
    void (loading ?? Promise.resolve()).then(() => current && setShown(location));
    return () => {
      current = false;
    };
  }, [loading, location, shown]);
  return loading ? shown : location;
}

/** `lazy: () => import(…)` of each route becomes a RouteScreen element. */
export function declarative(routes: RouteObject[]): RouteObject[] {
  return routes.map(({ lazy: load, children, ...route }) => {
    const screen = {
      ...route,
      ...(typeof load === 'function'
        ? { element: <RouteScreen load={load as unknown as Load} /> }
        : {}),
      ...(children ? { children: declarative(children) } : {}),
    } as RouteObject;
    if (typeof load === 'function') loaders.set(screen, load as unknown as Load);
    return screen;
  });
}
