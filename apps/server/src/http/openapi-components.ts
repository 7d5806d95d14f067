// The components of each API's OpenAPI document (http/openapi-document.ts): the contract's schemas
// a generated client names as types, each under the name it gets there. A body's schema keeps
// its name (`CustomerRecord`), an answer's too (`Customer`); a schema not listed here is written
// out where it is used.
import {
  EVENT_SCHEMAS,
  FEED_EVENT_SCHEMAS,
  accountErasedDataSchema,
  brokerRequestSchema,
  claimRecordSchema,
  consentChangedDataSchema,
  contractReadSchema,
  contractRecordSchema,
  conversationMessageSchema,
  coverageRecordSchema,
  customerReadSchema,
  customerRecordSchema,
  documentCheckResultSchema,
  documentCheckSchema,
  documentReadSchema,
  driverRecordSchema,
  errorBodySchema,
  eventFeedSchema,
  eventSchema,
  feedEventSchema,
  garageRecordSchema,
  integrationConversationListSchema,
  integrationConversationSchema,
  integrationConversationSummarySchema,
  messageEventDataSchema,
  messageFileSchema,
  owedDocumentReadSchema,
  owedDocumentRecordSchema,
  paymentRecordSchema,
  personalAddressRecordSchema,
  requestEventDataSchema,
  requestTimelineEntrySchema,
  statusChangeSchema,
  statusDetailsSchema,
  eventFileSchema,
  vehicleRecordSchema,
  webhookCreateSchema,
  webhookFailureSchema,
  webhookFailuresSchema,
  webhookListSchema,
  webhookSchema,
  webhookWithSecretSchema,
  writeResultSchema,
  type EventType,
} from '@espace/contract';
import { z } from 'zod';

/** A component: its name. */
export interface ComponentMeta {
  id: string;
}

/** How a union tells its members apart: the property, and its value's member. */
export interface Discriminator {
  propertyName: string;
  mapping: Record<string, string>;
}

/** The named schemas of the customer API's document, /api/docs. */
export const customerApiComponents = z.registry<ComponentMeta>();
/** The named schemas of the integration API's document, /backoffice/docs. */
export const integrationComponents = z.registry<ComponentMeta>();
/** The unions among them, each with its discriminator. */
export const integrationDiscriminators: Record<string, Discriminator> = {};

const ref = (name: string) => `#/components/schemas/${name}`;

/** `RequestCreatedEvent` for `request.created`, `MessageCreatedFeedEvent` in the feed. */
const eventName = (type: EventType, suffix: string) =>
  type
    .split(/[._]/)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('') + suffix;

/** The members of an event union, each named, and the union with its discriminator. */
function nameEvents(
  union: z.ZodType,
  name: string,
  members: Record<EventType, z.ZodType>,
  suffix: string,
) {
  const mapping: Record<string, string> = {};
  for (const [type, schema] of Object.entries(members) as [EventType, z.ZodType][]) {
    integrationComponents.add(schema, { id: eventName(type, suffix) });
    mapping[type] = ref(eventName(type, suffix));
  }
  integrationComponents.add(union, { id: name });
  integrationDiscriminators[name] = { propertyName: 'type', mapping };
}

customerApiComponents.add(errorBodySchema, { id: 'Error' });

const INTEGRATION: [z.ZodType, string][] = [
  [errorBodySchema, 'Error'],
  [writeResultSchema, 'WriteResult'],
  [customerRecordSchema, 'CustomerRecord'],
  [personalAddressRecordSchema, 'PersonalAddressRecord'],
  [customerReadSchema, 'Customer'],
  [contractRecordSchema, 'ContractRecord'],
  [vehicleRecordSchema, 'VehicleRecord'],
  [driverRecordSchema, 'DriverRecord'],
  [coverageRecordSchema, 'CoverageRecord'],
  [paymentRecordSchema, 'PaymentDetailsRecord'],
  [garageRecordSchema, 'GarageAddressRecord'],
  [claimRecordSchema, 'ClaimRecord'],
  [contractReadSchema, 'Contract'],
  [owedDocumentRecordSchema, 'OwedDocumentRecord'],
  [owedDocumentReadSchema, 'OwedDocument'],
  [documentCheckSchema, 'DocumentCheck'],
  [documentCheckResultSchema, 'DocumentCheckResult'],
  [documentReadSchema, 'Document'],
  [requestEventDataSchema, 'Request'],
  [brokerRequestSchema, 'RequestWithTimeline'],
  [eventFileSchema, 'RequestFile'],
  [requestTimelineEntrySchema, 'RequestTimelineEntry'],
  [statusDetailsSchema, 'StatusDetails'],
  [statusChangeSchema, 'StatusChange'],
  [accountErasedDataSchema, 'AccountErasedData'],
  [consentChangedDataSchema, 'ConsentChangedData'],
  [messageEventDataSchema, 'MessageCreatedData'],
  [eventFeedSchema, 'EventFeed'],
  [webhookCreateSchema, 'WebhookCreate'],
  [webhookSchema, 'Webhook'],
  [webhookWithSecretSchema, 'WebhookWithSecret'],
  [webhookListSchema, 'WebhookList'],
  [webhookFailureSchema, 'WebhookFailure'],
  [webhookFailuresSchema, 'WebhookFailureList'],
  [integrationConversationSummarySchema, 'ConversationSummary'],
  [integrationConversationListSchema, 'ConversationList'],
  [integrationConversationSchema, 'Conversation'],
  [conversationMessageSchema, 'Message'],
  [messageFileSchema, 'MessageFile'],
];
for (const [schema, id] of INTEGRATION) integrationComponents.add(schema, { id });
nameEvents(eventSchema, 'Event', EVENT_SCHEMAS, 'Event');
nameEvents(feedEventSchema, 'FeedEvent', FEED_EVENT_SCHEMAS, 'FeedEvent');
