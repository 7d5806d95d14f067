import type { RouteObject } from 'react-router';

export const faqRoutes: RouteObject[] = [{ path: 'faq', lazy: () => import('./routes/faq-page') }];
