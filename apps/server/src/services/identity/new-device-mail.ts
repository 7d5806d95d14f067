// The mail of a sign-in from a new device (docs/decisions/0115-sessions-and-new-device-mail.md,
// 0138, 0141), the one function every sign-in path calls (`recordSignInAndMail`): the provider's
// customer sign-in (oidc/customer-sign-in/customer-signed-in.ts: the portal, a public client, by
// password, code or passkey), an external provider's at the portal's callback
// (oidc/client-sessions/external-portal-session.ts) and the staff's (oidc/staff-sign-in/
// staff-signed-in.ts). In the transaction that records the sign-in; sent by the one relay.
// - a customer's: French, in the brand skin, with the device and the time (Europe/Paris), a link
//   to 'Mon compte' › « Sécurité », where that session is listed and ended, and one to change
//   the password;
// - a staff member's: plain text as the console's other mails, to their address on file, with
//   the device, the time and a link to the console's « Mon compte ».
import {
  ACCOUNT_PASSWORD_PATH,
  ACCOUNT_SECURITY_PATH,
  CONSOLE_ACCOUNT_PAGE,
  CONSOLE_APP_PATH,
  SESSION_MESSAGES,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail } from '../../platform/mail/branded-mail';
import { enqueue } from '../../platform/outbox/outbox';
import { recipient, type CustomerMailSettings } from '../requests/status-mail';
import type { OutboxSender } from '../../platform/outbox/outbox';
import { isStaff } from './owner';
import { recordSignIn, type LinkedSignIn } from './sign-ins';

const T = SESSION_MESSAGES.mail;
const S = SESSION_MESSAGES.staffMail;

/** The outbox type of the mail (not a request: 'Mes demandes' ignores it). */
export const NEW_DEVICE_MAIL_TYPE = 'mail.new_device';

const parisTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** Queues the mail in `trx`; the caller wakes the relay after the commit. */
export async function queueNewDeviceMail(
  trx: Db,
  settings: CustomerMailSettings,
  accountId: string,
  signIn: LinkedSignIn,
): Promise<void> {
  const to = await recipient(trx, accountId);
  if (!to) return;
  const time = parisTime.format(signIn.at);
  const mail = await brandedMail(settings.brand, (brandName) => ({
    subject: T.subject(brandName),
    greeting: T.greeting(to.first_name.trim()),
    paragraphs: [{ text: T.intro(signIn.device, time) }, { text: T.ifYou }, { text: T.ifNotYou }],
    links: [
      {
        label: T.endSession,
        lead: `${T.endSession}\u00a0:`,
        href: `${settings.publicUrl}${ACCOUNT_SECURITY_PATH}`,
      },
      {
        label: T.changePassword,
        lead: `${T.changePassword}\u00a0:`,
        href: `${settings.publicUrl}${ACCOUNT_PASSWORD_PATH}`,
      },
    ],
    footer: [],
    signature: T.signature(brandName),
  }));
  await enqueue(trx, {
    type: NEW_DEVICE_MAIL_TYPE,
    accountId,
    payload: { device: signIn.device },
    mail: { to: to.email, ...mail },
  });
}

/** Queues a staff member's mail in `trx`, to their address on file. */
async function queueStaffNewDeviceMail(
  trx: Db,
  settings: CustomerMailSettings,
  staffId: string,
  signIn: LinkedSignIn,
): Promise<void> {
  const to = await trx
    .selectFrom('staff_accounts')
    .select(['email', 'display_name'])
    .where('id', '=', staffId)
    .executeTakeFirst();
  if (!to) return;
  const time = parisTime.format(signIn.at);
  const text = [
    S.greeting(to.display_name),
    S.intro(signIn.device, time),
    S.ifYou,
    S.ifNotYou,
    `${S.accountLead}\n${settings.publicUrl}${CONSOLE_APP_PATH}${CONSOLE_ACCOUNT_PAGE}`,
    S.signature,
  ].join('\n\n');
  await enqueue(trx, {
    type: NEW_DEVICE_MAIL_TYPE,
    accountId: null,
    payload: { device: signIn.device, staffId },
    mail: { to: to.email, subject: S.subject, text },
  });
}

/**
 * Records an accepted sign-in of `owner` and, from a new device, queues its mail in the same
 * transaction: every sign-in path's one call.
 */
export async function recordSignInAndMail(
  deps: { db: Db; outbox: OutboxSender; mail: CustomerMailSettings },
  signIn: Parameters<typeof recordSignIn>[1],
) {
  const { recorded, mailed } = await deps.db.transaction().execute(async (trx) => {
    const recorded = await recordSignIn(trx, signIn);
    if (!recorded.newDevice || !deps.outbox.mail) return { recorded, mailed: false };
    const { owner } = signIn;
    if (isStaff(owner)) await queueStaffNewDeviceMail(trx, deps.mail, owner.staffId, recorded);
    else await queueNewDeviceMail(trx, deps.mail, owner.accountId, recorded);
    return { recorded, mailed: true };
  });
  if (mailed) deps.outbox.wake();
  return recorded;
}
