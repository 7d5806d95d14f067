// The conversations in the integration API (docs/integration.md « Messages »): the broker's
// systems list them, read one and write the broker's message, as the console does. The shapes of
// the customer API's, with the customer's number and what waits for an answer.
import { z } from '../shared/zod';
import {
  conversationIdSchema,
  conversationMessageSchema,
  conversationSummarySchema,
} from '../conversations/conversations';
import { recordIdField } from './fields';

export const INTEGRATION_CONVERSATION_PAGE_SIZE = 50;

export const integrationConversationQuerySchema = z.object({
  customerNumber: recordIdField.optional().describe('Les conversations de ce client seulement'),
  state: z
    .enum(['waiting', 'all'])
    .default('all')
    .describe('waiting\u00a0: celles où le client a écrit en dernier'),
  page: z.coerce.number().int().min(1).default(1),
});

export const integrationConversationParamsSchema = z.object({
  conversationId: conversationIdSchema,
});

export const integrationConversationSummarySchema = conversationSummarySchema.extend({
  customerNumber: z.string().nullable(),
  unread: z.number().int().describe('Messages du client pas encore lus par le courtier'),
  waitingSince: z.iso
    .datetime({ offset: true })
    .nullable()
    .describe(
      'Depuis quand le client attend une réponse\u00a0; null si le courtier a écrit en dernier',
    ),
});

export const integrationConversationListSchema = z.object({
  items: z.array(integrationConversationSummarySchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});

export const integrationConversationSchema = integrationConversationSummarySchema.extend({
  messages: z.array(conversationMessageSchema),
});
