import type { RouteObject } from 'react-router';

// SPEC §2: the four change screens, reached from a policy card's 'Faire un changement' menu.
export const changesRoutes: RouteObject[] = [
  { path: 'addDriver', lazy: () => import('./routes/add-driver-page') },
  { path: 'removeDriver', lazy: () => import('./routes/remove-driver-page') },
  { path: 'changeVehicle', lazy: () => import('./routes/change-vehicle-page') },
  { path: 'changePaymentDetails', lazy: () => import('./routes/change-payment-details-page') },
];
