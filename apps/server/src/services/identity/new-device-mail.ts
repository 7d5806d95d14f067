// The mail of a sign-in from a new device (docs/decisions/0115-sessions-and-new-device-mail.md,
// 0138): French, in the brand skin, with the device and the time (Europe/Paris), a link to
// 'Mon compte' › « Sécurité », where that session is listed and ended, and one to change the
// password. Written by the provider's sign-in itself (`recordSignInAndMail`, from
// oidc/customer-sign-in/customer-signed-in.ts), in the transaction that records the sign-in, so
// every client that signs in there — the portal, a public client, by password, code or passkey —
// mails it; sent by the one relay.
import { ACCOUNT_PASSWORD_PATH, ACCOUNT_SECURITY_PATH, SESSION_MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail } from '../../platform/mail/branded-mail';
import { enqueue } from '../../platform/outbox/outbox';
import { recipient, type CustomerMailSettings } from '../requests/status-mail';
import type { OutboxSender } from '../../platform/outbox/outbox';
import { recordSignIn, type LinkedSignIn } from './sign-ins';

const T = SESSION_MESSAGES.mail;

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

/** Records an accepted sign-in and, from a new device, queues its mail in the same transaction. */
export async function recordSignInAndMail(
  deps: { db: Db; outbox: OutboxSender; mail: CustomerMailSettings },
  signIn: Parameters<typeof recordSignIn>[1],
) {
  const { recorded, mailed } = await deps.db.transaction().execute(async (trx) => {
    const recorded = await recordSignIn(trx, signIn);
    if (!recorded.newDevice || !deps.outbox.mail) return { recorded, mailed: false };
    await queueNewDeviceMail(trx, deps.mail, signIn.accountId, recorded);
    return { recorded, mailed: true };
  });
  if (mailed) deps.outbox.wake();
  return recorded;
}
