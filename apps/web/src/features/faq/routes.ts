import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const faqRoutes: RouteObject[] = [
  {
    path: paths.faq,
    lazy: () => import('./routes/faq-page'),
    handle: { title: 'Questions fréquentes' },
  },
];
