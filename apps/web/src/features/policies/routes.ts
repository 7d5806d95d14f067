import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

const title = { title: 'Mes polices d’assurance' };

export const policiesRoutes: RouteObject[] = [
  { path: paths.home, lazy: () => import('./routes/policies-page'), handle: title },
  { path: paths.policies, lazy: () => import('./routes/policies-page'), handle: title },
  {
    path: paths.coverages,
    lazy: () => import('./routes/coverages-page'),
    handle: { title: 'Couverture d’assurance' },
  },
];
