// The customer's e-mail once a claim is declared (docs/product/claims.md « After sending »).
// Enforces:
// - it is written with the claim, in its transaction, and sent at once by the outbox's relay;
// - it says what was declared, when, under which reference, and what happens next in the words
//   of the sent screen (contract claimNextSteps), the receipt's PDF attached (its stored key, read
//   back when the relay sends);
// - no mail to an account closed in the portal, nor without a mail transport (the caller checks
//   `outbox.mail`); French, in the brand skin of MAIL_BRAND.
import {
  CLAIM_KIND_LABELS,
  CLAIM_MAIL_TEXTS as C,
  requestDetailPath,
  STATUS_MAIL_TEXTS as T,
  type ClaimKind,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail } from '../../platform/mail/branded-mail';
import { enqueue } from '../../platform/outbox/outbox';
import { recipient, type CustomerMailSettings } from '../requests/status-mail';

export const CLAIM_DECLARED_MAIL_TYPE = 'mail.claim_declared';

interface Declared {
  accountId: string;
  reference: string;
  kind: ClaimKind;
  declaredAt: string;
  nextSteps: string[];
  receipt: { filename: string; storageKey: string };
}

/** The mail of a declared claim, in `trx`; nothing when there is no one to send it to. */
export async function enqueueClaimMail(
  trx: Db,
  settings: CustomerMailSettings,
  claim: Declared,
): Promise<void> {
  const to = await recipient(trx, claim.accountId);
  if (!to) return;
  const mail = await brandedMail(settings.brand, (brandName) => ({
    subject: C.subject(brandName, claim.reference),
    greeting: T.greeting(to.first_name.trim()),
    paragraphs: [
      { text: C.intro(claim.reference, CLAIM_KIND_LABELS[claim.kind], claim.declaredAt) },
      ...claim.nextSteps.map((text) => ({ text })),
    ],
    links: [
      {
        label: C.action,
        lead: C.linkLead,
        href: `${settings.publicUrl}${requestDetailPath(claim.reference)}`,
      },
    ],
    footer: [T.noReply],
    signature: T.signature(brandName),
  }));
  await enqueue(trx, {
    type: CLAIM_DECLARED_MAIL_TYPE,
    accountId: claim.accountId,
    payload: { reference: claim.reference },
    mail: {
      to: to.email,
      ...mail,
      attachments: [
        {
          filename: claim.receipt.filename,
          contentType: 'application/pdf',
          storageKey: claim.receipt.storageKey,
        },
      ],
    },
  });
}
