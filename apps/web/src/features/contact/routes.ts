import type { RouteObject } from 'react-router';

export const contactRoutes: RouteObject[] = [
  { path: 'contact', lazy: () => import('./routes/contact-page') },
];
