// The routes of docs/product/README.md Every screen is loaded lazily (a route module exports `Component`);
// each feature contributes its own route list. The portal uses react-router's declarative mode
// (<BrowserRouter> and useRoutes), not its data router: no screen has a loader or an action, and
// the data router weighed 16 KiB gzipped more on the first screen (docs/architecture.md
// "Performance choices"). The screen shown stays until the next one's code has arrived: the
// router makes each navigation a React transition.
import { Navigate, type RouteObject } from 'react-router';
import { policiesRoutes } from '../features/policies/routes';
import { documentsRoutes } from '../features/documents/routes';
import { changesRoutes } from '../features/changes/routes';
import { terminationRoutes } from '../features/termination/routes';
import { claimsRoutes } from '../features/claims/routes';
import { complaintsRoutes } from '../features/complaints/routes';
import { contactRoutes } from '../features/contact/routes';
import { faqRoutes } from '../features/faq/routes';
import { legalRoutes } from '../features/legal/routes';
import { cookiesRoutes } from '../features/cookies/routes';
import { accountRoutes } from '../features/account/routes';
import { requestsRoutes } from '../features/requests/routes';
import { messagesRoutes } from '../features/messages/routes';
import { BannerProvider } from '../components/banner/banner';
import { AppLayout } from './layout/app-layout';
import { declarative, Screens } from './lazy-routes';
import { paths } from '../lib/paths';

const screens: RouteObject[] = [
  ...policiesRoutes,
  ...documentsRoutes,
  ...changesRoutes,
  ...terminationRoutes,
  ...claimsRoutes,
  ...complaintsRoutes,
  ...contactRoutes,
  ...messagesRoutes,
  ...faqRoutes,
  ...legalRoutes,
  ...cookiesRoutes,
  ...accountRoutes(requestsRoutes),
  {
    path: paths.notFound,
    lazy: () => import('./not-found-page'),
    handle: { title: 'Page introuvable' },
  },
  { path: '*', element: <Navigate to={paths.notFound} replace /> },
];

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
