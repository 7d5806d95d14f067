// A staff member's access given back by their own mailbox (docs/console.md « Comptes »,
// docs/decisions/0092-staff-reset-by-mail-and-tamper-evident-journal.md). Enforces:
// - a reset (a supervisor in « Équipe », the operator's `reset-2fa`) forgets the second factor
//   (secret, pending secret, recovery codes) AND the password (replaced by the hash of a random
//   one nobody holds, so the old password fails at once, in the same time as any wrong one),
//   ends the member's console and provider sessions, and writes a single-use link, in one
//   transaction with its `staff.second_factor_reset` row (who, for whom, how the link left);
// - the link carries 256 random bits (drawn and spent by services/identity/password-links.ts); only
//   their SHA-256 is stored, for STAFF_LINK_HOURS, and a new link replaces the member's others;
// - it goes by mail to the address on file, an outbox row of the same transaction; the one who
//   reset sees neither the link nor a password. Without SMTP: in demo mode the link goes to the
//   server's log; the operator's CLI prints it (and the journal says so); the console refuses
//   (409) and changes nothing;
// - the link sets a password under the contract's rule (not the e-mail) and is spent by the
//   update that marks it used (once, even for two requests at once), under the lock of the
//   account's row, taken first as a reset takes it (so a reset and a link spent at once never
//   deadlock on PostgreSQL); the member's sessions end again and the sign-in throttle's count of
//   the e-mail is cleared; the second factor is then
//   enrolled at the next sign-in, with that password only the member knows (`staff.enrolled`).
import { randomBytes } from 'node:crypto';
import { newPasswordProblem, STAFF_LINK_HOURS, STAFF_LINK_TEXTS as T } from '@espace/contract';
import type { Db } from '../../db/client';
import { enqueue, type OutboxSender } from '../../platform/outbox/outbox';
import { drawLinkToken, hashLinkToken, spendLink } from '../identity/password-links';
import { hashPassword } from '../identity/passwords';
import { endSessions } from '../identity/sessions';
import { clearEmail } from '../identity/sign-in-throttle';
import { ConflictError, InvalidInputError, NotFoundError } from '../errors';
import { recordStaffAudit, type StaffActor } from './audit';
import {
  staffSubject,
  targetColumn,
  UNKNOWN_STAFF_MEMBER,
  type StaffTarget,
} from './staff-accounts';

export const STAFF_LINK_MESSAGES = {
  noMail: `Le serveur n’envoie pas d’e-mails (SMTP_URL n’est pas configuré)\u00a0: le lien ne peut pas être envoyé. L’administrateur réinitialise l’accès avec la commande staff reset-2fa sur le serveur.`,
  disabled: 'Ce compte est désactivé.',
} as const;

/** How the link left: mailed, written to the demo's log, or printed by the operator's CLI. */
export type LinkDelivery = 'mail' | 'log' | 'printed';

export interface StaffLinkDeps {
  db: Db;
  outbox: OutboxSender;
  log: { info(details: object, message: string): void };
  demoMode: boolean;
  /** The absolute link of the set-password page for a token. */
  linkFor(token: string): string;
}

/** The outbox row of the mail (not a customer's request: 'Mes demandes' ignores it). */
const STAFF_LINK_MAIL_TYPE = 'mail.staff_link';

const expiry = () => new Date(Date.now() + STAFF_LINK_HOURS * 3_600_000);

/**
 * Resets a member's access and sends them their link. `printLink` (the operator's CLI) accepts
 * a server without SMTP: the link is then returned, to print. Throws NotFoundError for no such
 * account, ConflictError for a disabled one or when the link could not leave.
 */
