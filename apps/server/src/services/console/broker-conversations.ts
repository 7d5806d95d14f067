// The conversations as the integration API reads them (docs/integration.md « Messages »): the
// rows of the console's lists (conversation-rows.ts) in the customer API's shapes, with the
// customer's number and since when they wait. Enforces: nothing is marked read (a system reading
// is not a person reading: the customer's read receipts stay the staff's); another conversation
// id is « introuvable ».
import {
  CONVERSATION_MESSAGES,
  type ConsoleConversationItem,
  type RequestKind,
} from '@espace/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';
import { conversationMessages } from '../messages/conversation-reads';
import { conversationRows, itemOf, WAITING_SINCE } from './conversation-rows';

/**
 * The conversations as the integration API lists them (docs/integration.md « Messages »): of one
 * customer or all, waiting for an answer or all, the longest waiting first. Nothing is marked
 * read: a system reading is not a person reading.
 */
export async function brokerConversationPage(
  db: Db,
  query: { customerNumber?: string | undefined; state: 'waiting' | 'all'; page: number },
  pageSize: number,
  targetHours: Record<RequestKind, number>,
) {
  const where: Expression<SqlBool>[] = [];
  if (query.state === 'waiting') where.push(sql`${WAITING_SINCE} is not null`);
  if (query.customerNumber)
    where.push(
      sql`c.account_id in (select x.id from accounts x where x.customer_id = ${query.customerNumber})`,
    );
  const apply = <Q extends { where(c: Expression<SqlBool>): Q }>(qb: Q) =>
    where.reduce((scoped, condition) => scoped.where(condition), qb);
  const [rows, count] = await Promise.all([
    conversationRows(db, targetHours)
      .$call(apply)
      .orderBy(sql`${WAITING_SINCE} asc nulls last`)
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id')
      .limit(pageSize)
      .offset((query.page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('conversations as c')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .$call(apply)
      .executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.n);
  return {
    items: rows.map((row) => brokerSummary(itemOf(row))),
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    total,
  };
}

function brokerSummary(item: ConsoleConversationItem) {
  return {
    id: item.id,
    subject: item.subject,
    topic: item.topic,
    requestReference: item.requestReference,
    createdAt: item.createdAt,
    lastMessageAt: item.lastMessageAt,
    lastAuthor: item.lastAuthor,
    customerNumber: item.customerNumber,
    unread: item.unread,
    waitingSince: item.waitingSince,
  };
}

/** One conversation as the integration API reads it (nothing marked read). */
export async function brokerConversation(
  db: Db,
  conversationId: string,
  targetHours: Record<RequestKind, number>,
) {
  const row = await conversationRows(db, targetHours)
    .where('c.id', '=', conversationId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(CONVERSATION_MESSAGES.conversationNotFound);
  return {
    ...brokerSummary(itemOf(row)),
    messages: await conversationMessages(db, conversationId),
  };
}
