import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

// docs/product/complaints.md: « Réclamation », the form and, once sent, its receipt.
export const complaintsRoutes: RouteObject[] = [
  {
    path: paths.complaint,
    lazy: () => import('./routes/complaint-page'),
    handle: { title: 'Faire une réclamation' },
  },
];
