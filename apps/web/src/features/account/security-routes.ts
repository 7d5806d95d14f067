// SPEC §2: the three sections of 'Mon compte' that let the customer control their own account.
// Until the 'Mon compte' shell (features/account/routes.ts, sub-navigation) joins this branch,
// they sit in a minimal frame with the page heading; the shell then takes them in place of its
// placeholders and this file goes.
import type { RouteObject } from 'react-router';
import { paths } from '../../lib/paths';

export const accountSecurityRoutes: RouteObject[] = [
  {
    lazy: () => import('./routes/account-security-frame'),
    children: [
      { path: paths.accountPassword, lazy: () => import('./routes/password-page') },
      { path: paths.accountCommunication, lazy: () => import('./routes/communication-page') },
      { path: paths.accountDelete, lazy: () => import('./routes/account-delete-page') },
    ],
  },
];
