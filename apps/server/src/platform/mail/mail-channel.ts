// The outbox's mail channel (docs/decisions/0056-one-outbox-relay.md): a row's `message` is a
// `StoredMail`, sent through the server's one transport (mailer.ts). Attachments are named by
// their storage key, never copied into the row: the termination receipt is already a stored
// document of the policy, and the relay reads it back when it sends. A mail whose `notAfter`
// has passed (a forgotten-password link that expired while the mail server was down) is not
// sent: the relay records it as failed.
import { buffer } from 'node:stream/consumers';
import { UndeliverableError, type OutboxRow } from '../outbox/relay';
import type { DocumentStorage } from '../storage/storage';
import type { Mailer } from './mailer';

export interface StoredMail {
  /** The recipient; customer service (CUSTOMER_SERVICE_EMAIL) when absent. */
  to?: string | undefined;
  subject: string;
  text: string;
  html?: string | undefined;
  replyTo?: string | undefined;
  attachments?: { filename: string; contentType: string; storageKey: string }[];
  /** ISO time after which the mail is no longer worth sending. */
  notAfter?: string | undefined;
}

export function mailChannel(mailer: Mailer, storage: DocumentStorage) {
  return async (row: OutboxRow): Promise<void> => {
    const mail = row.message as unknown as StoredMail;
    if (mail.notAfter && Date.parse(mail.notAfter) <= Date.now())
      throw new UndeliverableError('expired before it could be sent');
    const attachments = await Promise.all(
      (mail.attachments ?? []).map(async ({ filename, contentType, storageKey }) => ({
        filename,
        contentType,
        content: await buffer(await storage.get(storageKey)),
      })),
    );
    await mailer.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      replyTo: mail.replyTo,
      ...(attachments.length > 0 ? { attachments } : {}),
    });
  };
}
