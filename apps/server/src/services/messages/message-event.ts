// The event `message.created` (docs/integration.md « Messages »): written in the transaction of
// the message, through recordEvent, so it reaches the pull feed, every webhook and the message
// broker as a request's event does (docs/decisions/0080-events-from-the-outbox.md). It carries
// the text and the files' descriptions: the broker's systems are where the answer is prepared.
import { type MessageEventData } from '@espace/contract';
import type { Db } from '../../db/client';
import { recordEvent } from '../events/record-event';
import { conversationMessages, conversationSummaries, summaryOf } from './conversation-reads';

export async function recordMessageEvent(trx: Db, messageId: string): Promise<string> {
  const { conversation_id: conversationId } = await trx
    .selectFrom('conversation_messages')
    .select('conversation_id')
    .where('id', '=', messageId)
    .executeTakeFirstOrThrow();
  const row = await conversationSummaries(trx, 'broker')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select('a.customer_id')
    .where('c.id', '=', conversationId)
    .executeTakeFirstOrThrow();
  const summary = summaryOf(row);
  const message = (await conversationMessages(trx, conversationId)).find(
    (m) => m.id === messageId,
  )!;
  const data: MessageEventData = {
    conversationId,
    messageId,
    customerNumber: row.customer_id,
    subject: summary.subject,
    topic: summary.topic,
    requestReference: summary.requestReference,
    author: message.author,
    text: message.text,
    createdAt: message.createdAt,
    files: message.files,
  };
  return recordEvent(trx, { type: 'message.created', accountId: row.account_id, data });
}
