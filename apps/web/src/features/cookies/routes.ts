import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const cookiesRoutes: RouteObject[] = [
  {
    path: paths.cookies,
    lazy: () => import('./routes/cookies-page'),
    handle: { title: 'Gestion des cookies' },
  },
];
