import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

// SPEC §2: the four change screens, reached from a policy card's 'Faire un changement' menu.
export const changesRoutes: RouteObject[] = [
  { path: paths.addDriver, lazy: () => import('./routes/add-driver-page') },
  { path: paths.removeDriver, lazy: () => import('./routes/remove-driver-page') },
  { path: paths.changeVehicle, lazy: () => import('./routes/change-vehicle-page') },
  {
    path: paths.changePaymentDetails,
    lazy: () => import('./routes/change-payment-details-page'),
  },
];
