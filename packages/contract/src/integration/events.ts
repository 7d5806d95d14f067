// The events the broker receives (docs/integration.md « Événements »): the same body in the pull
// feed, in every webhook (signed as Standard Webhooks says) and on the message broker. `id` is
// the `webhook-id` of every delivery of the event: a receiver that has seen it may ignore it.
import { z } from '../shared/zod';
import { messageEventDataSchema } from '../conversations/conversations';
import { documentCheckResultSchema } from '../documents/document-check';
import { REQUEST_KINDS, REQUEST_STATUSES } from '../requests/kinds';
import { requestTimelineEntrySchema } from '../requests/requests';
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

/** GET /backoffice/v1/requests/{reference}: the request and every status it went through. */
export const brokerRequestSchema = requestEventDataSchema.extend({
  timeline: z.array(requestTimelineEntrySchema).describe('Chaque statut, le plus ancien d’abord'),
});

export const accountErasedDataSchema = z.object({
  customerNumber: z.string(),
  erasedAt: z.iso.datetime({ offset: true }),
});

export const consentChangedDataSchema = z.object({
  customerNumber: z.string(),
  consent: z.boolean().describe('Vrai\u00a0: le client accepte les messages commerciaux'),
  at: z.iso.datetime({ offset: true }),
});

/** Each type's `data`: what `type` tells the broker. */
export const EVENT_DATA_SCHEMAS = {
  'request.created': requestEventDataSchema,
  'request.status_changed': requestEventDataSchema,
  'account.erased': accountErasedDataSchema,
  'consent.changed': consentChangedDataSchema,
  'document.status_changed': documentCheckResultSchema,
  'message.created': messageEventDataSchema,
} as const satisfies Record<EventType, z.ZodType>;
export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA_SCHEMAS)[T]>;

/** One schema per type, `{ id, type, timestamp, data }` and what `extra` adds. */
function eventOfEachType<S extends z.ZodRawShape>(extra: S) {
  const of = <T extends EventType>(type: T) =>
    z.object({
      id: z.string().describe('Identifiant de l’événement, `webhook-id` de chaque envoi'),
      type: z.literal(type),
      timestamp: z.iso.datetime({ offset: true }),
      data: EVENT_DATA_SCHEMAS[type],
      ...extra,
    });
  return {
    'request.created': of('request.created'),
    'request.status_changed': of('request.status_changed'),
    'account.erased': of('account.erased'),
    'consent.changed': of('consent.changed'),
    'document.status_changed': of('document.status_changed'),
    'message.created': of('message.created'),
  } as const satisfies Record<EventType, z.ZodType>;
}

/** An event as a webhook or the message broker carries it, one schema per type. */
export const EVENT_SCHEMAS = eventOfEachType({});
/** An event of the pull feed: the same, with its cursor. */
export const FEED_EVENT_SCHEMAS = eventOfEachType({
  cursor: z.string().describe('À passer en `after` pour lire ce qui suit cet événement'),
});

const E = EVENT_SCHEMAS;
export const eventSchema = z.discriminatedUnion('type', [
  E['request.created'],
  E['request.status_changed'],
  E['account.erased'],
  E['consent.changed'],
  E['document.status_changed'],
  E['message.created'],
]);
export type PortalEvent = z.infer<typeof eventSchema>;

const F = FEED_EVENT_SCHEMAS;
export const feedEventSchema = z.discriminatedUnion('type', [
  F['request.created'],
  F['request.status_changed'],
  F['account.erased'],
  F['consent.changed'],
  F['document.status_changed'],
  F['message.created'],
]);
export type FeedEvent = z.infer<typeof feedEventSchema>;

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
  events: z.array(feedEventSchema),
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
