import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const policiesRoutes: RouteObject[] = [
  { path: paths.home, lazy: () => import('./routes/policies-page') },
  { path: paths.policies, lazy: () => import('./routes/policies-page') },
  { path: paths.coverages, lazy: () => import('./routes/coverages-page') },
];
