import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const contactRoutes: RouteObject[] = [
  {
    path: paths.contact,
    lazy: () => import('./routes/contact-page'),
    handle: { title: 'Contact' },
  },
];
