// The mail that says a copy of « Mes données » is ready: French, in the brand skin, with the
// customer's first name as every mail of the portal, and a link to the page where it is
// downloaded (signed in); never the archive, nor anything of its content. An outbox row written
// with the export's readiness (build-job.ts), sent by the one relay.
import { ACCOUNT_DATA_PATH, DATA_EXPORT_MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail } from '../../platform/mail/branded-mail';
import { enqueue } from '../../platform/outbox/outbox';
import { recipient, type CustomerMailSettings } from '../requests/status-mail';

const T = DATA_EXPORT_MESSAGES.mail;

/** The outbox type of the mail (not a request: 'Mes demandes' ignores it). */
export const DATA_EXPORT_MAIL_TYPE = 'mail.data_export_ready';

export async function queueDataExportReadyMail(
  trx: Db,
  settings: CustomerMailSettings,
  accountId: string,
): Promise<void> {
  const to = await recipient(trx, accountId);
  if (!to) return;
  const href = `${settings.publicUrl}${ACCOUNT_DATA_PATH}`;
  const mail = await brandedMail(settings.brand, (brandName) => ({
    subject: T.subject(brandName),
    greeting: T.greeting(to.first_name.trim()),
    paragraphs: [{ text: T.intro }, { text: T.once }, { text: T.ifNotYou }],
    links: [{ label: T.open, lead: `${T.open}\u00a0:`, href }],
    footer: [],
    signature: T.signature(brandName),
  }));
  await enqueue(trx, {
    type: DATA_EXPORT_MAIL_TYPE,
    accountId,
    payload: {},
    mail: { to: to.email, ...mail },
  });
}
