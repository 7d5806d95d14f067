import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

// docs/product/claims.md: the entry (choose the contract, resume a draft), one screen per step,
// and the receipt once sent. The receipt's path is listed first so it is not read as a draft.
export const claimsRoutes: RouteObject[] = [
  {
    path: paths.claims,
    lazy: () => import('./routes/claims-start-page'),
    handle: { title: 'Déclarer un sinistre' },
  },
  {
    path: paths.claimSent,
    lazy: () => import('./routes/claim-sent-page'),
    handle: { title: 'Déclaration de sinistre envoyée' },
  },
  {
    path: paths.claimStepPattern,
    lazy: () => import('./routes/claim-step-page'),
    handle: { title: 'Déclarer un sinistre' },
  },
];
