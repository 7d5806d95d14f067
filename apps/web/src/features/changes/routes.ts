import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

// docs/product/changes.md: the four change screens, reached from a policy card's 'Faire un changement' menu.
export const changesRoutes: RouteObject[] = [
  {
    path: paths.addDriver,
    lazy: () => import('./routes/add-driver-page'),
    handle: { title: 'Ajouter un conducteur' },
  },
  {
    path: paths.removeDriver,
    lazy: () => import('./routes/remove-driver-page'),
    handle: { title: 'Retirer un conducteur' },
  },
  {
    path: paths.changeVehicle,
    lazy: () => import('./routes/change-vehicle-page'),
    handle: { title: 'Changer de véhicule' },
  },
  {
    path: paths.changePaymentDetails,
    lazy: () => import('./routes/change-payment-details-page'),
    handle: { title: 'Changer les détails de paiement' },
  },
];
