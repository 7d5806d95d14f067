// The customer's e-mail when the broker checks a document they sent (docs/integration.md
// « E-mails au client »): French, in the skin of MAIL_BRAND, HTML and text, naming the document
// and its contract, the decision, the reason of a refusal, and linking to « Documents à
// fournir », opened on the document when it is to send again. Written in the check's own
// transaction as an outbox row (never without the check, never twice for one); none to an
// account closed in the portal (recipient of status-mail.ts).
import {
  DOCUMENT_CHECK_MAIL_TEXTS as C,
  DOCUMENTS_TO_PROVIDE_PATH,
  documentToProvidePath,
  STATUS_MAIL_TEXTS as T,
  type DocumentCheckResult,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail } from '../../platform/mail/branded-mail';
import { enqueue } from '../../platform/outbox/outbox';
import { recipient, type CustomerMailSettings } from '../requests/status-mail';

export const DOCUMENT_CHECK_MAIL_TYPE = 'mail.document_checked';

/** The `notify` of checkOwedDocument: the customer's mail about the check, in `trx`. */
export function documentCheckMailNotifier(settings: CustomerMailSettings) {
  return async (trx: Db, accountId: string, checked: DocumentCheckResult): Promise<void> => {
    const to = await recipient(trx, accountId);
    if (!to) return;
    const paragraphs =
      checked.status === 'validated'
        ? [{ text: C.validated(checked.name, checked.contractNumber) }]
        : [
            { text: C.rejected(checked.name, checked.contractNumber) },
            { text: C.reasonLead },
            { text: checked.reason ?? '', quote: true },
            { text: C.sendAgain },
          ];
    const mail = await brandedMail(settings.brand, (brandName) => ({
      subject: C.subject(brandName, checked.name, checked.statusLabel),
      greeting: T.greeting(to.first_name.trim()),
      paragraphs,
      links: [
        {
          label: C.action,
          lead: C.linkLead,
          // A refused document is owed again: the link opens on it.
          href: `${settings.publicUrl}${
            checked.status === 'rejected'
              ? documentToProvidePath(checked.contractNumber, checked.type)
              : DOCUMENTS_TO_PROVIDE_PATH
          }`,
        },
      ],
      footer: [T.noReply],
      signature: T.signature(brandName),
    }));
    await enqueue(trx, {
      type: DOCUMENT_CHECK_MAIL_TYPE,
      accountId,
      payload: {
        contractNumber: checked.contractNumber,
        name: checked.name,
        status: checked.status,
      },
      mail: { to: to.email, ...mail },
    });
  };
}
