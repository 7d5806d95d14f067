// Secure messages between a customer and the broker (docs/product/messages.md): the payloads of the
// customer API, their French refusals, the short list of subjects of a free conversation and the
// e-mail that tells the customer a message is waiting (never what it says).
import { z } from '../shared/zod';
import { safeMultilineString, safeString } from '../shared/safe-text';

const NBSP = '\u00a0';
const quoted = (text: string) => `«${NBSP}${text}${NBSP}»`;

/** The subjects a customer chooses for a conversation not attached to a request. */
export const MESSAGE_TOPIC_LABELS = {
  contract: 'Mon contrat',
  payment: 'Cotisations et paiements',
  claim: 'Un sinistre',
  documents: 'Mes documents',
  other: 'Autre question',
} as const;
export type MessageTopic = keyof typeof MESSAGE_TOPIC_LABELS;
export const MESSAGE_TOPICS = Object.keys(MESSAGE_TOPIC_LABELS) as [
  MessageTopic,
  ...MessageTopic[],
];

export const MESSAGE_TEXT_MAX = 5_000;

/**
 * The parts of an attachment's multipart body, in this order: for a new conversation its subject
 * (`topic` or `requestReference`), then the text, then the file.
 */
export const MESSAGE_FORM_FIELDS = {
  topic: 'topic',
  requestReference: 'requestReference',
  text: 'text',
  file: 'file',
} as const;

export const CONVERSATION_MESSAGES = {
  textEmpty: 'Veuillez saisir votre message.',
  textTooLong: `Votre message ne doit pas dépasser ${MESSAGE_TEXT_MAX.toLocaleString('fr-FR')} caractères.`,
  subjectMissing: 'Choisissez un sujet, ou écrivez depuis la demande concernée.',
  subjectTwice: 'Choisissez un sujet ou une demande, pas les deux.',
  topicInvalid: 'Choisissez un sujet dans la liste.',
  conversationNotFound: 'Conversation introuvable.',
  requestNotFound: 'Cette demande n’existe pas dans votre espace.',
  fileNotFound: 'Pièce jointe introuvable.',
  closed: 'Cette conversation est close. Écrivez dans une nouvelle conversation.',
} as const;

const messageText = () =>
  safeMultilineString()
    .trim()
    .min(1, CONVERSATION_MESSAGES.textEmpty)
    .max(MESSAGE_TEXT_MAX, CONVERSATION_MESSAGES.textTooLong);

const subjectFields = {
  topic: z.enum(MESSAGE_TOPICS, { error: CONVERSATION_MESSAGES.topicInvalid }).optional(),
  requestReference: safeString().trim().min(1).max(40).optional(),
};

/** A subject from the list or a request's reference: one, not none nor both. */
function oneSubject(
  value: { topic?: MessageTopic | undefined; requestReference?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.topic === undefined && value.requestReference === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['topic'],
      message: CONVERSATION_MESSAGES.subjectMissing,
    });
  if (value.topic !== undefined && value.requestReference !== undefined)
    ctx.addIssue({ code: 'custom', path: ['topic'], message: CONVERSATION_MESSAGES.subjectTwice });
}

/** A new conversation: a subject from the list, or the reference of one of the customer's requests. */
export const startConversationSchema = z
  .object({
    ...subjectFields,
    text: messageText(),
    /**
     * True when the message is not written in the « Messagerie » (the contact page's card): the
     * draft of a new message stays (docs/product/messages.md « Brouillons »).
     */
    keepDraft: z.boolean().optional(),
  })
  .superRefine(oneSubject);
export type StartConversation = z.infer<typeof startConversationSchema>;

export const postMessageSchema = z.object({ text: messageText() });
export type PostMessage = z.infer<typeof postMessageSchema>;

/** The text that goes with an attachment: may be empty (the file speaks for itself). */
export const attachmentTextSchema = safeMultilineString()
  .trim()
  .max(MESSAGE_TEXT_MAX, CONVERSATION_MESSAGES.textTooLong);

