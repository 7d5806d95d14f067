// The one writer of the mails about a change to a way in, for customers and staff alike
// (docs/decisions/0140-a-mail-and-an-undo-for-each-change-of-a-way-in.md): French, in the brand
// skin, to the owner's address on file, an outbox row written in the change's own transaction
// and sent by the one relay (the caller wakes it after the commit), by `queueOwnerMail`, which
// the new-device mail (new-device-mail.ts) shares. Three mails here:
// - a change (identity-changes.ts): what changed, when (Europe/Paris), from which device (the
//   user agent's label), and one link « Ce n’était pas moi », not sent once it has expired;
// - after « Ce n’était pas moi » (undo-changes.ts): the account is secured, and the link to
//   choose a new password;
// - a customer's second factor turned off by the broker at their request (second-factor.ts),
//   which has no undo link: the customer asked for it by other means.
import {
  ACCOUNT_SECURITY_PATH,
  IDENTITY_CHANGE_TEXTS as T,
  SECOND_FACTOR_MESSAGES,
  type IdentityChangeKind,
  type IdentityPlace,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { brandedMail, type MailContent } from '../../platform/mail/branded-mail';
import { enqueue, type OutboxSender } from '../../platform/outbox/outbox';
import { recipient, type CustomerMailSettings } from '../requests/status-mail';
import { isStaff, type IdentityOwner } from './owner';

export interface IdentityMailDeps {
  outbox: OutboxSender;
  /** The portal's address and the brand whose skin the mails wear. */
  mail: CustomerMailSettings;
}

/** The outbox types of these mails (not requests: 'Mes demandes' ignores them). */
export const IDENTITY_MAIL_TYPES = {
  change: 'mail.identity_change',
  secured: 'mail.account_secured',
  brokerReset: 'mail.second_factor_reset',
} as const;

const parisTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** « 3 décembre 2026 à 14:05 », in Paris. */
export const parisDateTime = (at: Date) => parisTime.format(at);

interface Addressee {
  to: string;
  name: string;
  accountId: string | null;
  place: (brand: string) => IdentityPlace;
  signature: (brand: string) => string;
}

/** The owner's address and name, or undefined (a customer without online access, a disabled member). */
async function addresseeOf(trx: Db, owner: IdentityOwner): Promise<Addressee | undefined> {
  if (isStaff(owner)) {
    const staff = await trx
      .selectFrom('staff_accounts')
      .select(['email', 'display_name'])
      .where('id', '=', owner.staffId)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    return (
      staff && {
        to: staff.email,
        name: staff.display_name,
        accountId: null,
        place: () => 'console',
        signature: () => T.staffSignature,
      }
    );
  }
  const customer = await recipient(trx, owner.accountId);
  return (
    customer && {
      to: customer.email,
      name: customer.first_name.trim(),
      accountId: owner.accountId,
      place: (brand) => ({ brand }),
      signature: T.customerSignature,
    }
  );
}

/**
 * Queues a mail to the owner's address on file, in the brand skin, greeted and signed for a
 * customer or a staff member; false when there is no one to mail (or no mail transport). The
 * identity room's other mails to an owner go through it too (new-device-mail.ts).
 */
export async function queueOwnerMail(
  trx: Db,
  deps: IdentityMailDeps,
  owner: IdentityOwner,
  row: { type: string; payload: Record<string, unknown>; notAfter?: Date },
  content: (brand: string, to: Addressee) => Omit<MailContent, 'greeting' | 'signature'>,
): Promise<boolean> {
  if (!deps.outbox.mail) return false;
  const to = await addresseeOf(trx, owner);
  if (!to) return false;
  const mail = await brandedMail(deps.mail.brand, (brand) => ({
    ...content(brand, to),
    greeting: T.greeting(to.name),
    signature: to.signature(brand),
  }));
  await enqueue(trx, {
    type: row.type,
    accountId: to.accountId,
    payload: row.payload,
    mail: { to: to.to, ...mail, ...(row.notAfter ? { notAfter: row.notAfter.toISOString() } : {}) },
  });
  return true;
}

/** Queues the mail of a change with its « Ce n’était pas moi » link; false when none left. */
export function queueIdentityChangeMail(
  trx: Db,
  deps: IdentityMailDeps,
  owner: IdentityOwner,
  change: { kind: IdentityChangeKind; at: Date; device: string; undoHref: string; until: Date },
): Promise<boolean> {
  const time = parisDateTime(change.at);
  return queueOwnerMail(
    trx,
    deps,
    owner,
    { type: IDENTITY_MAIL_TYPES.change, payload: { kind: change.kind }, notAfter: change.until },
    (brand, to) => ({
      subject: T.subject(change.kind, to.place(brand)),
      paragraphs: [
        { text: T.intro(change.kind, to.place(brand), time, change.device) },
        { text: T.ifYou },
        { text: T.ifNotYou },
      ],
      links: [{ label: T.notMe, lead: `${T.notMe}\u00a0:`, href: change.undoHref }],
      footer: [T.validity],
    }),
  );
}

/** Queues the mail that follows « Ce n’était pas moi »: the link to choose a new password. */
export function queueSecuredMail(
  trx: Db,
  deps: IdentityMailDeps,
  owner: IdentityOwner,
  secured: { at: Date; passwordHref: string; until: Date; validity: string },
): Promise<boolean> {
  return queueOwnerMail(
    trx,
    deps,
    owner,
    { type: IDENTITY_MAIL_TYPES.secured, payload: {}, notAfter: secured.until },
    (brand, to) => ({
      subject: T.securedSubject(to.place(brand)),
      paragraphs: [{ text: T.securedIntro(parisDateTime(secured.at)) }],
      links: [
        {
          label: T.choosePassword,
          lead: `${T.choosePassword}\u00a0:`,
          href: secured.passwordHref,
        },
      ],
      footer: [secured.validity],
    }),
  );
}

/** Queues the mail of a customer's second factor turned off by the broker, at their request. */
export function queueSecondFactorResetMail(
  trx: Db,
  deps: IdentityMailDeps,
  accountId: string,
): Promise<boolean> {
  const M = SECOND_FACTOR_MESSAGES.mail;
  return queueOwnerMail(
    trx,
    deps,
    { accountId },
    { type: IDENTITY_MAIL_TYPES.brokerReset, payload: {} },
    (brand) => ({
      subject: M.subjectOff(brand),
      paragraphs: [{ text: M.introByBroker(parisDateTime(new Date())) }, { text: M.ifNotAsked }],
      links: [
        {
          label: M.security,
          lead: `${M.security}\u00a0:`,
          href: `${deps.mail.publicUrl}${ACCOUNT_SECURITY_PATH}`,
        },
      ],
      footer: [],
    }),
  );
}
