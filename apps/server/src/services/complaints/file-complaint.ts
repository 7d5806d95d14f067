// Filing a complaint (docs/product/complaints.md, ACPR recommendation 2022-R-01). Enforces:
// - a complaint about a request names one of the caller's own requests (the view
//   customer_requests, by reference), one from a conversation one of the caller's own
//   conversations; another account's is NotFoundError (404), nothing written;
// - the day of receipt is the day in Paris; the two deadlines are computed from it (contract
//   complaintDeadlines: 10 working days, public holidays skipped; 2 months), never typed;
// - the complaint, the broker's event (request.created, kind 'complaint': every event channel)
//   and the acknowledgement mail are one transaction; the acknowledgement is sent at once, so
//   the complaint is acknowledged on the day it is received; the relay is woken after the commit.
import { randomUUID } from 'node:crypto';
import {
  COMPLAINT_MESSAGES,
  complaintDeadlines,
  todayInParis,
  type ComplaintReceipt,
  type NewComplaintParsed,
} from '@espace/contract';
import type { Db } from '../../db/client';
import type { OutboxSender } from '../../platform/outbox/outbox';
import { NotFoundError } from '../errors';
import { recordRequestEvent } from '../events/record-event';
import { newRequestReference } from '../requests/reference';
import { viewReference } from '../requests/request-lookup';
import type { CustomerMailSettings } from '../requests/status-mail';
import { enqueueAcknowledgement } from './complaint-mail';

export interface ComplaintDeps {
  db: Db;
  outbox: OutboxSender;
  mail: CustomerMailSettings;
  now?: () => Date;
}

/** The caller's request `reference` (its reference as read and its contract), or 404. */
async function ownRequest(db: Db, accountId: string, reference: string) {
  const row = await db
    .selectFrom('customer_requests as r')
    .select(['r.reference', 'r.policy_number'])
    .where(viewReference(reference))
    .where('r.account_id', '=', accountId)
    .executeTakeFirst();
  if (!row)
    throw new NotFoundError(COMPLAINT_MESSAGES.requestNotFound, {
      requestReference: COMPLAINT_MESSAGES.requestNotFound,
    });
  return row;
}

/** The caller's conversation `id` (and the request it is about, if any), or 404. */
async function ownConversation(db: Db, accountId: string, id: string) {
  const row = await db
    .selectFrom('conversations')
    .select(['id', 'request_reference'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!row)
    throw new NotFoundError(COMPLAINT_MESSAGES.conversationNotFound, {
      conversationId: COMPLAINT_MESSAGES.conversationNotFound,
    });
  return row;
}

export async function fileComplaint(
  deps: ComplaintDeps,
  accountId: string,
  body: NewComplaintParsed,
): Promise<ComplaintReceipt> {
  const { db } = deps;
  const conversation = body.conversationId
    ? await ownConversation(db, accountId, body.conversationId)
    : undefined;
  const requestReference = body.requestReference ?? conversation?.request_reference ?? undefined;
  const request = requestReference ? await ownRequest(db, accountId, requestReference) : undefined;
  const receivedAt = (deps.now ?? (() => new Date()))();
  const receivedOn = todayInParis(receivedAt);
  const deadlines = complaintDeadlines(receivedOn);
  const reference = newRequestReference('REC', receivedOn);
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('complaints')
      .values({
        id,
        reference,
        account_id: accountId,
        policy_number: request?.policy_number ?? null,
        category: body.category,
        text: body.text,
        expectation: body.expectation,
        origin: body.origin,
        request_reference: request?.reference ?? null,
        conversation_id: conversation?.id ?? null,
        received_at: receivedAt,
        received_on: receivedOn,
        acknowledge_by: deadlines.acknowledgeBy,
        answer_by: deadlines.answerBy,
        // Acknowledged at once: by the mail, and on the screen that shows the reference and the
        // process whatever the mail transport (docs/decisions/0123-complaints-as-requests.md).
        acknowledged_at: receivedAt,
      })
      .execute();
    await recordRequestEvent(trx, `complaint:${id}`);
    if (deps.outbox.mail)
      await enqueueAcknowledgement(trx, deps.mail, {
        accountId,
        reference,
        category: body.category,
        ...deadlines,
      });
  });
  deps.outbox.wake();
  return { reference, receivedAt: receivedAt.toISOString(), ...deadlines };
}
