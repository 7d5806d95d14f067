// « Mes données »: the « Messagerie » (every conversation and message, the broker never named,
// when each was read, the attachments listed) and the drafts of messages not sent yet, each
// saying what it was about (collect.ts). Read for the account only.
import { MESSAGE_DRAFT_NEW, type DataExportContent } from '@espace/contract';
import type { Db } from '../../db/client';
import { subjectOfConversation } from '../messages/conversation-reads';
import { iso, isoOrNull } from './collect-rows';

type Content = DataExportContent;

const REQUEST_SLOT = 'request-';

export async function conversations(db: Db, accountId: string): Promise<Content['conversations']> {
  const threads = await db
    .selectFrom('conversations')
    .select(['id', 'topic', 'request_reference', 'created_at', 'closed_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
  if (threads.length === 0) return [];
  const ids = threads.map((t) => t.id);
  const [messages, files] = await Promise.all([
    db
      .selectFrom('conversation_messages')
      .select(['id', 'conversation_id', 'author', 'body', 'created_at', 'read_at'])
      .where('conversation_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('message_files as f')
      .innerJoin('conversation_messages as m', 'm.id', 'f.message_id')
      .select(['f.message_id', 'f.original_name', 'f.content_type', 'f.size'])
      .where('m.conversation_id', 'in', ids)
      .orderBy('f.created_at')
      .execute(),
  ]);
  return threads.map((t) => ({
    topic: t.topic,
    requestReference: t.request_reference,
    createdAt: iso(t.created_at),
    closedAt: isoOrNull(t.closed_at),
    messages: messages
      .filter((m) => m.conversation_id === t.id)
      .map((m) => ({
        author: m.author,
        at: iso(m.created_at),
        readAt: isoOrNull(m.read_at),
        body: m.body,
        attachments: files
          .filter((f) => f.message_id === m.id)
          .map((f) => ({ fileName: f.original_name, contentType: f.content_type, size: f.size })),
      })),
  }));
}

export async function messageDrafts(db: Db, accountId: string): Promise<Content['messageDrafts']> {
  const [drafts, threads] = await Promise.all([
    db
      .selectFrom('message_drafts')
      .select(['slot', 'body', 'updated_at'])
      .where('account_id', '=', accountId)
      .orderBy('updated_at')
      .execute(),
    db
      .selectFrom('conversations')
      .select(['id', 'topic', 'request_reference', 'request_kind'])
      .where('account_id', '=', accountId)
      .execute(),
  ]);
  const subjects = new Map(threads.map((t) => [t.id, subjectOfConversation(t)]));
  const about = (slot: string) => {
    if (slot === MESSAGE_DRAFT_NEW) return 'Nouveau message';
    if (slot.startsWith(REQUEST_SLOT))
      return `Nouveau message sur la demande ${slot.slice(REQUEST_SLOT.length)}`;
    const subject = subjects.get(slot);
    return subject ? `Réponse\u00a0: ${subject}` : 'Réponse à une conversation';
  };
  return drafts.map((d) => ({ about: about(d.slot), body: d.body, updatedAt: iso(d.updated_at) }));
}
