import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

// docs/product/termination.md /contractTermination/{policyNumber}: reached from a policy card or the footer.
export const terminationRoutes: RouteObject[] = [
  {
    path: paths.contractTerminationPattern,
    lazy: () => import('./routes/contract-termination-page'),
    handle: { title: 'Résilier le contrat' },
  },
];
