import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

const handle = { title: 'Mes documents' };

/** docs/product/documents.md: /documents and /documents/{id}, the id choosing the open tab. */
export const documentsRoutes: RouteObject[] = [
  { path: paths.documents, lazy: () => import('./routes/documents-page'), handle },
  { path: paths.documentsTabPattern, lazy: () => import('./routes/documents-page'), handle },
];
