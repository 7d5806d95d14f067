// First access of a customer the broker loaded (docs/decisions/0075-first-access-invitation.md).
// An imported account has no credentials: it gets in through a link to choose its password,
// the same kind of link and the same page as a forgotten password (password-links.ts), valid
// INVITATION_LINK_HOURS. Enforces:
// - `sendInvitation` (the integration API, the import's --invite): only an account without
//   credentials whose online access was never deleted by its owner; the new link replaces the
//   older ones; `keepPending` leaves an account whose link is still valid alone (an import run
//   again mails nobody twice);
// - `requestFirstAccess` (« Première connexion »): contract number + birth date + the e-mail
//   on file, all three, of an account without credentials. The caller gets the same answer
//   whatever matched, after the same statements (the two counts): the search, the link and its
//   mail are written together in one transaction after the answer; mails are limited per e-mail
//   and requests per network address (RATE_LIMITS.firstAccessMails, .firstAccessAddress), in the
//   database;
// - the mail is an outbox row sent by the one relay when SMTP is configured; in demo mode
//   without SMTP the link is written to the log.
import {
  INVITATION_LINK_HOURS,
  FIRST_ACCESS_TEXTS,
  type BrandKey,
  type FirstAccessRequest,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { enqueue, type OutboxSender } from '../../platform/outbox/outbox';
import { countAttempt } from '../../platform/rate-limits/attempt-counter';
import { RATE_LIMITS } from '../../platform/rate-limits/tiers';
import { NotFoundError, TooManyAttemptsError } from '../errors';
import { invitationMail } from './invitation-mail';
import { drawLinkToken } from '../identity/password-links';
import type { ResetLog } from '../identity/password-reset';

export interface InvitationDeps {
  db: Db;
  /** The one outbox relay: the mail is a row it sends (docs/decisions/0056-one-outbox-relay.md). */
  outbox: OutboxSender;
  log: ResetLog;
  demoMode: boolean;
  /** The absolute link of the set-password page for a token. */
  linkFor(token: string): string;
}

export type InvitationOutcome = 'sent' | 'pending' | 'active' | 'deleted';

interface Invited {
  account_id: string;
  email: string;
  first_name: string;
}

const expiry = (from = Date.now()) => new Date(from + INVITATION_LINK_HOURS * 3_600_000);

/** Writes the account's new link (replacing its others) when `candidates` finds it. */
function writeLink(tokenHash: string, candidates: ReturnType<typeof sql>) {
  // Both times from one reading of the clock: the link lasts exactly INVITATION_LINK_HOURS.
  const createdAt = new Date();
  return sql<Invited>`
    with account as (${candidates}),
    dropped as (
      delete from password_reset_tokens where account_id in (select id from account)
    ),
    inserted as (
      insert into password_reset_tokens (token_hash, account_id, purpose, created_at, expires_at)
      select ${tokenHash}, id, 'invitation', ${createdAt}::timestamptz, ${expiry(createdAt.getTime())}::timestamptz
      from account
      returning account_id
    )
    select i.account_id, a.email, a.first_name from inserted i join account a on a.id = i.account_id`;
}

/** The outbox row of an invitation mail (not a request: 'Mes demandes' ignores it). */
const INVITATION_MAIL_TYPE = 'mail.invitation';

/** Queues the link's mail in the outbox, in `db`'s transaction when it is one. */
async function queueLinkMail(
  deps: InvitationDeps,
  db: Db,
  invited: Invited,
  link: string,
  brand: BrandKey,
) {
  if (!deps.outbox.mail) return;
  const mail = await invitationMail({ firstName: invited.first_name, link, brand });
  await enqueue(db, {
    type: INVITATION_MAIL_TYPE,
    accountId: invited.account_id,
    payload: {},
    mail: { to: invited.email, ...mail, notAfter: expiry().toISOString() },
  });
}

/** After the commit: the relay is woken, or without SMTP the link goes to the log (demo). */
function announce(deps: InvitationDeps, link: string) {
  if (deps.outbox.mail) deps.outbox.wake();
  else if (deps.demoMode)
    deps.log.info({ invitationLink: link }, 'demo mode without SMTP: invitation');
  else deps.log.warn({}, 'invitation not sent: SMTP_URL is not set');
}

const brandedLink = (deps: InvitationDeps, token: string, brand: BrandKey) =>
  `${deps.linkFor(token)}&brand=${brand}`;

/** Mails an account without a password its link to choose one; says what was done. */
export async function sendInvitation(
  deps: InvitationDeps,
  accountId: string,
  options: {
    brand?: BrandKey;
    keepPending?: boolean;
    /** Written with the link and its mail, in their transaction (a staff member's audit row). */
    alongside?: (trx: Db) => Promise<void>;
  } = {},
): Promise<InvitationOutcome> {
  const account = await deps.db
    .selectFrom('accounts as a')
    .leftJoin('credentials as c', 'c.account_id', 'a.id')
    .select(['a.portal_deleted_at as deletedAt', 'c.account_id as credentials'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('password_reset_tokens as t')
            .whereRef('t.account_id', '=', 'a.id')
            .where('t.purpose', '=', 'invitation')
            .where('t.used_at', 'is', null)
            .where('t.expires_at', '>', new Date()),
        )
        .as('pending'),
    )
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  if (!account) throw new NotFoundError();
  if (account.credentials) return 'active';
  if (account.deletedAt) return 'deleted';
  if (account.pending && options.keepPending) return 'pending';
  const { token, tokenHash } = drawLinkToken();
  const brand = options.brand ?? 'lumen';
  const link = brandedLink(deps, token, brand);
  // The link and its mail are written together: a crash leaves both or neither.
  const invited = await deps.db.transaction().execute(async (trx) => {
    const { rows } = await writeLink(
      tokenHash,
      sql`select a.id, lower(trim(a.email)) as email, a.first_name from accounts a
        where a.id = ${accountId}
          and not exists (select 1 from credentials c where c.account_id = a.id)`,
    ).execute(trx);
    if (rows[0]) {
      await queueLinkMail(deps, trx, rows[0], link, brand);
      await options.alongside?.(trx);
    }
    return rows[0];
  });
  if (!invited) return 'active';
  announce(deps, link);
  return 'sent';
}

/** « Première connexion »: the same link, mailed only when all three match an account. */
export async function requestFirstAccess(
  deps: InvitationDeps,
  request: FirstAccessRequest,
  address: string,
  brand: BrandKey = 'lumen',
): Promise<void> {
  const { db } = deps;
  const perAddress = RATE_LIMITS.firstAccessAddress;
  const byAddress = await countAttempt(db, `first-access-address:${address}`, perAddress);
  if (byAddress > perAddress.max) throw new TooManyAttemptsError(FIRST_ACCESS_TEXTS.tooMany);
  const email = request.email.trim().toLowerCase();
  const perEmail = RATE_LIMITS.firstAccessMails;
  if ((await countAttempt(db, `first-access-mail:${email}`, perEmail)) > perEmail.max) return;
  // Typed as printed on a document: spaces and case do not matter.
  const policyNumber = request.policyNumber.replace(/\s+/g, '').toUpperCase();
  // The answer does not wait for the search, the link or the mail: the same time whatever
  // matched. The link and its mail are written in one transaction, after the answer: a crash
  // leaves both or neither, and the customer asks again.
  setImmediate(() => {
    writeFirstAccessLink(deps, { email, birthDate: request.birthDate, policyNumber }, brand)
      .then((link) => link && announce(deps, link))
      .catch((err: unknown) => deps.log.error({ err }, 'first-access link not written'));
  });
}

/** The link of the account all three identify, with its mail; the link, or none if no match. */
async function writeFirstAccessLink(
  deps: InvitationDeps,
  who: { email: string; birthDate: string; policyNumber: string },
  brand: BrandKey,
): Promise<string | undefined> {
  const { token, tokenHash } = drawLinkToken();
  const link = brandedLink(deps, token, brand);
  return deps.db.transaction().execute(async (trx) => {
    const { rows } = await writeLink(
      tokenHash,
      sql`select a.id, lower(trim(a.email)) as email, a.first_name from accounts a
        where lower(trim(a.email)) = ${who.email}
          and a.birth_date = ${who.birthDate}::date
          and exists (select 1 from policies p
            where p.account_id = a.id and upper(p.policy_number) = ${who.policyNumber})
          and not exists (select 1 from credentials c where c.account_id = a.id)
        limit 1`,
    ).execute(trx);
    if (!rows[0]) return undefined;
    await queueLinkMail(deps, trx, rows[0], link, brand);
    return link;
  });
}

/** `sendInvitation` for the broker's customer number (the integration API). */
export async function inviteCustomer(
  deps: InvitationDeps,
  customerNumber: string,
  options: {
    brand?: BrandKey | undefined;
    /**
     * What to record of the outcome, with the account: in the link's transaction when one is
     * sent (a crash leaves the mail and its record or neither), on its own once the outcome is
     * known otherwise (nothing was written).
     */
    record?: (db: Db, accountId: string, outcome: InvitationOutcome) => Promise<void>;
  } = {},
): Promise<InvitationOutcome> {
  const account = await deps.db
    .selectFrom('accounts')
    .select('id')
    .where('customer_id', '=', customerNumber)
    .executeTakeFirst();
  if (!account) throw new NotFoundError();
  const { record } = options;
  const outcome = await sendInvitation(deps, account.id, {
    ...(options.brand ? { brand: options.brand } : {}),
    ...(record ? { alongside: (trx: Db) => record(trx, account.id, 'sent') } : {}),
  });
  if (record && outcome !== 'sent') await record(deps.db, account.id, outcome);
  return outcome;
}
