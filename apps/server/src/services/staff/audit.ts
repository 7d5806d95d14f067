// The staff audit log (docs/console.md « Journal »): every read of a customer's file and every
// action of a staff member, written by the service that does it, in its own transaction when it
// writes (an action is never without its trace, a trace never without its action). Rows are
// only ever inserted: the database refuses an update, a delete or a truncate, and chains each
// row to the one before by its hash (migration 0034, audit-chain.ts verifies). Refusals are
// traced too: a failed staff sign-in, a refused code, an action refused by role. Supervisors
// read them (the console's audit page and its CSV export): the accountability the GDPR asks of
// the broker (art. 5(2)).
import { hostname, userInfo } from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Who did it and from where: the console's request (address as the proxy settings see it). */
export interface StaffActor {
  id: string;
  email: string;
  address?: string | null;
  userAgent?: string | null;
}

/** The staff id of a failed sign-in whose e-mail names no enabled account. */
export const UNKNOWN_STAFF = 'unknown';
/** What an e-mail typed at a failed sign-in keeps: enough to read, not a field to fill a disk. */
export const TYPED_EMAIL_MAX = 100;

/** The operator's command line (scripts/staff.ts) as the actor: the system user and machine. */
export function cliActor(): StaffActor {
  let user = 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No entry for this uid (a container): the machine alone.
  }
  return { id: 'cli', email: `cli:${user}@${hostname()}`, address: null, userAgent: null };
}

export interface AuditEntry {
  /** What was done, e.g. 'customer.read', 'request.status_changed' (labels in the console contract). */
  action: string;
  targetKind?: string | null;
  targetId?: string | null;
  /** The customer account concerned, when there is one. */
  accountId?: string | null;
  details?: Record<string, unknown> | null;
}

export async function recordStaffAudit(
  db: Db,
  actor: StaffActor,
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      staff_id: actor.id,
      staff_email: actor.email,
      action: entry.action,
      target_kind: entry.targetKind ?? null,
      target_id: entry.targetId ?? null,
      account_id: entry.accountId ?? null,
      address: actor.address ?? null,
      user_agent: actor.userAgent?.slice(0, 300) ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
    })
    .execute();
}

/**
 * An entry under the staff member of `staffId` (a code refused, an enrolment, an action refused
 * by role): their e-mail is read in the same statement; nothing is written for an unknown id.
 */
export async function recordStaffEntry(
  db: Db,
  staffId: string,
  from: { address?: string | null; userAgent?: string | null },
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('staff_audit')
    .columns([
      'staff_id',
      'staff_email',
      'action',
      'target_kind',
      'target_id',
      'address',
      'user_agent',
      'details',
    ])
    .expression((eb) =>
      eb
        .selectFrom('staff_accounts')
        .select([
          'id',
          'email',
          sql<string>`${entry.action}::text`.as('action'),
          sql<string | null>`${entry.targetKind ?? null}::text`.as('target_kind'),
          sql<string | null>`${entry.targetId ?? null}::text`.as('target_id'),
          sql<string | null>`${from.address ?? null}::text`.as('address'),
          sql<string | null>`${from.userAgent?.slice(0, 300) ?? null}::text`.as('user_agent'),
          sql<string | null>`${entry.details ? JSON.stringify(entry.details) : null}::jsonb`.as(
            'details',
          ),
        ])
        .where('id', '=', staffId),
    )
    .execute();
}
