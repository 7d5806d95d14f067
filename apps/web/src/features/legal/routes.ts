import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

const page = () => import('./routes/legal-page');

// The titles of content/legal (their '# ' headings), for document.title before the page loads.
export const legalRoutes: RouteObject[] = (
  [
    [paths.rules, 'Règles du site'],
    [paths.personalInformation, 'Politique de protection des données personnelles'],
    [paths.generalConditions, 'Conditions générales d’utilisation'],
    [paths.accessibility, 'Déclaration d’accessibilité'],
  ] as const
).map(([path, title]) => ({ path, lazy: page, handle: { title } }));
