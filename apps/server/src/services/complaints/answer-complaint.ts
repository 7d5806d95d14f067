// The broker's answer to a complaint, from the console (docs/console.md « Réclamations »,
// docs/decisions/0123-complaints-as-requests.md). Enforces:
// - an answer that does not accept the complaint in full (partly, refused) names the insurance
//   mediator as the operator configured it (LEGAL_MEDIATOR: name and address) and the customer's
//   right to go to it (contract mentionsMediator), else UnprocessableRecordError (422), nothing
//   written; the console starts the text from the contract's mediatorParagraph;
// - a complaint is answered once (ConflictError 409 afterwards);
// - the answer, the request's status (done when accepted in full or in part, refused otherwise,
//   through changeRequestStatus: timeline, event request.status_changed), the answer's PDF, the
//   customer's mail with the PDF attached and the staff audit row are one transaction; the
//   stored PDF is deleted when it fails.
import { Readable } from 'node:stream';
import {
  COMPLAINT_MESSAGES,
  COMPLAINT_OUTCOME_LABELS,
  MAX_UPLOAD_BYTES,
  mentionsMediator,
  type BrandKey,
  type ComplaintAnswer,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { OutboxSender } from '../../platform/outbox/outbox';
import { clearIntents, discardStored, putWithIntent } from '../../platform/storage/intents';
import { newStorageKey, type DocumentStorage } from '../../platform/storage/storage';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import { ConflictError, UnprocessableRecordError } from '../errors';
import { changeRequestStatus } from '../requests/request-status';
import type { CustomerMailSettings } from '../requests/status-mail';
import { recordStaffAudit, type StaffActor } from '../staff/audit';
import { answerFileName, requireComplaint } from './complaint-reads';
import { enqueueAnswerMail } from './complaint-mail';
import { renderComplaintAnswer } from './answer-pdf';

export interface AnswerDeps {
  db: Db;
  storage: DocumentStorage;
  outbox: OutboxSender;
  mail: CustomerMailSettings;
  issuer: DocumentIssuer & { mediator: string };
  brand: BrandKey;
}

/** The mediator rule alone: an answer short of full acceptance must name it. */
export function requireMediator(answer: ComplaintAnswer, mediator: string): void {
  if (answer.outcome !== 'accepted' && !mentionsMediator(answer.text, mediator))
    throw new UnprocessableRecordError(COMPLAINT_MESSAGES.mediatorMissing, {
      text: COMPLAINT_MESSAGES.mediatorMissing,
    });
}

export async function answerComplaint(
  deps: AnswerDeps,
  actor: StaffActor,
  reference: string,
  answer: ComplaintAnswer,
): Promise<void> {
  const { db } = deps;
  requireMediator(answer, deps.issuer.mediator);
  const row = await requireComplaint(db, null, reference);
  if (row.answered_at !== null) throw new ConflictError(COMPLAINT_MESSAGES.alreadyAnswered);
  const answeredAt = new Date();
  const pdf = await renderComplaintAnswer(
    {
      complaint: { ...row, firstName: row.first_name, lastName: row.last_name },
      outcome: answer.outcome,
      text: answer.text,
      answeredAt,
    },
    { issuer: deps.issuer, brand: deps.brand },
  );
  const key = newStorageKey();
  try {
    const put = await putWithIntent(deps, key, Readable.from([pdf]), {
      maxBytes: MAX_UPLOAD_BYTES,
    });
    await db.transaction().execute(async (trx) => {
      await sql`select id from complaints where id = ${row.id} for update`.execute(trx);
      const held = await requireComplaint(trx, null, reference);
      if (held.answered_at !== null) throw new ConflictError(COMPLAINT_MESSAGES.alreadyAnswered);
      await clearIntents(trx, [key]);
      await trx
        .updateTable('complaints')
        .set({
          answered_at: answeredAt,
          outcome: answer.outcome,
          answer: answer.text,
          answered_by: `staff:${actor.id}`,
          answer_storage_key: key,
          answer_size: put.size,
        })
        .where('id', '=', row.id)
        .execute();
      await changeRequestStatus(
        trx,
        reference,
        {
          status: answer.outcome === 'refused' ? 'refused' : 'done',
          message: `${COMPLAINT_OUTCOME_LABELS[answer.outcome]}.`,
        },
        { actor: `staff:${actor.id}`, complaintAnswer: true },
      );
      if (deps.outbox.mail)
        await enqueueAnswerMail(trx, deps.mail, {
          accountId: row.account_id,
          reference,
          outcome: answer.outcome,
          text: answer.text,
          pdf: { filename: answerFileName(reference), storageKey: key },
        });
      await recordStaffAudit(trx, actor, {
        action: 'complaint.answered',
        targetKind: 'complaint',
        targetId: reference,
        accountId: row.account_id,
        details: { outcome: answer.outcome },
      });
    });
  } catch (error) {
    await discardStored(deps, [key]);
    throw error;
  }
  deps.outbox.wake();
}
