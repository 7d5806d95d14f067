import type { RouteObject } from 'react-router';

export const cookiesRoutes: RouteObject[] = [
  { path: 'cookies', lazy: () => import('./routes/cookies-page') },
];
