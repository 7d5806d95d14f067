// Contact requests for customer service (docs/product/contact-and-faq.md phone-contact and mail-contact). Enforces: the
// caller's account exists (else NotFoundError 'Compte introuvable.'); the reply address is the
// signed-in identity's (the token's email, else the account's), never one from the request, so
// nobody can send mail in another person's name; the request and, with SMTP, its mail to
// customer service are one outbox row committed with the request, sent by the outbox relay
// (docs/decisions/0056-one-outbox-relay.md), which retries while the mail server is down;
// the same request still being handled is refused with its reference, nothing stored
// (services/requests/duplicates.ts); an accepted one answers its reference.
import {
  MESSAGES,
  OUTBOX_TYPES,
  RECONTACT_PROMISE_HOURS,
  type RequestKind,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../errors';
import { recordRequestEvent } from '../events/record-event';
import { enqueue, type OutboxSender } from '../../platform/outbox/outbox';
import { refuseDuplicateRequest, requestReference } from '../requests/duplicates';

export interface ContactDeps {
  db: Db;
  /** With SMTP the row carries the mail; otherwise the outbox row is the whole request. */
  outbox: OutboxSender;
}

export interface Caller {
  accountId: string;
  /** The email claim of the caller's token, when the provider puts one there. */
  tokenEmail: string | undefined;
}

interface ContactRequest {
  type: string;
  kind: RequestKind;
  accountId: string;
  payload: Record<string, unknown>;
  subject: string;
  text: string;
  replyTo: string;
}

async function submitContactRequest(
  { db, outbox }: ContactDeps,
  request: ContactRequest,
): Promise<string> {
  const reference = await db.transaction().execute(async (trx) => {
    await refuseDuplicateRequest(trx, {
      accountId: request.accountId,
      kind: request.kind,
      policyNumber: null,
      payload: request.payload,
    });
    const outboxId = await enqueue(trx, {
      type: request.type,
      accountId: request.accountId,
      payload: request.payload,
      mail: outbox.mail
        ? { subject: request.subject, text: request.text, replyTo: request.replyTo }
        : undefined,
    });
    await recordRequestEvent(trx, `outbox:${outboxId}`);
    return requestReference(trx, `outbox:${outboxId}`);
  });
  outbox.wake();
  return reference;
}

/** Who is asking: the account row; the email from the token wins over the stored one. */
async function contactIdentity(db: Db, { accountId, tokenEmail }: Caller) {
  const row = await db
    .selectFrom('accounts')
    .select(['customer_id', 'first_name', 'last_name', 'email'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(MESSAGES.api.accountNotFound);
  return {
    customerId: row.customer_id,
    name: `${row.first_name} ${row.last_name}`,
    email: tokenEmail ?? row.email,
  };
}

/** A call-back request: customer service calls `phone` within the recontact promise (48 h). */
export async function requestCallBack(
  deps: ContactDeps,
  caller: Caller,
  phone: string,
): Promise<string> {
  const who = await contactIdentity(deps.db, caller);
  return submitContactRequest(deps, {
    type: OUTBOX_TYPES.phoneContact,
    kind: 'call_back',
    accountId: caller.accountId,
    payload: { phone, customerId: who.customerId },
    subject: `Demande de rappel – client ${who.customerId}`,
    text: [
      `${who.name} (client ${who.customerId}, ${who.email}) demande à être rappelé(e).`,
      `Numéro : ${phone}`,
      `Délai promis : ${RECONTACT_PROMISE_HOURS} h.`,
    ].join('\n'),
    replyTo: who.email,
  });
}

/** A written message for customer service, answered at the caller's own address. */
export async function sendContactMessage(
  deps: ContactDeps,
  caller: Caller,
  text: string,
): Promise<string> {
  const who = await contactIdentity(deps.db, caller);
  return submitContactRequest(deps, {
    type: OUTBOX_TYPES.mailContact,
    kind: 'email_message',
    accountId: caller.accountId,
    payload: { text, email: who.email, customerId: who.customerId },
    subject: `Message d’un client – ${who.customerId}`,
    text: [`De : ${who.name} (client ${who.customerId}) <${who.email}>`, '', text].join('\n'),
    replyTo: who.email,
  });
}
