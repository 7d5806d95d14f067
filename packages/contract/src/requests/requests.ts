// 'Mes demandes': every request the customer made, with the status the broker's
// back office sets. GET /api/v1/account/accounts/{accountId}/requests answers one page of them,
// newest first, optionally for one contract.
import { z } from '../shared/zod';
import { REQUEST_KINDS, REQUEST_STATUSES } from './kinds';
import { statusDetailsSchema } from './statuses';

export const REQUESTS_PAGE_SIZE = 10;
export const REQUESTS_PAGE_SIZE_MAX = 50;

export const requestListQuerySchema = z.object({
  policyNumber: z.string().trim().min(1).max(40).optional().describe('Un seul contrat'),
  state: z
    .enum(['open'])
    .optional()
    .describe('open\u00a0: seulement les demandes encore en cours de traitement'),
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
  statusMessage: z.string().nullable().describe('Le message du courtier avec le statut'),
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

/** One status of a request's timeline, oldest first. */
export const requestTimelineEntrySchema = z.object({
  status: z.enum(REQUEST_STATUSES),
  statusLabel: z.string(),
  at: z.iso.datetime({ offset: true }),
  message: z.string().nullable(),
  details: statusDetailsSchema.nullable(),
});
export type RequestTimelineEntry = z.infer<typeof requestTimelineEntrySchema>;

/** A file the customer sent with a request (or its receipt). */
export const requestFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative().nullable(),
});
export type RequestFile = z.infer<typeof requestFileSchema>;

/** GET …/requests/{reference}: one request, what was asked, its files and its timeline. */
export const requestDetailSchema = customerRequestSchema.extend({
  answers: z
    .array(z.object({ label: z.string(), value: z.string() }))
    .describe('Ce que le client a demandé, ligne à ligne, en français'),
  files: z.array(requestFileSchema),
  timeline: z.array(requestTimelineEntrySchema),
});
export type RequestDetail = z.infer<typeof requestDetailSchema>;