export async function resetStaffAccess(
  deps: StaffLinkDeps,
  actor: StaffActor & { displayName?: string },
  target: StaffTarget,
  options: { printLink?: boolean } = {},
): Promise<{
  id: string;
  email: string;
  delivery: LinkDelivery;
  /** The outbox row of the mail, when mailed; the link, when printed. */
  mailId?: string;
  link?: string;
}> {
  const delivery: LinkDelivery | 'none' = deps.outbox.mail
    ? 'mail'
    : deps.demoMode
      ? 'log'
      : options.printLink
        ? 'printed'
        : 'none';
  if (delivery === 'none') throw new ConflictError(STAFF_LINK_MESSAGES.noMail);
  const unknownPassword = await hashPassword(randomBytes(32).toString('base64url'));
  const { token, tokenHash } = drawLinkToken();
  const link = deps.linkFor(token);
  const [column, value] = targetColumn(target);
  const staff = await deps.db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('staff_accounts')
      .select(['id', 'email', 'display_name', 'disabled_at'])
      .where(column, '=', value)
      .forUpdate()
      .executeTakeFirst();
    if (!found) throw new NotFoundError(UNKNOWN_STAFF_MEMBER);
    if (found.disabled_at) throw new ConflictError(STAFF_LINK_MESSAGES.disabled);
    await trx
      .updateTable('staff_accounts')
      .set({
        password_hash: unknownPassword,
        must_change_password: false,
        totp_secret: null,
        totp_pending_secret: null,
        totp_enrolled_at: null,
        totp_last_step: null,
      })
      .where('id', '=', found.id)
      .execute();
    await trx.deleteFrom('staff_recovery_codes').where('staff_id', '=', found.id).execute();
    // A passkey is a second factor too (services/identity/passkeys.ts): forgotten with the code.
    await trx.deleteFrom('passkeys').where('staff_id', '=', found.id).execute();
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', found.id).execute();
    await endSessions(trx, staffSubject(found.id));
    await trx.deleteFrom('staff_links').where('staff_id', '=', found.id).execute();
    await trx
      .insertInto('staff_links')
      .values({
        token_hash: tokenHash,
        staff_id: found.id,
        purpose: 'reset',
        expires_at: expiry(),
      })
      .execute();
    let mailId: string | undefined;
    if (delivery === 'mail') {
      const by = actor.id === 'cli' ? T.operator : (actor.displayName ?? actor.email);
      mailId = await enqueue(trx, {
        type: STAFF_LINK_MAIL_TYPE,
        accountId: null,
        payload: {},
        mail: {
          to: found.email,
          subject: T.mailSubject,
          text: [
            T.mailGreeting(found.display_name),
            '',
            T.mailReset(by),
            '',
            T.mailAction,
            link,
            '',
            T.mailNext,
            '',
            T.mailIgnore,
            '',
            T.mailSignature,
          ].join('\n'),
          notAfter: expiry().toISOString(),
        },
      });
    }
    await recordStaffAudit(trx, actor, {
      action: 'staff.second_factor_reset',
      targetKind: 'staff',
      targetId: found.id,
      details: { email: found.email, delivery },
    });
    return { id: found.id, email: found.email, ...(mailId ? { mailId } : {}) };
  });
  if (delivery === 'mail') deps.outbox.wake();
  if (delivery === 'log')
    deps.log.info({ staffLink: link }, 'demo mode without SMTP: staff member’s link');
  return { ...staff, delivery, ...(delivery === 'printed' ? { link } : {}) };
}

/** The enabled member a link is for while it is unused and unexpired, or undefined. */
export async function findStaffLink(db: Db, token: string) {
  if (!token) return undefined;
  return db
    .selectFrom('staff_links as l')
    .innerJoin('staff_accounts as a', 'a.id', 'l.staff_id')
    .select(['a.id', 'a.email', 'l.purpose'])
    .where('l.token_hash', '=', hashLinkToken(token))
    .where('l.used_at', 'is', null)
    .where('l.expires_at', '>', new Date())
    .where('a.disabled_at', 'is', null)
    .executeTakeFirst();
}

/** Sets the password a link was mailed for; NotFoundError when the link no longer works. */
export async function setStaffPasswordFromLink(
  db: Db,
  token: string,
  newPassword: string,
  from: { address?: string | null; userAgent?: string | null },
): Promise<{ email: string }> {
  const staff = await findStaffLink(db, token);
  if (!staff) throw new NotFoundError(T.invalid);
  const problem = newPasswordProblem(newPassword, { email: staff.email });
  if (problem) throw new InvalidInputError(problem, { newPassword: problem });
  const hash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    // The account's row first, then its links, in resetStaffAccess's order: a reset and a link
    // spent at once wait for one another instead of each holding what the other needs.
    const account = await trx
      .selectFrom('staff_accounts')
      .select('id')
      .where('id', '=', staff.id)
      .where('disabled_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!account) throw new NotFoundError(T.invalid);
    if (!(await spendLink(trx, { staffId: staff.id }, token))) throw new NotFoundError(T.invalid);
    await trx
      .updateTable('staff_accounts')
      .set({ password_hash: hash, must_change_password: false })
      .where('id', '=', staff.id)
      .execute();
    await trx.deleteFrom('staff_sessions').where('staff_id', '=', staff.id).execute();
    await endSessions(trx, staffSubject(staff.id));
    await clearEmail(trx, `staff:${staff.email}`);
    await recordStaffAudit(
      trx,
      { id: staff.id, email: staff.email, ...from },
      {
        action: 'staff.password_changed',
        targetKind: 'staff',
        targetId: staff.id,
        details: { via: 'link' },
      },
    );
  });
  return { email: staff.email };
}
