// The customer's e-mails about what the broker did (docs/integration.md « E-mails au client »,
// docs/decisions/0081-statuses-from-the-broker.md). Enforces:
// - the mail is an outbox row written in the transaction of the change itself (the status
//   change, the new document), so it is sent once the change commits and never without it; the
//   one relay sends it with its retries (docs/decisions/0056-one-outbox-relay.md);
// - a change that changed nothing writes no mail (the caller only notifies real changes);
// - no mail to an account closed in the portal, nor without a mail transport (demo mode);
// - French, in the brand skin of MAIL_BRAND (accounts do not keep the skin they chose), HTML and
//   text, naming the request, its new status, the broker's message, what to send for « en
//   attente de pièces », and linking to the request or to the documents in the portal (to the
//   piece asked for itself).
import {
  DOCUMENTS_DOWNLOAD_PATH,
  DOCUMENTS_TO_PROVIDE_PATH,
  documentToProvidePath,
  NEW_DOCUMENT_MAIL_TEXTS as D,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  requestDetailPath,
  STATUS_MAIL_TEXTS as T,
  type BrandKey,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail, type MailContent } from '../../platform/mail/branded-mail';
import { enqueue } from '../../platform/outbox/outbox';
import type { RequestOnTheMove } from './request-status';

/** The outbox rows of these mails (not requests: 'Mes demandes' ignores them). */
export const STATUS_MAIL_TYPE = 'mail.request_status';
export const NEW_DOCUMENT_MAIL_TYPE = 'mail.new_document';

export interface CustomerMailSettings {
  /** The portal's address (PUBLIC_URL), the start of every link. */
  publicUrl: string;
  brand: BrandKey;
}

/** The customer to mail: none once they closed their online access. */
export async function recipient(trx: Db, accountId: string) {
  return trx
    .selectFrom('accounts')
    .select(['email', 'first_name'])
    .where('id', '=', accountId)
    .where('portal_deleted_at', 'is', null)
    .executeTakeFirst();
}

function statusParagraphs(move: RequestOnTheMove): { text: string; quote?: boolean }[] {
  const statusLabel = REQUEST_STATUS_LABELS[move.status];
  const paragraphs: { text: string; quote?: boolean }[] = [
    { text: T.intro(REQUEST_KIND_LABELS[move.kind], move.reference, statusLabel) },
  ];
  if (move.message) {
    paragraphs.push({ text: move.status === 'refused' ? T.reasonLead : T.messageLead });
    paragraphs.push({ text: move.message, quote: true });
  }
  const { document, expertise, repair, settlement } = move.details ?? {};
  if (document)
    paragraphs.push({ text: T.awaitedDocument(document.name, document.files, document.dueOn) });
  if (expertise) paragraphs.push({ text: T.expertise(expertise.date, expertise.expert) });
  if (repair) paragraphs.push({ text: T.repair(repair.garage) });
  if (settlement) paragraphs.push({ text: T.settlement(settlement.amount, settlement.franchise) });
  return paragraphs;
}

/** The `notify` of changeRequestStatus: the customer's mail about the move, in `trx`. */
export function statusMailNotifier(settings: CustomerMailSettings) {
  return async (trx: Db, move: RequestOnTheMove): Promise<void> => {
    const to = await recipient(trx, move.accountId);
    if (!to) return;
    const links: MailContent['links'] = [
      {
        label: T.action,
        lead: T.linkLead,
        href: `${settings.publicUrl}${requestDetailPath(move.reference)}`,
      },
    ];
    // Straight to the piece asked for: « Documents à fournir » opens on it (docs/product/documents.md).
    if (move.details?.document)
      links.push({
        label: T.provideAction,
        lead: T.provideLinkLead,
        href: `${settings.publicUrl}${
          move.policyNumber && move.awaitedFileType
            ? documentToProvidePath(move.policyNumber, move.awaitedFileType)
            : DOCUMENTS_TO_PROVIDE_PATH
        }`,
      });
    const mail = await brandedMail(settings.brand, (brandName) => ({
      subject: T.subject(brandName, move.reference, REQUEST_STATUS_LABELS[move.status]),
      greeting: T.greeting(to.first_name.trim()),
      paragraphs: statusParagraphs(move),
      links,
      footer: [T.noReply],
      signature: T.signature(brandName),
    }));
    await enqueue(trx, {
      type: STATUS_MAIL_TYPE,
      accountId: move.accountId,
      payload: { reference: move.reference, status: move.status },
      mail: { to: to.email, ...mail },
    });
  };
}

export interface NewDocument {
  contractNumber: string;
  documentId: string;
  /** What the customer reads: the title, else the file's name. */
  title: string;
}

/** The customer's mail about a document the broker put online, in `trx`. */
export function newDocumentMailNotifier(settings: CustomerMailSettings) {
  return async (trx: Db, document: NewDocument): Promise<void> => {
    const holder = await trx
      .selectFrom('policies')
      .select('account_id')
      .where('policy_number', '=', document.contractNumber)
      .executeTakeFirst();
    const to = holder && (await recipient(trx, holder.account_id));
    if (!holder || !to) return;
    const mail = await brandedMail(settings.brand, (brandName) => ({
      subject: D.subject(brandName),
      greeting: T.greeting(to.first_name.trim()),
      paragraphs: [{ text: D.intro(document.title, document.contractNumber) }],
      links: [
        {
          label: D.action,
          lead: D.linkLead,
          href: `${settings.publicUrl}${DOCUMENTS_DOWNLOAD_PATH}`,
        },
      ],
      footer: [T.noReply],
      signature: T.signature(brandName),
    }));
    await enqueue(trx, {
      type: NEW_DOCUMENT_MAIL_TYPE,
      accountId: holder.account_id,
      payload: { contractNumber: document.contractNumber, documentId: document.documentId },
      mail: { to: to.email, ...mail },
    });
  };
}
