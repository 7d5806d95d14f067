// Reading conversations (docs/product/messages.md). Enforces: every read names the account it
// reads for, and a conversation of another account is not found (NotFoundError, never 403: its
// existence is not told); the summaries count what the reader has not read yet — the broker's
// messages for the customer, the customer's for the broker.
import {
  CONVERSATION_MESSAGES,
  conversationSubject,
  REQUEST_KIND_LABELS,
  type ConversationMessage,
  type ConversationSummary,
  type MessageAuthor,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';

/** The side whose unread messages a summary counts: the reader's other side. */
const OTHER_SIDE: Record<MessageAuthor, MessageAuthor> = { customer: 'broker', broker: 'customer' };

interface ConversationRow {
  id: string;
  topic: ConversationSummary['topic'];
  request_reference: string | null;
  request_kind: keyof typeof REQUEST_KIND_LABELS | null;
  created_at: Date | string;
  last_message_at: Date | string;
  last_author: MessageAuthor | null;
  unread: number | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A conversation's subject as both sides read it: the request it is about, else its topic. */
export function subjectOfConversation(
  row: Pick<ConversationRow, 'topic' | 'request_reference' | 'request_kind'>,
): string {
  return conversationSubject(
    row.topic,
    row.request_reference && row.request_kind
      ? { reference: row.request_reference, kindLabel: REQUEST_KIND_LABELS[row.request_kind] }
      : null,
  );
}

export function summaryOf(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    subject: subjectOfConversation(row),
    topic: row.topic,
    requestReference: row.request_reference,
    createdAt: iso(row.created_at),
    lastMessageAt: iso(row.last_message_at),
    lastAuthor: row.last_author ?? 'customer',
    unread: Number(row.unread ?? 0),
  };
}

/** The summaries' query: one row per conversation, with its unread count for `reader`. */
export function conversationSummaries(db: Db, reader: MessageAuthor) {
  return db.selectFrom('conversations as c').select([
    'c.id',
    'c.account_id',
    'c.topic',
    'c.request_reference',
    'c.request_kind',
    'c.created_at',
    'c.last_message_at',
    'c.assigned_to',
    sql<MessageAuthor | null>`(select m.author from conversation_messages m
        where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1)`.as(
      'last_author',
    ),
    sql<string>`(select count(*) from conversation_messages m
        where m.conversation_id = c.id and m.author = ${OTHER_SIDE[reader]}
          and m.read_at is null)`.as('unread'),
  ]);
}

/** The customer's conversations, the latest first, and their unread count. */
export async function listCustomerConversations(db: Db, accountId: string) {
  const rows = await conversationSummaries(db, 'customer')
    .where('c.account_id', '=', accountId)
    .orderBy('c.last_message_at', 'desc')
    .orderBy('c.id')
    .execute();
  const conversations = rows.map(summaryOf);
  return { conversations, unread: conversations.reduce((sum, c) => sum + c.unread, 0) };
}

/** Conversation `id` of `accountId` (any account when null: the broker's reads), or 404. */
export async function requireConversation(db: Db, accountId: string | null, id: string) {
  let query = db.selectFrom('conversations').selectAll().where('id', '=', id);
  if (accountId !== null) query = query.where('account_id', '=', accountId);
  const row = await query.executeTakeFirst();
  if (!row) throw new NotFoundError(CONVERSATION_MESSAGES.conversationNotFound);
  return row;
}

/** The messages of conversation `id`, oldest first, with their files. */
export async function conversationMessages(db: Db, id: string): Promise<ConversationMessage[]> {
  const messages = await db
    .selectFrom('conversation_messages')
    .select(['id', 'author', 'body', 'created_at', 'read_at'])
    .where('conversation_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const files = messages.length
    ? await db
        .selectFrom('message_files')
        .select(['id', 'message_id', 'original_name', 'content_type', 'size'])
        .where(
          'message_id',
          'in',
          messages.map((m) => m.id),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    : [];
  return messages.map((m) => ({
    id: m.id,
    author: m.author,
    text: m.body,
    createdAt: iso(m.created_at),
    readAt: m.read_at ? iso(m.read_at) : null,
    files: files
      .filter((f) => f.message_id === m.id)
      .map((f) => ({ id: f.id, name: f.original_name, contentType: f.content_type, size: f.size })),
  }));
}

/** Marks the messages of the other side read by `reader` (a read receipt for the writer). */
export async function markRead(db: Db, id: string, reader: MessageAuthor): Promise<void> {
  await db
    .updateTable('conversation_messages')
    .set({ read_at: sql<Date>`now()` })
    .where('conversation_id', '=', id)
    .where('author', '=', OTHER_SIDE[reader])
    .where('read_at', 'is', null)
    .execute();
}

/** One conversation as `reader` sees it, after marking it read. */
export async function readConversationAs(
  db: Db,
  accountId: string | null,
  id: string,
  reader: MessageAuthor,
) {
  await requireConversation(db, accountId, id);
  await markRead(db, id, reader);
  const summary = await conversationSummaries(db, reader)
    .where('c.id', '=', id)
    .executeTakeFirstOrThrow();
  return { ...summaryOf(summary), messages: await conversationMessages(db, id) };
}
