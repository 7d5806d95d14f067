// Writing in a conversation (docs/product/messages.md, docs/decisions/0119-conversations-and-their-attachments.md).
// Enforces:
// - a conversation belongs to one account: the customer writes only in their own (else
//   NotFoundError), and a conversation attached to a request names a request of theirs (the
//   view customer_requests, claims included; else NotFoundError), one conversation per request:
//   writing again about the same request continues it;
// - a message, its attachment, the conversation's last activity, the event `message.created`
//   (every event channel, services/events/record-event.ts) and the customer's notification mail
//   are one transaction: nothing half-written; the relay is woken after the commit;
// - a message of the broker sends the customer an e-mail that a message is waiting, never its
//   text (message-mail.ts); a closed conversation takes no message (ConflictError);
// - the customer's draft of the place they wrote from is forgotten with the message (message-drafts.ts).
import { randomUUID } from 'node:crypto';
import {
  CONVERSATION_MESSAGES,
  MESSAGE_DRAFT_NEW,
  messageDraftSlot,
  type Conversation,
  type ConversationMessage,
  type MessageAuthor,
  type MessageTopic,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { OutboxSender } from '../../platform/outbox/outbox';
import { clearIntents } from '../../platform/storage/intents';
import type { StoredUpload } from '../documents/store-upload';
import { ConflictError, NotFoundError } from '../errors';
import { viewReference } from '../requests/request-lookup';
import {
  conversationMessages,
  readConversationAs,
  requireConversation,
} from './conversation-reads';
import { clearDraft } from './message-drafts';
import { recordMessageEvent } from './message-event';
import { messageMailNotifier, type MessageMailSettings } from './message-mail';

export interface MessageDeps {
  db: Db;
  outbox: OutboxSender;
  /** Where the customer's notification links to; the mail is written only with SMTP. */
  mail: MessageMailSettings;
}

interface NewMessage {
  conversationId: string;
  accountId: string;
  author: MessageAuthor;
  /** `staff:<id>` from the console, the integration client's id from the API; null for the customer. */
  authorId: string | null;
  text: string;
  file?: StoredUpload | undefined;
}

/** Writes `message` in `trx`: the row, its file, the conversation's activity, the event, the mail. */
export async function insertMessage(
  trx: Db,
  deps: Pick<MessageDeps, 'outbox' | 'mail'>,
  message: NewMessage,
): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('conversation_messages')
    .values({
      id,
      conversation_id: message.conversationId,
      author: message.author,
      author_id: message.authorId,
      body: message.text,
    })
    .execute();
  if (message.file) {
    const { file } = message;
    await trx
      .insertInto('message_files')
      .values({
        id: randomUUID(),
        message_id: id,
        original_name: file.originalName,
        content_type: file.contentType,
        storage_key: file.key,
        size: file.size,
        sha256: file.sha256,
      })
      .execute();
    await clearIntents(trx, [file.key]);
  }
  await trx
    .updateTable('conversations')
    .set({ last_message_at: sql<Date>`now()` })
    .where('id', '=', message.conversationId)
    .execute();
  await recordMessageEvent(trx, id);
  // The customer's draft of this reply is now the message (message-drafts.ts).
  if (message.author === 'customer')
    await clearDraft(trx, message.accountId, messageDraftSlot.conversation(message.conversationId));
  if (message.author === 'broker' && deps.outbox.mail)
    await messageMailNotifier(deps.mail)(trx, message.accountId, message.conversationId);
  return id;
}

/** The customer's request `reference`, or NotFoundError. */
async function ownRequest(db: Db, accountId: string, reference: string) {
  const row = await db
    .selectFrom('customer_requests as r')
    .select(['r.id', 'r.reference', 'r.kind'])
    .where(viewReference(reference))
    .where('r.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row)
    throw new NotFoundError(CONVERSATION_MESSAGES.requestNotFound, {
      requestReference: CONVERSATION_MESSAGES.requestNotFound,
    });
  return row;
}

/** What a new conversation is about: a topic of the list, or one of the customer's requests. */
export interface ConversationStart {
  topic?: MessageTopic | undefined;
  requestReference?: string | undefined;
  text: string;
  /** The message is not written in the « Messagerie » (the contact page): its draft stays. */
  keepDraft?: boolean | undefined;
}

/** `start` with its request checked: the customer's own (else NotFoundError). */
export async function checkStart(db: Db, accountId: string, start: ConversationStart) {
  const request = start.requestReference
    ? await ownRequest(db, accountId, start.requestReference)
    : undefined;
  return { ...start, request };
}
type CheckedStart = Awaited<ReturnType<typeof checkStart>>;

/**
 * A new conversation with its first message, and its file when there is one (message-files.ts),
 * or the next message of the conversation of a request already discussed.
 */
export async function startConversation(
  deps: MessageDeps,
  accountId: string,
  start: ConversationStart | CheckedStart,
  file?: StoredUpload,
): Promise<Conversation> {
  const { db } = deps;
  const { request } = 'request' in start ? start : await checkStart(db, accountId, start);
  const conversationId = await db.transaction().execute(async (trx) => {
    // One conversation per request: two tabs writing at once must not open two.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`conversation:${accountId}`}, 0))`.execute(
      trx,
    );
    const existing = request
      ? await trx
          .selectFrom('conversations')
          .select('id')
          .where('account_id', '=', accountId)
          .where('request_id', '=', request.id)
          .where('closed_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    const id = existing?.id ?? randomUUID();
    if (!existing)
      await trx
        .insertInto('conversations')
        .values({
          id,
          account_id: accountId,
          topic: request ? null : (start.topic ?? 'other'),
          request_id: request?.id ?? null,
          request_reference: request?.reference ?? null,
          request_kind: request?.kind ?? null,
        })
        .execute();
    if (!start.keepDraft)
      await clearDraft(
        trx,
        accountId,
        request
          ? messageDraftSlot.request(start.requestReference ?? request.reference)
          : MESSAGE_DRAFT_NEW,
      );
    await insertMessage(trx, deps, {
      conversationId: id,
      accountId,
      author: 'customer',
      authorId: null,
      text: start.text,
      file,
    });
    return id;
  });
  deps.outbox.wake();
  return readConversationAs(db, accountId, conversationId, 'customer');
}

/** Refuses a write in a closed conversation. */
export function requireOpen(conversation: { closed_at: Date | string | null }): void {
  if (conversation.closed_at !== null) throw new ConflictError(CONVERSATION_MESSAGES.closed);
}

/** One message written in conversation `conversationId` by `author`; answers the message. */
export async function postMessage(
  deps: MessageDeps,
  who: { accountId: string | null; author: MessageAuthor; authorId: string | null },
  conversationId: string,
  text: string,
  file?: StoredUpload,
): Promise<ConversationMessage> {
  const conversation = await requireConversation(deps.db, who.accountId, conversationId);
  requireOpen(conversation);
  const id = await deps.db.transaction().execute((trx) =>
    insertMessage(trx, deps, {
      conversationId,
      accountId: conversation.account_id,
      author: who.author,
      authorId: who.authorId,
      text,
      file,
    }),
  );
  deps.outbox.wake();
  const messages = await conversationMessages(deps.db, conversationId);
  return messages.find((m) => m.id === id)!;
}
