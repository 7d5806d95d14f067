import type { RouteObject } from 'react-router';

export const policiesRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/policies-page') },
  { path: 'policies', lazy: () => import('./routes/policies-page') },
  { path: 'coverages', lazy: () => import('./routes/coverages-page') },
];
