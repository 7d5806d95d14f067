// The routes of SPEC §2. Every screen is loaded lazily (a route module exports `Component`);
// each feature contributes its own route list.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
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

/** Created after sign-in has completed, so it starts from the page the customer asked for. */
export const createAppRouter = () =>
  createBrowserRouter([
    {
      element: (
        <BannerProvider>
          <AppLayout />
        </BannerProvider>
      ),
      children: [{ errorElement: <RouteErrorPage />, children: screens }],
    },
  ]);
