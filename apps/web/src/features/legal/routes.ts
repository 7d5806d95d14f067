import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

const page = () => import('./routes/legal-page');

export const legalRoutes: RouteObject[] = [
  paths.rules,
  paths.personalInformation,
  paths.generalConditions,
  paths.accessibility,
].map((path) => ({ path, lazy: page }));
