import type { RouteObject } from 'react-router';
import type { PageViewHandle } from '../../lib/analytics/tracking';
import { paths } from '../../lib/paths';

/** docs/product/account.md: /changeAddress is tracked as 'personal' when the state says postalAddress. */
export const changeAddressPageView: PageViewHandle = {
  pageViewLabel: (state) =>
    (state as { postalAddress?: unknown } | null)?.postalAddress === true ? 'personal' : 'contract',
};

/**
 * docs/product/account.md: 'Mon compte' and its sections (the address section is also its
 * index), and the address change reached from it. `sections` are the sections other features own
 * ('Mes demandes'), shown in the same layout, under the same sub-navigation.
 */
export const accountRoutes = (sections: RouteObject[]): RouteObject[] => [
  {
    path: paths.account,
    lazy: () => import('./routes/account-layout'),
    handle: { title: 'Mon compte' },
    children: [
      {
        index: true,
        lazy: () => import('./routes/address-page'),
        handle: { title: 'Mes informations – Mon compte' },
      },
      {
        path: paths.accountAddress,
        lazy: () => import('./routes/address-page'),
        handle: { title: 'Mes informations – Mon compte' },
      },
      {
        path: paths.accountPassword,
        lazy: () => import('./routes/password-page'),
        handle: { title: 'Changer de mot de passe – Mon compte' },
      },
      {
        path: paths.accountSecurity,
        lazy: () => import('./routes/security-page'),
        handle: { title: 'Sécurité – Mon compte' },
      },
      {
        path: paths.accountData,
        lazy: () => import('./routes/data-page'),
        handle: { title: 'Mes données – Mon compte' },
      },
      {
        path: paths.accountCommunication,
        lazy: () => import('./routes/communication-page'),
        handle: { title: 'Gestion des préférences – Mon compte' },
      },
      {
        path: paths.accountDelete,
        lazy: () => import('./routes/account-delete-page'),
        handle: { title: 'Supprimer le compte – Mon compte' },
      },
      ...sections,
    ],
  },
  {
    path: paths.changeAddress,
    lazy: () => import('./routes/change-address-page'),
    handle: { ...changeAddressPageView, title: 'Changer d’adresse' },
  },
];
