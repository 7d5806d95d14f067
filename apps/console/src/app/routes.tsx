// The console's screens (docs/console.md): each loaded lazily, each with its title (the route
// announcer reads it). The supervisors' screens are in the navigation of supervisors only, their
// API refuses an agent (403), and an agent who reaches one by its address reads that it is the
// supervisors', without its controls (supervisors-only.tsx). « Mon compte » is every staff
// member's, from the header.
import type { RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { Layout } from './layout';
import { SupervisorsOnly } from './supervisors-only';

export const consoleRoutes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      {
        path: paths.inbox,
        lazy: () => import('../features/inbox/routes/inbox-page'),
        handle: { title: 'Demandes' },
      },
      {
        path: paths.requestPattern,
        lazy: () => import('../features/request/routes/request-page'),
        handle: { title: 'Demande' },
      },
      {
        path: paths.messages,
        lazy: () => import('../features/messages/routes/messages-page'),
        handle: { title: 'Messages' },
      },
      {
        path: paths.conversationPattern,
        lazy: () => import('../features/messages/routes/conversation-page'),
        handle: { title: 'Conversation' },
      },
      {
        path: paths.complaints,
        lazy: () => import('../features/complaints/routes/complaints-page'),
        handle: { title: 'Réclamations' },
      },
      {
        path: paths.complaintPattern,
        lazy: () => import('../features/complaints/routes/complaint-page'),
        handle: { title: 'Réclamation' },
      },
      {
        path: paths.customers,
        lazy: () => import('../features/customers/routes/customers-page'),
        handle: { title: 'Clients' },
      },
      {
        path: paths.customerPattern,
        lazy: () => import('../features/customers/routes/customer-page'),
        handle: { title: 'Dossier client' },
      },
      {
        element: <SupervisorsOnly />,
        children: [
          {
            path: paths.dashboard,
            lazy: () => import('../features/dashboard/routes/dashboard-page'),
            handle: { title: 'Tableau de bord' },
          },
          {
            path: paths.audit,
            lazy: () => import('../features/audit/routes/audit-page'),
            handle: { title: 'Journal' },
          },
          {
            path: paths.team,
            lazy: () => import('../features/team/routes/team-page'),
            handle: { title: 'Équipe' },
          },
        ],
      },
      {
        path: paths.account,
        lazy: () => import('../features/account/routes/account-page'),
        handle: { title: 'Mon compte' },
      },
      { path: '*', lazy: () => import('./not-found-page'), handle: { title: 'Page introuvable' } },
    ],
  },
];
