// A request's page in the staff console and what is done on it (docs/console.md « Demandes »),
// through the integration API's own services (request-detail.ts, request-status.ts). Enforces:
// - the page is brokerRequestDetail's, with the customer, the assignee, the statuses the contract
//   allows next, and each file's console address (never the integration API's); what the
//   customer sent in full where the broker needs it (request-fields.ts), a new IBAN masked until
//   revealed through revealRequestIban, each reveal audited; the history with who did what
//   (request-history.ts); the documents of the request with their check (owed-documents.ts);
// - every read and every action leaves its staff_audit row (services/staff/audit.ts); an action's
//   row is written in the action's own transaction, so neither exists without the other;
// - a status change is changeRequestStatus with the staff member as its actor (`staff:<id>`) and
//   the customer's mail written by the caller's notifier, as the integration API does;
// - a request is assigned to an enabled staff member only (else 400 naming `staffId`), or to none.
import {
  consolePath,
  MESSAGES,
  nextStatuses,
  type ConsoleAssignment,
  type ConsoleRequestDetail,
  type StatusChange,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { brokerRequestDetail } from '../requests/request-detail';
import { viewReference } from '../requests/request-lookup';
import {
  changeRequestStatus,
  type RequestOnTheMove,
  type StatusChangeResult,
} from '../requests/request-status';
import { recordStaffAudit, type StaffActor } from '../staff/audit';
import { assigneeToBe } from './inbox-pages';
import { owedDocumentsOf } from './owed-documents';
import { consoleFields, revealIban } from './request-fields';
import { consoleTimeline } from './request-history';

const UNKNOWN_STAFF = 'Ce membre de l’équipe n’existe pas ou son compte est désactivé.';

/** The request's row in the view, its customer and its assignee (NotFoundError if none). */
async function requestContext(db: Db, reference: string) {
  const row = await db
    .selectFrom('customer_requests as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .leftJoin('request_assignments as ra', 'ra.request_id', 'r.id')
    .leftJoin('staff_accounts as sa', 'sa.id', 'ra.staff_id')
    .select(['r.id', 'r.kind', 'r.status', 'r.account_id', 'a.customer_id', 'a.email'])
    .select(['a.first_name', 'a.last_name', 'sa.id as assignee_id', 'sa.display_name'])
    .select(['sa.email as assignee_email', 'r.payload', 'r.created_at', 'r.policy_number'])
    .where(viewReference(reference))
    .executeTakeFirst();
  if (!row) throw new NotFoundError(MESSAGES.api.requestNotFound);
  return row;
}

/** The request's page, read by `actor`: audited 'request.read'. */
export async function consoleRequestDetail(
  db: Db,
  actor: StaffActor,
  reference: string,
): Promise<ConsoleRequestDetail> {
  const context = await requestContext(db, reference);
  const [detail, timeline, documents] = await Promise.all([
    brokerRequestDetail(db, reference),
    consoleTimeline(db, {
      id: context.id,
      reference,
      kind: context.kind,
      accountId: context.account_id,
      createdAt: context.created_at,
    }),
    owedDocumentsOf(db, { requestId: context.id }),
  ]);
  await recordStaffAudit(db, actor, {
    action: 'request.read',
    targetKind: 'request',
    targetId: reference,
    accountId: context.account_id,
  });
  return {
    ...detail,
    answers: consoleFields(context.kind, detail.payload),
    timeline,
    documents,
    customer: {
      customerNumber: context.customer_id,
      name: `${context.first_name} ${context.last_name}`.trim(),
      email: context.email,
    },
    assignee:
      context.assignee_id === null
        ? null
        : {
            id: context.assignee_id,
            displayName: context.display_name ?? '',
            email: context.assignee_email ?? '',
          },
    nextStatuses: [...nextStatuses(context.kind, context.status)],
    files: detail.files.map((file) => {
      const href = consolePath('requestFile', { reference, fileId: file.id });
      const { id, name, contentType, size } = file;
      return { id, name, contentType, size, href, previewHref: `${href}?preview=1` };
    }),
  };
}

const NO_IBAN = 'Cette demande ne porte pas de nouvel IBAN.';

/** The new IBAN of a bank-details change in full, for `actor`: audited 'request.iban_revealed'. */
export async function revealRequestIban(db: Db, actor: StaffActor, reference: string) {
  const context = await requestContext(db, reference);
  const revealed = context.kind === 'change_payment_details' ? revealIban(context.payload) : null;
  if (!revealed) throw new ConflictError(NO_IBAN);
  await recordStaffAudit(db, actor, {
    action: 'request.iban_revealed',
    targetKind: 'request',
    targetId: reference,
    accountId: context.account_id,
  });
  return revealed;
}

/** Records 'request.file_read' for a file `actor` opened (the caller found it first). */
export async function auditFileRead(db: Db, actor: StaffActor, reference: string, fileId: string) {
  const { account_id } = await requestContext(db, reference);
  await recordStaffAudit(db, actor, {
    action: 'request.file_read',
    targetKind: 'request',
    targetId: reference,
    accountId: account_id,
    details: { fileId },
  });
}

/** changeRequestStatus by a staff member, audited in its transaction; `notify` mails the customer. */
export async function staffStatusChange(
  db: Db,
  actor: StaffActor,
  reference: string,
  change: StatusChange,
  notify?: (trx: Db, move: RequestOnTheMove) => Promise<void>,
): Promise<StatusChangeResult> {
  return changeRequestStatus(db, reference, change, {
    actor: `staff:${actor.id}`,
    notify: async (trx, move) => {
      await notify?.(trx, move);
      await recordStaffAudit(trx, actor, {
        action: 'request.status_changed',
        targetKind: 'request',
        targetId: reference,
        accountId: move.accountId,
        details: { from: move.from, to: move.status, message: move.message },
      });
    },
  });
}

/** Assigns the request to `staffId` (an enabled staff member) or to nobody; audited. */
export async function assignRequest(
  db: Db,
  actor: StaffActor,
  reference: string,
  staffId: string | null,
): Promise<ConsoleAssignment> {
  return db.transaction().execute(async (trx) => {
    const request = await requestContext(trx, reference);
    const staff = await assigneeToBe(trx, staffId, UNKNOWN_STAFF);
    if (staff)
      await trx
        .insertInto('request_assignments')
        .values({ request_id: request.id, staff_id: staff.id, assigned_by: actor.id })
        .onConflict((oc) =>
          oc.column('request_id').doUpdateSet({
            staff_id: staff.id,
            assigned_by: actor.id,
            assigned_at: new Date(),
          }),
        )
        .execute();
    else await trx.deleteFrom('request_assignments').where('request_id', '=', request.id).execute();
    await recordStaffAudit(trx, actor, {
      action: 'request.assigned',
      targetKind: 'request',
      targetId: reference,
      accountId: request.account_id,
      details: { from: request.assignee_id, to: staff?.id ?? null },
    });
    return {
      reference,
      assignee: staff ? { id: staff.id, displayName: staff.display_name } : null,
    };
  });
}
