// What both contact requests do (SPEC §7 contact calls): write the outbox row for customer
// service, then, when SMTP is configured, mail it. The row is committed before the mail is
// tried, so a mail failure is logged and the request is kept (sent_at stays null for a retry).
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { Mailer } from '../../../services/mailer';
import { enqueue, markSent } from '../../../services/outbox';

export interface ContactRequest {
  type: string;
  accountId: string;
  payload: Record<string, unknown>;
  subject: string;
  text: string;
  replyTo?: string | undefined;
}

export async function submitContactRequest(
  db: Db,
  mailer: Mailer | undefined,
  log: FastifyBaseLogger,
  request: ContactRequest,
): Promise<void> {
  const id = await enqueue(db, {
    type: request.type,
    accountId: request.accountId,
    payload: request.payload,
  });
  if (!mailer) return;
  try {
    await mailer.send({ subject: request.subject, text: request.text, replyTo: request.replyTo });
    await markSent(db, id);
  } catch (err) {
    log.error({ err, outboxId: id }, 'contact mail not sent; kept in the outbox');
  }
}

export interface ContactIdentity {
  customerId: string;
  name: string;
  email: string;
}

/** Who is asking: the account row; the email from the token wins over the stored one. */
export async function contactIdentity(
  db: Db,
  accountId: string,
  tokenEmail: string | undefined,
): Promise<ContactIdentity | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select(['customer_id', 'first_name', 'last_name', 'email'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    customerId: row.customer_id,
    name: `${row.first_name} ${row.last_name}`,
    email: tokenEmail ?? row.email,
  };
}
