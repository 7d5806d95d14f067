// The mail of a sign-in from a new device (docs/decisions/0115-sessions-and-new-device-mail.md,
// 0138, 0141), the one function every sign-in path calls (`recordSignInAndMail`): the provider's
// customer sign-in (oidc/customer-sign-in/customer-signed-in.ts: the portal, a public client, by
// password, code or passkey), an external provider's at the portal's callback
// (oidc/client-sessions/external-portal-session.ts) and the staff's (oidc/staff-sign-in/
// staff-signed-in.ts). In the transaction that records the sign-in, to the owner's address on
// file, in the brand skin, as every mail about a way in (identity-change-mail.ts
// `queueOwnerMail`); sent by the one relay. It says the device and the time (Europe/Paris), and
// links to where the session is ended and the password changed: a customer's 'Mon compte' ›
// « Sécurité » and 'Mot de passe', a staff member's « Mon compte » in the console.
import {
  ACCOUNT_PASSWORD_PATH,
  ACCOUNT_SECURITY_PATH,
  CONSOLE_ACCOUNT_PAGE,
  CONSOLE_APP_PATH,
  SESSION_MESSAGES,
} from '@espace/contract';
import type { Db } from '../../db/client';
import type { OutboxSender } from '../../platform/outbox/outbox';
import type { CustomerMailSettings } from '../requests/status-mail';
import { parisDateTime, queueOwnerMail } from './identity-change-mail';
import { isStaff, type IdentityOwner } from './owner';
import { recordSignIn, type LinkedSignIn } from './sign-ins';

const T = SESSION_MESSAGES.mail;
const S = SESSION_MESSAGES.staffMail;

/** The outbox type of the mail (not a request: 'Mes demandes' ignores it). */
export const NEW_DEVICE_MAIL_TYPE = 'mail.new_device';

const link = (label: string, href: string) => ({ label, lead: `${label}\u00a0:`, href });

/** Queues the mail in `trx`; the caller wakes the relay after the commit. */
function queueNewDeviceMail(
  trx: Db,
  deps: { outbox: OutboxSender; mail: CustomerMailSettings },
  owner: IdentityOwner,
  signIn: LinkedSignIn,
): Promise<boolean> {
  const time = parisDateTime(signIn.at);
  const { publicUrl } = deps.mail;
  const row = { type: NEW_DEVICE_MAIL_TYPE, payload: { device: signIn.device } };
  return queueOwnerMail(trx, deps, owner, row, (brand) =>
    isStaff(owner)
      ? {
          subject: S.subject,
          paragraphs: [
            { text: S.intro(signIn.device, time) },
            { text: S.ifYou },
            { text: S.ifNotYou },
          ],
          links: [link(S.account, `${publicUrl}${CONSOLE_APP_PATH}${CONSOLE_ACCOUNT_PAGE}`)],
          footer: [],
        }
      : {
          subject: T.subject(brand),
          paragraphs: [
            { text: T.intro(signIn.device, time) },
            { text: T.ifYou },
            { text: T.ifNotYou },
          ],
          links: [
            link(T.endSession, `${publicUrl}${ACCOUNT_SECURITY_PATH}`),
            link(T.changePassword, `${publicUrl}${ACCOUNT_PASSWORD_PATH}`),
          ],
          footer: [],
        },
  );
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
    const mailed =
      recorded.newDevice && (await queueNewDeviceMail(trx, deps, signIn.owner, recorded));
    return { recorded, mailed };
  });
  if (mailed) deps.outbox.wake();
  return recorded;
}
