// The routes of SPEC §2. Every screen is loaded lazily (a route module exports `Component`);
// each feature contributes its own route list. The portal uses react-router's declarative mode
// (<BrowserRouter> and useRoutes), not its data router: no screen has a loader or an action, and
// the data router weighed 16 KiB gzipped more on the first screen (docs/architecture.md
// "Performance choices"). A navigation is a transition, so the screen shown stays until the next
// one's code has arrived, as before.
import { Component as ReactComponent, use, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { policiesRoutes } from '../features/policies/routes';
import { documentsRoutes } from '../features/documents/routes';
import { changesRoutes } from '../features/changes/routes';
import { terminationRoutes } from '../features/termination/routes';
import { contactRoutes } from '../features/contact/routes';
import { faqRoutes } from '../features/faq/routes';
import { legalRoutes } from '../features/legal/routes';
import { cookiesRoutes } from '../features/cookies/routes';
import { accountRoutes } from '../features/account/routes';
import { BannerProvider } from '../components/banner/banner';
import { AppLayout } from './layout/app-layout';
import { RouteErrorPage } from './error-page';
import { paths } from '../lib/paths';

const screens: RouteObject[] = [
  ...policiesRoutes,
  ...documentsRoutes,
  ...changesRoutes,
  ...terminationRoutes,
  ...contactRoutes,
  ...faqRoutes,
  ...legalRoutes,
  ...cookiesRoutes,
  ...accountRoutes,
  {
    path: paths.notFound,
    lazy: () => import('./not-found-page'),
    handle: { title: 'Page introuvable' },
  },
  { path: '*', element: <Navigate to={paths.notFound} replace /> },
];

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

function Screens() {
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

/**
 * A route's screen from its `lazy: () => import(…)`. One component type for every route, so two
 * paths of the same module (/documents and /documents/{id}, / and /policies) keep the screen
 * mounted, as the data router did; a module that failed to load is asked for again next time.
 */
function RouteScreen({ load }: { load: Load }) {
  let module = modules.get(load);
  if (!module) {
    module = load();
    modules.set(load, module);
    module.catch(() => modules.delete(load));
  }
  const { Component: Screen } = use(module);
  return <Screen />;
}

function declarative(routes: RouteObject[]): RouteObject[] {
  return routes.map(({ lazy: load, children, ...route }) => ({
    ...route,
    ...(typeof load === 'function'
      ? { element: <RouteScreen load={load as unknown as Load} /> }
      : {}),
    ...(children ? { children: declarative(children) } : {}),
  })) as RouteObject[];
}

/** The portal's route tree, for useRoutes (app.tsx) and for the route handles (lib/route-handles.ts). */
export const appRoutes: RouteObject[] = declarative([
  {
    element: (
      <BannerProvider>
        <AppLayout />
      </BannerProvider>
    ),
    children: [{ element: <Screens />, children: screens }],
  },
]);
