// 'Mes demandes': every request the customer made, with the status the broker's
// back office sets. GET /api/v1/account/accounts/{accountId}/requests answers one page of them,
// newest first, optionally for one contract.
import { z } from 'zod';

// A claim starts as 'declared' (« Déclaré »); the broker then moves it like any request.
export const REQUEST_STATUSES = ['received', 'declared', 'in_progress', 'done', 'refused'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** The statuses the broker sets ('declared' is only a claim's first one). */
export type BrokerRequestStatus = Exclude<RequestStatus, 'declared'>;

/** The label the customer reads for each status ('Refusée' is followed by the broker's reason). */
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  received: 'Reçue',
  declared: 'Déclaré',
  in_progress: 'En cours de traitement',
  done: 'Traitée',
  refused: 'Refusée',
};

export const REQUEST_KINDS = [
  'add_driver',
  'remove_driver',
  'change_vehicle',
  'change_payment_details',
  'change_garage_address',
  'personal_address',
  'termination',
  'call_back',
  'email_message',
  'documents',
  'claim',
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** What each kind of request is called in the list. */
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  add_driver: 'Ajout d’un conducteur',
  remove_driver: 'Retrait d’un conducteur',
  change_vehicle: 'Changement de véhicule',
  change_payment_details: 'Coordonnées bancaires',
  change_garage_address: 'Adresse de garage',
  personal_address: 'Adresse personnelle',
  termination: 'Résiliation',
  call_back: 'Demande de rappel',
  email_message: 'Message au service client',
  documents: 'Document envoyé',
  claim: 'Déclaration de sinistre',
};

export const REQUESTS_PAGE_SIZE = 10;
export const REQUESTS_PAGE_SIZE_MAX = 50;

export const requestListQuerySchema = z.object({
  policyNumber: z.string().trim().min(1).max(40).optional().describe('Un seul contrat'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REQUESTS_PAGE_SIZE_MAX).default(REQUESTS_PAGE_SIZE),
});
export type RequestListQuery = z.input<typeof requestListQuerySchema>;

export const customerRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(REQUEST_KINDS),
  kindLabel: z.string(),
  reference: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  policyNumber: z.string().nullable(),
  vehicle: z
    .object({ manufacturer: z.string(), model: z.string(), licensePlate: z.string() })
    .nullable()
    .describe('Le véhicule du contrat concerné, s’il y en a un'),
  summary: z.string().describe('Ce que le client a demandé, jamais l’IBAN en entier'),
  status: z.enum(REQUEST_STATUSES),
  statusLabel: z.string(),
  statusReason: z.string().nullable().describe('La raison du refus, donnée par le courtier'),
  statusChangedAt: z.iso.datetime({ offset: true }),
});
export type CustomerRequest = z.infer<typeof customerRequestSchema>;

export const requestListSchema = z.object({
  items: z.array(customerRequestSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type RequestList = z.infer<typeof requestListSchema>;
