// The console app's own paths (docs/console.md « L’application »), relative to its base
// /backoffice (the router's basename, vite.config.ts `base`). The one home of a console route path
// (« Mon compte » is the contract's, which the staff's mails link to).
import { CONSOLE_ACCOUNT_PAGE } from '@espace/contract';

export const paths = {
  inbox: '/',
  request: (reference: string) => `/demandes/${encodeURIComponent(reference)}`,
  requestPattern: '/demandes/:reference',
  messages: '/messages',
  conversation: (id: string) => `/messages/${encodeURIComponent(id)}`,
  conversationPattern: '/messages/:conversationId',
  complaints: '/reclamations',
  complaint: (reference: string) => `/reclamations/${encodeURIComponent(reference)}`,
  complaintPattern: '/reclamations/:reference',
  customers: '/clients',
  customer: (customerNumber: string) => `/clients/${encodeURIComponent(customerNumber)}`,
  customerPattern: '/clients/:customerNumber',
  audit: '/journal',
  dashboard: '/tableau-de-bord',
  team: '/equipe',
  account: CONSOLE_ACCOUNT_PAGE,
} as const;