/**
 * A new conversation whose first message carries a file (multipart: `topic` or
 * `requestReference`, then `text`, then `file`): the subject as for startConversationSchema, the
 * text as an attachment's.
 */
export const startConversationWithFileSchema = z
  .object({ ...subjectFields, text: attachmentTextSchema })
  .superRefine(oneSubject);

export const conversationIdSchema = z.uuid({ error: CONVERSATION_MESSAGES.conversationNotFound });

export const messageFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type MessageFile = z.infer<typeof messageFileSchema>;

export const MESSAGE_AUTHORS = ['customer', 'broker'] as const;
export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number];

export const conversationMessageSchema = z.object({
  id: z.string(),
  author: z.enum(MESSAGE_AUTHORS),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When the other side first read it (the customer's read receipts), or null. */
  readAt: z.iso.datetime({ offset: true }).nullable(),
  files: z.array(messageFileSchema),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSummarySchema = z.object({
  id: z.string(),
  subject: z.string().describe('Le sujet choisi, ou la demande à laquelle elle se rattache'),
  topic: z.enum(MESSAGE_TOPICS).nullable(),
  requestReference: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastMessageAt: z.iso.datetime({ offset: true }),
  lastAuthor: z.enum(MESSAGE_AUTHORS),
  unread: z.number().int().describe('Messages du courtier pas encore lus'),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  unread: z.number().int().describe('Messages du courtier pas encore lus, toutes conversations'),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationSchema = conversationSummarySchema.extend({
  messages: z.array(conversationMessageSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** The subject a customer reads: the topic's label, or the request it belongs to. */
export function conversationSubject(
  topic: MessageTopic | null,
  request: { reference: string; kindLabel: string } | null,
): string {
  if (request) return `${request.kindLabel} – ${request.reference}`;
  return MESSAGE_TOPIC_LABELS[topic ?? 'other'];
}

/** The e-mail that says a message is waiting: no word of the message itself. */
export const MESSAGE_MAIL_TEXTS = {
  subject: (brandName: string) => `${brandName}${NBSP}: un nouveau message vous attend`,
  intro: `Votre courtier vous a écrit. Pour protéger vos données, son message n’est lisible que dans la ${quoted('Messagerie')} de votre Espace Assuré.`,
  action: 'Lire le message',
  linkLead: `Votre messagerie${NBSP}:`,
} as const;

/** The data of the event `message.created` (docs/integration.md « Messages »). */
export const messageEventDataSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
  customerNumber: z.string().nullable(),
  subject: z.string(),
  topic: z.enum(MESSAGE_TOPICS).nullable(),
  requestReference: z.string().nullable(),
  author: z.enum(MESSAGE_AUTHORS),
  text: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  files: z.array(messageFileSchema),
});
export type MessageEventData = z.infer<typeof messageEventDataSchema>;

/**
 * Where a draft belongs (docs/product/messages.md « Brouillons »): a conversation's reply (its id),
 * a new free conversation (`new`), or a new message about a request (`request-{reference}`).
 */
export const MESSAGE_DRAFT_NEW = 'new';
export const messageDraftSlot = {
  conversation: (id: string) => id,
  request: (reference: string) => `request-${reference}`,
} as const;
export const messageDraftSlotSchema = z
  .string()
  .regex(/^(new|request-[A-Za-z0-9-]{1,40}|[0-9a-f-]{36})$/, {
    error: CONVERSATION_MESSAGES.conversationNotFound,
  });

/** A draft's text: may be empty (an empty draft is forgotten). */
export const messageDraftSchema = z.object({
  text: safeMultilineString().max(MESSAGE_TEXT_MAX, CONVERSATION_MESSAGES.textTooLong),
});
export type MessageDraftInput = z.infer<typeof messageDraftSchema>;

export const messageDraftAnswerSchema = z.object({
  text: z.string(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type MessageDraft = z.infer<typeof messageDraftAnswerSchema>;
