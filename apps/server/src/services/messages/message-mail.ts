// The customer's e-mail when the broker writes (docs/product/messages.md): it says that a message
// is waiting in the portal and links to the conversation; it never carries the message, its
// subject's details or its files — e-mail is the channel the messages replace. An outbox row in
// the message's transaction, sent by the one relay; none to an account closed in the portal.
import {
  conversationPath,
  MESSAGE_MAIL_TEXTS as M,
  STATUS_MAIL_TEXTS as T,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail } from '../../platform/mail/branded-mail';
import { enqueue } from '../../platform/outbox/outbox';
import { recipient, type CustomerMailSettings } from '../requests/status-mail';

export type MessageMailSettings = CustomerMailSettings;

/** The outbox rows of these mails (not requests: 'Mes demandes' ignores them). */
export const MESSAGE_MAIL_TYPE = 'mail.message_waiting';

export function messageMailNotifier(settings: MessageMailSettings) {
  return async (trx: Db, accountId: string, conversationId: string): Promise<void> => {
    const to = await recipient(trx, accountId);
    if (!to) return;
    const mail = await brandedMail(settings.brand, (brandName) => ({
      subject: M.subject(brandName),
      greeting: T.greeting(to.first_name.trim()),
      paragraphs: [{ text: M.intro }],
      links: [
        {
          label: M.action,
          lead: M.linkLead,
          href: `${settings.publicUrl}${conversationPath(conversationId)}`,
        },
      ],
      footer: [T.noReply],
      signature: T.signature(brandName),
    }));
    await enqueue(trx, {
      type: MESSAGE_MAIL_TYPE,
      accountId,
      payload: { conversationId },
      mail: { to: to.email, ...mail },
    });
  };
}
