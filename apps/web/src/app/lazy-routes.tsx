// The routes' lazy screens in react-router's declarative mode (app/router.tsx): each route's
// `lazy: () => import(…)` module rendered by RouteScreen, with the query library's client for the
// screens that use it, and the error page in place of a screen that crashed.
import {
  Component as ReactComponent,
  createContext,
  Suspense,
  use,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { routeMatches } from '../lib/route-handles';
import { RouteErrorPage } from './error-page';
import { useQueries } from './queries';

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
const loaders = new WeakMap<RouteObject, Load>();

/** A route's module, asked for once; a module that failed to load is asked for again next time. */
function moduleOf(load: Load): Promise<RouteModule> {
  let module = modules.get(load);
  if (!module) {
    module = load();
    modules.set(load, module);
    // `use` reads a settled promise's status and value (React's convention), so a screen whose
    // module has loaded renders at once instead of suspending again, and the server renders a
    // screen whose module it loaded first (loadScreens) without suspending at all.
    const settled = module as Promise<RouteModule> & { status?: string; value?: RouteModule };
    module.then(
      (value) => Object.assign(settled, { status: 'fulfilled', value }),
      () => modules.delete(load),
    );
  }
  return module;
}

/**
 * What a route's `handle` says of its screen: `firstScreen`, drawn by the server and living on
 * the portal's own reads only (api/portal-reads.ts), needs no query library; `skeleton`, what
 * the screen looks like before its code and data have come (components/skeleton): shown at once
 * while they load, navigation included, and drawn by the server for a page opened there.
 */
interface ScreenHandle {
  firstScreen?: boolean;
  skeleton?: ComponentType;
}

/**
 * True where the server draws a screen's skeleton instead of the screen (server-render.tsx): the
 * page the browser then draws anew, without loading the screen's code on the server.
 */
export const DrawSkeletons = createContext(false);

/** Whether `pathname` shows a screen that has a skeleton (the server draws it for that path). */
export function hasSkeleton(routes: RouteObject[], pathname: string): boolean {
  return (routeMatches(routes, pathname) ?? []).some(
    ({ route }) => (route.handle as ScreenHandle | undefined)?.skeleton !== undefined,
  );
}

/**
 * A route's screen from its `lazy: () => import(…)`, given the query library's client (loaded
 * first) unless it is a first screen. One component type for every route, so two paths of the
 * same module (/documents and /documents/{id}, / and /policies) keep the screen mounted, as the
 * data router did.
 */
function RouteScreen({
  load,
  firstScreen,
  skeleton: Skeleton,
}: {
  load: Load;
  firstScreen: boolean;
  skeleton?: ComponentType | undefined;
}) {
  const queries = useQueries();
  if (Skeleton && use(DrawSkeletons)) return <Skeleton />;
  const { Component: Screen } = use(moduleOf(load));
  if (firstScreen) return <Screen />;
  const { client, Provider } = use(queries.load());
  return (
    <Provider client={client}>
      <Screen />
    </Provider>
  );
}

/**
 * The modules of the screens `pathname` shows, loaded: they then render without suspending, on
 * the server that draws the first screen and in the browser that hydrates it.
 */
export function loadScreens(routes: RouteObject[], pathname: string): Promise<unknown> {
  const loads = (routeMatches(routes, pathname) ?? [])
    .map(({ route }) => loaders.get(route))
    .filter((load): load is Load => load !== undefined);
  return Promise.allSettled(loads.map(moduleOf));
}

/**
 * `lazy: () => import(…)` of each route becomes a RouteScreen element; a screen with a skeleton
 * gets a Suspense boundary of its own, whose fallback is the skeleton. A navigation is a
 * transition, which keeps the screen shown while the next one loads, but not for a boundary it
 * mounts: the skeleton shows at once, and stays through the screen's code and the query library.
 */
export function declarative(routes: RouteObject[]): RouteObject[] {
  return routes.map(({ lazy: load, children, ...route }) => {
    const handle = route.handle as ScreenHandle | undefined;
    const firstScreen = handle?.firstScreen === true;
    const Skeleton = handle?.skeleton;
    const element = typeof load === 'function' && (
      <RouteScreen load={load as unknown as Load} firstScreen={firstScreen} skeleton={Skeleton} />
    );
    const screen = {
      ...route,
      ...(element
        ? { element: Skeleton ? <Suspense fallback={<Skeleton />}>{element}</Suspense> : element }
        : {}),
      ...(children ? { children: declarative(children) } : {}),
    } as RouteObject;
    if (typeof load === 'function') loaders.set(screen, load as unknown as Load);
    return screen;
  });
}
