// The customer's e-mails about a complaint (docs/product/complaints.md). Enforces:
// - the acknowledgement is written with the complaint itself, in its transaction: the reference,
//   the two deadlines and how the complaint is handled, sent at once by the outbox's relay;
// - the answer is written with the answer, its PDF attached (the stored key, read back when the
//   relay sends);
// - no mail to an account closed in the portal, nor without a mail transport (the caller checks
//   `outbox.mail`); French, in the brand skin of MAIL_BRAND.
import {
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_MAIL_TEXTS as C,
  COMPLAINT_OUTCOME_LABELS,
  complaintProcess,
  requestDetailPath,
  STATUS_MAIL_TEXTS as T,
  type ComplaintCategory,
  type ComplaintOutcome,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail } from '../../platform/mail/branded-mail';
import { enqueue } from '../../platform/outbox/outbox';
import { recipient, type CustomerMailSettings } from '../requests/status-mail';

export const COMPLAINT_ACK_MAIL_TYPE = 'mail.complaint_acknowledged';
export const COMPLAINT_ANSWER_MAIL_TYPE = 'mail.complaint_answered';

interface Acknowledged {
  accountId: string;
  reference: string;
  category: ComplaintCategory;
  acknowledgeBy: string;
  answerBy: string;
}

const follow = (settings: CustomerMailSettings, reference: string) => ({
  label: C.action,
  lead: C.linkLead,
  href: `${settings.publicUrl}${requestDetailPath(reference)}`,
});

/** The acknowledgement, in `trx`; false when there is no one to send it to. */
export async function enqueueAcknowledgement(
  trx: Db,
  settings: CustomerMailSettings,
  complaint: Acknowledged,
): Promise<boolean> {
  const to = await recipient(trx, complaint.accountId);
  if (!to) return false;
  const mail = await brandedMail(settings.brand, (brandName) => ({
    subject: C.ackSubject(brandName, complaint.reference),
    greeting: T.greeting(to.first_name.trim()),
    paragraphs: [
      { text: C.ackIntro(complaint.reference, COMPLAINT_CATEGORY_LABELS[complaint.category]) },
      ...complaintProcess(complaint.acknowledgeBy, complaint.answerBy).map((text) => ({ text })),
    ],
    links: [follow(settings, complaint.reference)],
    footer: [T.noReply],
    signature: T.signature(brandName),
  }));
  await enqueue(trx, {
    type: COMPLAINT_ACK_MAIL_TYPE,
    accountId: complaint.accountId,
    payload: { reference: complaint.reference },
    mail: { to: to.email, ...mail },
  });
  return true;
}

interface Answered {
  accountId: string;
  reference: string;
  outcome: ComplaintOutcome;
  text: string;
  pdf: { filename: string; storageKey: string };
}

/** The answer, its PDF attached, in `trx`. */
export async function enqueueAnswerMail(
  trx: Db,
  settings: CustomerMailSettings,
  answer: Answered,
): Promise<void> {
  const to = await recipient(trx, answer.accountId);
  if (!to) return;
  const mail = await brandedMail(settings.brand, (brandName) => ({
    subject: C.answerSubject(brandName, answer.reference),
    greeting: T.greeting(to.first_name.trim()),
    paragraphs: [
      { text: C.answerIntro(answer.reference, COMPLAINT_OUTCOME_LABELS[answer.outcome]) },
      { text: answer.text, quote: true },
    ],
    links: [follow(settings, answer.reference)],
    footer: [T.noReply],
    signature: T.signature(brandName),
  }));
  await enqueue(trx, {
    type: COMPLAINT_ANSWER_MAIL_TYPE,
    accountId: answer.accountId,
    payload: { reference: answer.reference, outcome: answer.outcome },
    mail: {
      to: to.email,
      ...mail,
      attachments: [
        {
          filename: answer.pdf.filename,
          contentType: 'application/pdf',
          storageKey: answer.pdf.storageKey,
        },
      ],
    },
  });
}
