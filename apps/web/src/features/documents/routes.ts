import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';
import { DocumentsSkeleton } from './components/documents-skeleton';
import { DOCUMENTS_TEXTS } from './texts';

/** Its skeleton shows at once while the screen's code loads, and is what the server draws. */
const handle = { title: DOCUMENTS_TEXTS.title, skeleton: DocumentsSkeleton };

/** docs/product/documents.md: /documents and /documents/{id}, the id choosing the open tab. */
export const documentsRoutes: RouteObject[] = [
  { path: paths.documents, lazy: () => import('./routes/documents-page'), handle },
  { path: paths.documentsTabPattern, lazy: () => import('./routes/documents-page'), handle },
];
