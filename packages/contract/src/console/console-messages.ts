// The console's « Messages » (docs/console.md « Messages », docs/product/messages.md): the inbox of
// conversations across customers, with the requests inbox's filters (awaiting an answer or all,
// age against the target delay, agent, search) and one conversation as the broker reads it.
import { z } from '../shared/zod';
import {
  MESSAGE_TOPICS,
  type ConversationMessage,
  type ConversationSummary,
} from '../conversations/conversations';
import { safeString } from '../shared/safe-text';
import { INBOX_AGES, type InboxAge } from './console';
import type { CappedPage } from './inbox-page';

const QUERY = 'Paramètre de recherche invalide.';
const SEARCH = 'Saisissez au moins 2 caractères.';

export const CONVERSATION_STATES = ['waiting', 'all'] as const;

/** The « Messages » inbox's filters and page: all in the console's URL. */
export const consoleConversationQuerySchema = z.object({
  /** 'waiting': the customer wrote last (the default); 'all': every conversation. */
  state: z.enum(CONVERSATION_STATES, { error: QUERY }).default('waiting'),
  age: z.enum(INBOX_AGES, { error: QUERY }).optional(),
  /** A topic of the list, or 'request': the conversations about a request. */
  topic: z.enum([...MESSAGE_TOPICS, 'request'], { error: QUERY }).optional(),
  /** A staff id, 'me' or 'none' (not assigned). */
  agent: safeString({ error: QUERY }).trim().max(100, { error: QUERY }).optional(),
  /** The customer's name, e-mail or number, or a request's reference. */
  q: safeString({ error: SEARCH })
    .trim()
    .min(2, { error: SEARCH })
    .max(100, { error: SEARCH })
    .optional(),
  page: z.coerce.number({ error: QUERY }).int({ error: QUERY }).min(1, { error: QUERY }).default(1),
});
export type ConsoleConversationQuery = z.infer<typeof consoleConversationQuerySchema>;

export interface ConsoleAssignee {
  id: string;
  displayName: string;
  email: string;
}

/** One line of the « Messages » inbox. */
export interface ConsoleConversationItem extends Omit<ConversationSummary, 'unread'> {
  customerNumber: string | null;
  customerName: string;
  /** The customer's messages the broker has not read yet. */
  unread: number;
  /** Since when the customer's first unanswered message waits; null when the broker wrote last. */
  waitingSince: string | null;
  ageHours: number | null;
  targetHours: number;
  /** Against the target delay, while waiting; null once answered. */
  age: InboxAge | null;
  assignee: ConsoleAssignee | null;
}

/** The « Messages » inbox's page: counted up to INBOX_COUNT_CAP, as the requests'. */
export type ConsoleConversationPage = CappedPage<ConsoleConversationItem>;

/** A message as the broker reads it: who among the broker's people or systems wrote it. */
export interface ConsoleMessage extends ConversationMessage {
  /** « Léa Martin », « Système du courtier (crm) », or null for the customer. */
  authorName: string | null;
  files: (ConversationMessage['files'][number] & { href: string })[];
}

/** One conversation in the console. */
export interface ConsoleConversation extends ConsoleConversationItem {
  customer: { customerNumber: string | null; name: string; email: string };
  messages: ConsoleMessage[];
  closed: boolean;
}

export const CONSOLE_MESSAGES_TEXTS = {
  integrationAuthor: (client: string) => `Système du courtier (${client})`,
} as const;
