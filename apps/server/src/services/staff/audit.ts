// The staff audit log (docs/backoffice.md « Journal »): every read of a customer's file and every
// action of a staff member, written by the service that does it, in its own transaction when it
// writes (an action is never without its trace, a trace never without its action). Rows are
// only ever inserted; supervisors read them (the console's audit page and its CSV export): the
// accountability the GDPR asks of the broker (art. 5(2)).
import type { Db } from '../../db/client';

/** Who did it and from where: the console's request (address as the proxy settings see it). */
export interface StaffActor {
  id: string;
  email: string;
  address?: string | null;
  userAgent?: string | null;
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
