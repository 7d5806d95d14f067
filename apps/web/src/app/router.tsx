// The routes of SPEC §2. Every screen is loaded lazily (a route module exports `Component`);
// each feature contributes its own route list. The portal uses react-router's declarative mode
// (<BrowserRouter> and useRoutes), not its data router: no screen has a loader or an action, and
// the data router weighed 16 KiB gzipped more on the first screen (docs/architecture.md
// "Performance choices"). A navigation is a transition, so the screen shown stays until the next
// one's code has arrived, as before.
import { Component as ReactComponent, lazy, type ComponentType, type ReactNode } from 'react';
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

/** A crash of a screen (or of loading its code) shows the error page in its place. */
class ScreenErrorBoundary extends ReactComponent<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/** Another path is another screen: a new boundary, so an error does not outlive its screen. */
function Screens() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary key={pathname}>
      <Outlet />
    </ScreenErrorBoundary>
  );
}

type RouteModule = { Component: ComponentType };

/** `lazy: () => import(…)` of a route becomes a React.lazy element, its module loaded once. */
function declarative(routes: RouteObject[]): RouteObject[] {
  const screensByLoader = new Map<unknown, ComponentType>();
  const convert = (route: RouteObject): RouteObject => {
    const { lazy: load, children, ...rest } = route;
    const converted = { ...rest } as RouteObject;
    if (typeof load === 'function') {
      let Screen = screensByLoader.get(load);
      if (!Screen) {
        const loader = load as unknown as () => Promise<RouteModule>;
        Screen = lazy(() => loader().then((module) => ({ default: module.Component })));
        screensByLoader.set(load, Screen);
      }
      converted.element = <Screen />;
    }
    if (children) converted.children = children.map(convert);
    return converted;
  };
  return routes.map(convert);
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
