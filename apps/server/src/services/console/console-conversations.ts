// The console's « Messages » (docs/console.md « Messages »): the inbox of conversations of every
// customer and one conversation as the broker reads it. Enforces:
// - a conversation « waits » while the customer wrote last: its age runs from the customer's
//   first message since the broker's last one, against the target delay of its request's kind
//   (a free conversation: the `other` kind's), computed by the database so the age filter and
//   the page agree; « bientôt en retard » past DUE_SOON_SHARE of the target, as for requests;
// - the page is counted up to INBOX_COUNT_CAP, as the requests' (inbox-pages.ts);
// - the search box finds a conversation by its customer's name, e-mail or number, or its
//   request's reference (search-terms.ts), each search in the journal (`conversation.search`);
// - every read of a conversation (its page, beside its request, a file) is in the journal
//   (`conversation.read`, `conversation.file_read`) before its content is answered; reading it
//   marks the customer's messages read (their read receipts);
// - an answer goes through postMessage (author `broker`, `staff:<id>`): event and mail follow;
//   it and each assignment are in the journal, in the same transaction as the assignment.
import {
  CONSOLE_MESSAGES_TEXTS,
  CONSOLE_PAGE_SIZE,
  consolePath,
  CONVERSATION_MESSAGES,
  type ConsoleConversation,
  type ConsoleConversationPage,
  type ConsoleConversationQuery,
  type RequestKind,
} from '@espace/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';
import { conversationMessages, markRead } from '../messages/conversation-reads';
import { recordStaffAudit, type StaffActor } from '../staff/audit';
import { conversationAge, conversationRows, itemOf, WAITING_SINCE } from './conversation-rows';
import { assigneeToBe, cappedCount, cappedTotals, whereAll } from './inbox-pages';
import { accountsMatching, searchTerms } from './search-terms';

export interface ConversationInboxOptions {
  actor: StaffActor;
  targetHours: Record<RequestKind, number>;
}

export async function conversationInbox(
  db: Db,
  query: ConsoleConversationQuery,
  options: ConversationInboxOptions,
): Promise<ConsoleConversationPage> {
  const where: Expression<SqlBool>[] = [];
  if (query.state === 'waiting') where.push(sql`${WAITING_SINCE} is not null`);
  if (query.age) where.push(sql`${conversationAge(options.targetHours)} = ${query.age}`);
  if (query.topic === 'request') where.push(sql`c.request_id is not null`);
  else if (query.topic) where.push(sql`c.topic = ${query.topic}`);
  if (query.agent === 'none') where.push(sql`c.assigned_to is null`);
  else if (query.agent)
    where.push(sql`c.assigned_to = ${query.agent === 'me' ? options.actor.id : query.agent}`);
  if (query.q) {
    const terms = searchTerms(query.q);
    where.push(
      terms.code
        ? sql`(c.account_id in (${accountsMatching(terms)})
            or search_code(c.request_reference) like ${terms.code})`
        : sql`c.account_id in (${accountsMatching(terms)})`,
    );
  }
  const filtered = conversationRows(db, options.targetHours).$call((qb) => whereAll(qb, where));
  const [rows, count] = await Promise.all([
    filtered
      .orderBy(sql`${WAITING_SINCE} asc nulls last`)
      .orderBy('c.last_message_at', 'desc')
      .orderBy('c.id')
      .limit(CONSOLE_PAGE_SIZE)
      .offset((query.page - 1) * CONSOLE_PAGE_SIZE)
      .execute(),
    cappedCount(db, whereAll(db.selectFrom('conversations as c'), where), query.page),
  ]);
  const totals = cappedTotals(count, query.page);
  if (query.q)
    await recordStaffAudit(db, options.actor, {
      action: 'conversation.search',
      targetKind: 'search',
      details: { q: query.q, hits: totals.total },
    });
  return {
    items: rows.map(itemOf),
    ...totals,
  };
}

