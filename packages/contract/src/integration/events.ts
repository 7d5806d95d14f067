// The events the broker receives (docs/integration.md « Événements »): the same body in the pull
// feed, in every webhook (signed as Standard Webhooks says) and on the message broker. `id` is
// the `webhook-id` of every delivery of the event: a receiver that has seen it may ignore it.
import { z } from '../shared/zod';
import { REQUEST_KINDS, REQUEST_STATUSES } from '../requests/kinds';
import { statusDetailsSchema } from '../requests/statuses';
import { INTEGRATION_ROUTES } from './api';

export const EVENT_TYPES = [
  /** A customer asked something: a change, a termination, files, a contact, a claim. */
  'request.created',
  /** The broker (API or console) moved a request on. */
  'request.status_changed',
  /** The customer deleted their online account: erase what is held for the portal. */
  'account.erased',
  /** The customer gave or withdrew their consent to commercial messages. */
  'consent.changed',
  /** The broker (API or console) checked a document the customer sent: validated or rejected. */
  'document.status_changed',
  /** A message was written in a conversation, by the customer or by the broker (API or console). */
  'message.created',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const eventFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int().nullable(),
  href: z.string().describe('Téléchargement par l’API d’intégration (lecture)'),
});

export const requestEventDataSchema = z.object({
  reference: z.string().describe('La référence que le client a lue'),
  kind: z.enum(REQUEST_KINDS),
  kindLabel: z.string(),
  customerNumber: z.string().nullable(),
  contractNumber: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  payload: z.record(z.string(), z.unknown()).describe('Ce que le client a demandé'),
  files: z.array(eventFileSchema),
  status: z.enum(REQUEST_STATUSES),
  statusLabel: z.string(),
  message: z.string().nullable(),
  details: statusDetailsSchema.nullable(),
});
export type RequestEventData = z.infer<typeof requestEventDataSchema>;

export const eventSchema = z.object({
  id: z.string().describe('Identifiant de l’événement, `webhook-id` de chaque envoi'),
  type: z.enum(EVENT_TYPES),
  timestamp: z.iso.datetime({ offset: true }),
  data: z.record(z.string(), z.unknown()),
});
export type PortalEvent = z.infer<typeof eventSchema>;

export const EVENT_FEED_LIMIT_MAX = 500;

export const eventFeedQuerySchema = z.object({
  after: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'Le curseur est le nombre rendu par la page précédente.' })
    .optional()
    .describe(
      'Le curseur de la page précédente\u00a0; absent\u00a0: depuis le plus ancien conservé',
    ),
  limit: z.coerce.number().int().min(1).max(EVENT_FEED_LIMIT_MAX).default(100),
});

export const eventFeedSchema = z.object({
  events: z.array(eventSchema.extend({ cursor: z.string() })),
  cursor: z.string().nullable().describe('À passer en `after` pour la suite'),
  hasMore: z.boolean(),
});
export type EventFeed = z.infer<typeof eventFeedSchema>;

/** Where a request's file is downloaded by the broker's systems. */
export function requestFileHref(prefix: string, reference: string, fileId: string): string {
  return `${prefix}${INTEGRATION_ROUTES.requestFile.replace(':reference', encodeURIComponent(reference)).replace(':fileId', encodeURIComponent(fileId))}`;
}

export const requestReferenceParamsSchema = z.object({
  reference: z.string().trim().min(1).max(40),
});
