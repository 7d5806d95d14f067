// The mails of a customer's second factor turned on or off (services/identity/second-factor.ts,
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md): French, in the brand
// skin, with the time (Europe/Paris) and a link to 'Mon compte' › « Sécurité »; an outbox row
// written in the change's transaction, sent by the one relay.
import { ACCOUNT_SECURITY_PATH, SECOND_FACTOR_MESSAGES } from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail } from '../../platform/mail/branded-mail';
import { enqueue, type OutboxSender } from '../../platform/outbox/outbox';
import { recipient, type CustomerMailSettings } from '../requests/status-mail';

/** The outbox types of the mails (not requests: 'Mes demandes' ignores them). */
const SECOND_FACTOR_MAIL_TYPES = {
  on: 'mail.second_factor_on',
  off: 'mail.second_factor_off',
  reset: 'mail.second_factor_reset',
} as const;

const parisTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** Queues the mail in `trx`; the caller wakes the relay after the commit. */
export async function queueSecondFactorMail(
  trx: Db,
  deps: { outbox: OutboxSender; mail: CustomerMailSettings },
  accountId: string,
  /** `reset`: turned off by the broker, at the customer's request. */
  change: 'on' | 'off' | 'reset',
): Promise<void> {
  if (!deps.outbox.mail) return;
  const to = await recipient(trx, accountId);
  if (!to) return;
  const T = SECOND_FACTOR_MESSAGES.mail;
  const time = parisTime.format(new Date());
  const mail = await brandedMail(deps.mail.brand, (brandName) => ({
    subject: change === 'on' ? T.subjectOn(brandName) : T.subjectOff(brandName),
    greeting: T.greeting(to.first_name.trim()),
    paragraphs:
      change === 'reset'
        ? [{ text: T.introByBroker(time) }, { text: T.ifNotAsked }]
        : [
            { text: change === 'on' ? T.introOn(time) : T.introOff(time) },
            { text: T.ifYou },
            { text: T.ifNotYou },
          ],
    links: [
      {
        label: T.security,
        lead: `${T.security}\u00a0:`,
        href: `${deps.mail.publicUrl}${ACCOUNT_SECURITY_PATH}`,
      },
    ],
    footer: [],
    signature: T.signature(brandName),
  }));
  await enqueue(trx, {
    type: SECOND_FACTOR_MAIL_TYPES[change],
    accountId,
    payload: {},
    mail: { to: to.email, ...mail },
  });
}