/** Who among the broker's people or systems wrote each message of `conversationId`. */
async function authorNames(db: Db, conversationId: string) {
  const rows = await db
    .selectFrom('conversation_messages as m')
    .leftJoin('staff_accounts as s', (join) =>
      join.on(sql<SqlBool>`m.author_id = 'staff:' || s.id`),
    )
    .select(['m.id', 'm.author', 'm.author_id', 's.display_name'])
    .where('m.conversation_id', '=', conversationId)
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      row.author === 'customer'
        ? null
        : (row.display_name ??
          (row.author_id
            ? CONSOLE_MESSAGES_TEXTS.integrationAuthor(row.author_id.replace(/^client:/, ''))
            : null)),
    ]),
  );
}

/** One conversation for `actor`: audited, then the customer's messages marked read. */
export async function consoleConversation(
  db: Db,
  actor: StaffActor,
  conversationId: string,
  options: ConversationInboxOptions,
  via: 'inbox' | 'request' = 'inbox',
): Promise<ConsoleConversation> {
  const found = await conversationRows(db, options.targetHours)
    .where('c.id', '=', conversationId)
    .executeTakeFirst();
  if (!found) throw new NotFoundError(CONVERSATION_MESSAGES.conversationNotFound);
  await recordStaffAudit(db, actor, {
    action: 'conversation.read',
    targetKind: 'conversation',
    targetId: conversationId,
    accountId: found.account_id,
    details: found.request_reference ? { request: found.request_reference, via } : { via },
  });
  await markRead(db, conversationId, 'broker');
  const row = await conversationRows(db, options.targetHours)
    .where('c.id', '=', conversationId)
    .executeTakeFirstOrThrow();
  const [messages, names] = await Promise.all([
    conversationMessages(db, conversationId),
    authorNames(db, conversationId),
  ]);
  return {
    ...itemOf(row),
    customer: {
      customerNumber: row.customer_id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
    },
    closed: row.closed_at !== null,
    messages: messages.map((message) => ({
      ...message,
      authorName: names.get(message.id) ?? null,
      files: message.files.map((file) => ({
        ...file,
        href: consolePath('conversationFile', { conversationId, fileId: file.id }),
      })),
    })),
  };
}

/** The conversation of request `reference`, read as consoleConversation does, or null. */
export async function requestConversation(
  db: Db,
  actor: StaffActor,
  reference: string,
  options: ConversationInboxOptions,
): Promise<ConsoleConversation | null> {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where(sql<boolean>`upper(request_reference) = ${reference.toUpperCase()}`)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row ? consoleConversation(db, actor, row.id, options, 'request') : null;
}

const UNKNOWN_STAFF = 'Membre de l’équipe inconnu ou désactivé.';

/** Assigns the conversation to `staffId` (an enabled staff member) or to nobody; audited. */
export async function assignConversation(
  db: Db,
  actor: StaffActor,
  conversationId: string,
  staffId: string | null,
) {
  return db.transaction().execute(async (trx) => {
    const conversation = await trx
      .selectFrom('conversations')
      .select(['id', 'account_id', 'assigned_to'])
      .where('id', '=', conversationId)
      .executeTakeFirst();
    if (!conversation) throw new NotFoundError(CONVERSATION_MESSAGES.conversationNotFound);
    const staff = await assigneeToBe(trx, staffId, UNKNOWN_STAFF);
    await trx
      .updateTable('conversations')
      .set({ assigned_to: staff?.id ?? null })
      .where('id', '=', conversationId)
      .execute();
    await recordStaffAudit(trx, actor, {
      action: 'conversation.assigned',
      targetKind: 'conversation',
      targetId: conversationId,
      accountId: conversation.account_id,
      details: { from: conversation.assigned_to, to: staff?.id ?? null },
    });
    return {
      conversationId,
      assignee: staff ? { id: staff.id, displayName: staff.display_name } : null,
    };
  });
}

/** Audits the read of file `fileId` of `conversationId` (before its bytes are sent). */
export async function auditConversationFileRead(
  db: Db,
  actor: StaffActor,
  conversationId: string,
  accountId: string,
  fileId: string,
) {
  await recordStaffAudit(db, actor, {
    action: 'conversation.file_read',
    targetKind: 'conversation',
    targetId: conversationId,
    accountId,
    details: { fileId },
  });
}
