import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
// The usual first screen is part of the portal's own chunk (no lazy import): one file fewer to
// fetch after sign-in, and the modules it shares with other screens come with it.
import * as policiesPage from './routes/policies-page';

// The first screen: drawn by the server, on the portal's own reads (app/lazy-routes.tsx).
const title = { title: 'Mes polices d’assurance', firstScreen: true };
const loadPoliciesPage = () => Promise.resolve(policiesPage);

export const policiesRoutes: RouteObject[] = [
  { path: paths.home, lazy: loadPoliciesPage, handle: title },
  { path: paths.policies, lazy: loadPoliciesPage, handle: title },
  {
    path: paths.coverages,
    lazy: () => import('./routes/coverages-page'),
    handle: { title: 'Couverture d’assurance' },
  },
];
