// The broker's side of 'Mes demandes' (PATCH /backoffice/v1/requests/{reference}, the staff
// console, the demo seed; docs/integration.md « Statuts »). Enforces, in one transaction:
// - a request is found by the reference the customer read (NotFoundError otherwise);
// - the move is one the contract's transitions allow from the current status (a claim has its
//   own steps: contract requests/statuses.ts), else ConflictError naming those allowed; the same
//   status with the same message and details again changes nothing (a retried call is harmless);
// - the current status, a timeline row (date, message, details, who) and the request's event for
//   the broker's other systems are written together; a refusal keeps its message as the reason;
// - « en attente de pièces » adds the document it names to the request's contract, with a type
//   of its own ('piece-<reference>-<n>'), where the customer's documents screen lists it as to
//   send and the customer's upload completes it;
// - a termination request's own status follows ('done' → 'processed', 'refused' → 'rejected':
//   services/termination/termination-status.ts).
// The customer's e-mail is written by the caller's `notify`, in the same transaction.
import {
  MESSAGES,
  nextStatuses,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUS_TABLE,
  type BrokerRequestStatus,
  type RequestKind,
  type RequestStatus,
  type StatusChange,
  type StatusDetails,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import { recordRequestEvent } from '../events/record-event';
import { inTransaction } from '../integration/records';
import { terminationStatusOf } from '../termination/termination-status';
import { viewReference } from './request-lookup';

const COMPLAINT_CLOSED_BY_ANSWER =
  'Une réclamation se clôt par sa réponse (console, «\u00a0Réclamations\u00a0»)\u00a0: son issue et le médiateur y sont donnés au client.';

export interface RequestOnTheMove {
  id: string;
  reference: string;
  kind: RequestKind;
  accountId: string;
  policyNumber: string | null;
  from: RequestStatus;
  status: BrokerRequestStatus;
  message: string | null;
  details: StatusDetails | null;
  /** The type of the document « en attente de pièces » added to the contract (the mail links to it). */
  awaitedFileType?: string;
}

export interface StatusChangeOptions {
  /** Who moved it: the integration client's id, or a staff member's. */
  actor: string;
  /** The answer of a complaint closes it (services/complaints/answer-complaint.ts), nothing else. */
  complaintAnswer?: boolean;
  /** Writes the customer's e-mail in `trx` (services/requests/status-mail.ts). */
  notify?: ((trx: Db, move: RequestOnTheMove) => Promise<void>) | undefined;
}

export interface StatusChangeResult {
  reference: string;
  status: RequestStatus;
  /** False when the request already had this status and message: nothing was written. */
  changed: boolean;
}

function detailsOf(change: StatusChange): StatusDetails | null {
  const { document, expertise, repair, settlement } = change;
  const details = { document, expertise, repair, settlement };
  return Object.values(details).some(Boolean)
    ? (JSON.parse(JSON.stringify(details)) as StatusDetails)
    : null;
}

/** JSON with sorted keys: jsonb gives its keys back in its own order, not the one written. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

export async function changeRequestStatus(
  db: Db,
  reference: string,
  change: StatusChange,
  options: StatusChangeOptions,
): Promise<StatusChangeResult> {
  // In the caller's transaction when there is one (a document's check closes its requests).
  return inTransaction(db, async (trx) => {
    // One writer per request at a time (the view over unions cannot be locked `for update`).
    await sql`select pg_advisory_xact_lock(hashtextextended(${'status:' + reference}, 0))`.execute(
      trx,
    );
    const found = await trx
      .selectFrom('customer_requests as r')
      .leftJoin('request_statuses as s', 's.request_id', 'r.id')
      .select(['r.id', 'r.kind', 'r.account_id', 'r.policy_number', 'r.status'])
      .select(['s.message', 's.details'])
      .where(viewReference(reference))
      .executeTakeFirst();
    if (!found) throw new NotFoundError(MESSAGES.api.requestNotFound);
    const message = change.message?.trim() || null;
    const details = detailsOf(change);
    if (
      found.status === change.status &&
      found.message === message &&
      canonical(found.details ?? null) === canonical(details)
    )
      return { reference, status: found.status, changed: false };
    const closing = change.status === 'done' || change.status === 'refused';
    if (found.kind === 'complaint' && closing !== Boolean(options.complaintAnswer))
      throw new ConflictError(COMPLAINT_CLOSED_BY_ANSWER, { status: COMPLAINT_CLOSED_BY_ANSWER });
    const allowed = options.complaintAnswer
      ? REQUEST_STATUS_TABLE[found.status].open
        ? (['done', 'refused'] as const)
        : []
      : nextStatuses(found.kind, found.status);
    if (!allowed.includes(change.status)) {
      const labels = allowed.map((s) => `${s} (${REQUEST_STATUS_LABELS[s]})`).join(', ');
      throw new ConflictError(
        allowed.length === 0
          ? `La demande ${reference} est close (${REQUEST_STATUS_LABELS[found.status]})\u00a0: son statut ne change plus.`
          : `La demande ${reference} est «\u00a0${REQUEST_STATUS_LABELS[found.status]}\u00a0»\u00a0: elle peut passer à ${labels}.`,
        { status: `${change.status} n’est pas possible depuis ${found.status}.` },
      );
    }
    const move: RequestOnTheMove = {
      id: found.id,
      reference,
      kind: found.kind,
      accountId: found.account_id,
      policyNumber: found.policy_number,
      from: found.status,
      status: change.status,
      message,
      details,
    };
    if (change.document)
      move.awaitedFileType = await addAwaitedDocument(trx, move, change.document);
    await writeStatus(trx, move, options.actor);
    await recordRequestEvent(trx, found.id, 'request.status_changed');
    await options.notify?.(trx, move);
    return { reference, status: change.status, changed: true };
  });
}

/** The `fileType` of the n-th document a request awaits: 'piece-<reference>-<n>'. */
export const awaitedFileType = (reference: string, n: number) =>
  `piece-${reference.toLowerCase()}-${n}`;

async function addAwaitedDocument(
  trx: Db,
  move: RequestOnTheMove,
  document: NonNullable<StatusChange['document']>,
): Promise<string> {
  if (!move.policyNumber)
    throw new ConflictError(
      `La demande ${move.reference} ne porte sur aucun contrat\u00a0: la pièce ne peut pas y être demandée.`,
      { document: 'Seule une demande liée à un contrat peut attendre une pièce.' },
    );
  // Its own type, unique on the contract (policy_documents_type_unique): the customer's upload
  // names it (`fileType`) and completes it; 'autre' would take the file and change no status.
  const asked = await trx
    .selectFrom('policy_documents')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('request_id', '=', move.id)
    .executeTakeFirstOrThrow();
  const fileType = awaitedFileType(move.reference, Number(asked.n) + 1);
  await trx
    .insertInto('policy_documents')
    .values({
      policy_number: move.policyNumber,
      name: document.name,
      description: `Demandée pour votre demande ${move.reference}.`,
      file_type: fileType,
      exact_file_number: document.files,
      max_file_number: document.files,
      status: null,
      due_on: document.dueOn ?? null,
      request_id: move.id,
      position: sql<number>`(select coalesce(max(position) + 1, 0) from policy_documents
                             where policy_number = ${move.policyNumber})`,
    })
    .execute();
  return fileType;
}

/** What a status write needs of a move: the request, the status, its message and details. */
type StatusWrite = Pick<RequestOnTheMove, 'id' | 'status' | 'message' | 'details'>;

async function writeStatus(trx: Db, move: StatusWrite, actor: string | null, at = new Date()) {
  const reason = move.status === 'refused' ? move.message : null;
  const details = move.details === null ? null : JSON.stringify(move.details);
  const values = { status: move.status, reason, message: move.message, details, updated_at: at };
  await trx
    .insertInto('request_statuses')
    .values({ request_id: move.id, ...values })
    .onConflict((oc) => oc.column('request_id').doUpdateSet(values))
    .execute();
  await trx
    .insertInto('request_status_history')
    .values({
      request_id: move.id,
      status: move.status,
      reason,
      message: move.message,
      details,
      actor,
      recorded_at: at,
    })
    .execute();
  const [source, id] = move.id.split(':', 2);
  if (source === 'termination' && id) {
    await trx
      .updateTable('termination_requests')
      .set({ status: terminationStatusOf(move.status) })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * Sets a status with no check of the transitions and no event: the demo seed's history and the
 * tests that need a request in a given state. `reason` is its message (a refusal's reason).
 */
export async function setRequestStatus(
  db: Db,
  requestId: string,
  status: BrokerRequestStatus,
  reason: string | null = null,
  at: Date = new Date(),
  /** Who set it ('staff:<id>' in the demo's history), none by default. */
  actor: string | null = null,
): Promise<void> {
  if (status === 'refused' && !reason?.trim()) throw new RangeError('A refusal needs a reason.');
  const write = (trx: Db) =>
    writeStatus(trx, { id: requestId, status, message: reason, details: null }, actor, at);
  // Inside the caller's transaction when there is one (the demo seed), else in its own.
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}
