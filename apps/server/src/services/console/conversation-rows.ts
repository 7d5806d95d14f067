// The rows of the console's and the integration API's conversation lists (console-conversations.ts,
// broker-conversations.ts): each conversation with its customer, assignee, last author, the
// customer's messages the broker has not read, and how long the customer has waited against the
// target delay of its request's kind — a free conversation takes the e-mail request's, which it
// replaces (docs/console.md « Messages »).
import { type ConsoleConversationItem, type RequestKind } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { summaryOf } from '../messages/conversation-reads';
import { ageOf, targetOf } from './inbox-age';
import { assigneeOf } from './inbox-pages';

/** Since when the customer waits for an answer (null when the broker wrote last). */
export const WAITING_SINCE = sql<Date | null>`(select min(m.created_at) from conversation_messages m
  where m.conversation_id = c.id and m.author = 'customer'
    and m.created_at > coalesce((select max(b.created_at) from conversation_messages b
      where b.conversation_id = c.id and b.author = 'broker'), '-infinity'::timestamptz))`;

const AGE_HOURS = sql<number | null>`(extract(epoch from (now() - ${WAITING_SINCE})) / 3600)`;

/** The target delay of the conversation's request's kind; a free conversation's: an e-mail's. */
const targetOfConversation = (targetHours: Record<RequestKind, number>) =>
  targetOf(targetHours, sql`coalesce(c.request_kind, 'email_message')`, targetHours.email_message);

/** How long the customer has waited against the target (null when the broker wrote last). */
export const conversationAge = (targetHours: Record<RequestKind, number>) =>
  ageOf(AGE_HOURS, targetOfConversation(targetHours));

export function conversationRows(db: Db, targetHours: Record<RequestKind, number>) {
  const target = targetOfConversation(targetHours);
  return db
    .selectFrom('conversations as c')
    .innerJoin('accounts as a', 'a.id', 'c.account_id')
    .leftJoin('staff_accounts as sa', 'sa.id', 'c.assigned_to')
    .select([
      'c.id',
      'c.account_id',
      'c.topic',
      'c.request_reference',
      'c.request_kind',
      'c.created_at',
      'c.last_message_at',
      'c.closed_at',
      'a.customer_id',
      'a.first_name',
      'a.last_name',
      'a.email',
      'sa.id as assignee_id',
      'sa.display_name as assignee_name',
      'sa.email as assignee_email',
      sql<string | null>`(select m.author from conversation_messages m
        where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1)`.as(
        'last_author',
      ),
      sql<string>`(select count(*) from conversation_messages m
        where m.conversation_id = c.id and m.author = 'customer' and m.read_at is null)`.as(
        'unread',
      ),
      WAITING_SINCE.as('waiting_since'),
      AGE_HOURS.as('age_hours'),
      target.as('target_hours'),
      conversationAge(targetHours).as('age'),
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof conversationRows>['executeTakeFirstOrThrow']>>;

export function itemOf(row: Row): ConsoleConversationItem {
  const summary = summaryOf({
    ...row,
    last_author: row.last_author as 'customer' | 'broker' | null,
  });
  return {
    ...summary,
    customerNumber: row.customer_id,
    customerName: `${row.first_name} ${row.last_name}`.trim(),
    unread: Number(row.unread),
    waitingSince: row.waiting_since ? new Date(row.waiting_since).toISOString() : null,
    ageHours: row.age_hours === null ? null : Math.round(Number(row.age_hours) * 10) / 10,
    targetHours: Number(row.target_hours),
    age: row.age,
    assignee: assigneeOf(row),
  };
}
