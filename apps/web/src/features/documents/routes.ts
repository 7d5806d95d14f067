import type { RouteObject } from 'react-router';

/** SPEC §2: /documents and /documents/{id}, the id choosing the open tab. */
export const documentsRoutes: RouteObject[] = [
  { path: 'documents', lazy: () => import('./routes/documents-page') },
  { path: 'documents/:tab', lazy: () => import('./routes/documents-page') },
];
