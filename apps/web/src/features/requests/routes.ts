import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

// docs/product/requests.md: 'Mes demandes', a section of 'Mon compte' (app/router.tsx puts it in
// that layout, under its sub-navigation).
export const requestsRoutes: RouteObject[] = [
  {
    path: paths.accountRequests,
    lazy: () => import('./routes/requests-page'),
    handle: { title: 'Mes demandes – Mon compte' },
  },
  {
    path: paths.accountRequestPattern,
    lazy: () => import('./routes/request-detail-page'),
    handle: { title: 'Une demande – Mes demandes – Mon compte' },
  },
];
