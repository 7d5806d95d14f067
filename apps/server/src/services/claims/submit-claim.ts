// Sending a claim declaration (docs/product/claims.md). Enforces:
// - the draft is the caller's (else 404 'Sinister not found'), on a contract still in force;
// - it holds every step its kind asks for, a third party for an accident with one and its
//   constat (contract claimCompletenessIssues), else 400 naming what is missing, nothing stored;
// - the deadline is the contract's claimDeadline on the day of sending in Paris; a late claim is
//   accepted and its receipt says what that means;
// - the claim, its files (moved from the draft), its PDF receipt (a downloadable document of the
//   policy), the removal of the draft and one outbox row for the broker are written in one
//   transaction; the draft's deletion in it makes a second sending of the same draft 404, so
//   a claim is declared and announced once; a failure deletes the stored receipt;
// - the acknowledgement says when it was declared (contract declaredText) and what happens next
//   (contract claimNextSteps: the broker's recontact promise, a glass claim on a contract without
//   glass cover); the customer's mail says the same, the receipt attached (claim-mail.ts), in
//   the same transaction.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  CLAIM_KIND_LABELS,
  CLAIM_OUTBOX_TYPE,
  claimCompletenessIssues,
  claimGlassOf,
  claimNextSteps,
  glassDamageText,
  MAX_UPLOAD_BYTES,
  todayInParis,
  UPLOAD_NOT_FOUND_BODIES,
  type BrandKey,
  type ClaimAcknowledgement,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { enqueue, type OutboxSender } from '../../platform/outbox/outbox';
import { clearIntents, discardStored, putWithIntent } from '../../platform/storage/intents';
import { newStorageKey, type DocumentStorage } from '../../platform/storage/storage';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import { InvalidInputError, NotFoundError } from '../errors';
import { recordRequestEvent } from '../events/record-event';
import { newRequestReference } from '../requests/reference';
import { requireOwnDraft, requireOwnPolicyActive } from './claim-policy';
import { deadlineOf } from './draft-view';
import { claimReceiptFileName, renderClaimReceipt } from './receipt-pdf';
import { claimSubject } from './claim-subject';
import type { CustomerMailSettings } from '../requests/status-mail';
import { enqueueClaimMail } from './claim-mail';

export interface ClaimDeps {
  db: Db;
  storage: DocumentStorage;
  issuer: DocumentIssuer;
  outbox: OutboxSender;
  mail: CustomerMailSettings;
  now?: () => Date;
}

export async function submitClaim(
  deps: ClaimDeps,
  request: { accountId: string; draftId: string; brand: BrandKey },
): Promise<ClaimAcknowledgement> {
  const { db } = deps;
  const { accountId } = request;
  const draft = await requireOwnDraft(db, accountId, request.draftId);
  const policyNumber = draft.policy_number;
  await requireOwnPolicyActive(db, accountId, policyNumber);
  const files = await db
    .selectFrom('claim_files')
    .select(['id', 'role', 'original_name'])
    .where('draft_id', '=', draft.id)
    .orderBy('created_at')
    .execute();
  const answers = draft.answers;
  const issues = claimCompletenessIssues(answers, files);
  const first = Object.values(issues)[0];
  if (first) throw new InvalidInputError(first, issues);
  const kind = answers.kind!.kind;
  const when = answers.when!;
  const glass = claimGlassOf(answers);

  const declaredAt = (deps.now ?? (() => new Date()))();
  const today = todayInParis(declaredAt);
  const reference = newRequestReference('SIN', today);
  const subject = await claimSubject(db, accountId, policyNumber, answers.driver);
  const acknowledgement: ClaimAcknowledgement = {
    reference,
    policyNumber,
    declaredAt: declaredAt.toISOString(),
    deadline: deadlineOf(answers, today, true),
    nextSteps: claimNextSteps({
      reference,
      kind,
      brokerName: deps.issuer.brokerName,
      declaredAt: declaredAt.toISOString(),
      withoutGlassCover: !subject.glassCover,
    }),
    receiptDocumentId: randomUUID(),
    receiptFileName: claimReceiptFileName(reference),
  };
  const receipt = await renderClaimReceipt(
    {
      acknowledgement,
      customer: subject.customer,
      vehicle: subject.vehicle,
      answers,
      driverName: subject.driverName,
      fileNames: {
        photos: files.filter((f) => f.role === 'photo').map((f) => f.original_name),
        constat: files.filter((f) => f.role === 'constat').map((f) => f.original_name),
      },
    },
    { issuer: deps.issuer, brand: request.brand },
  );
  const receiptKey = newStorageKey();
  try {
    const put = await putWithIntent(deps, receiptKey, Readable.from([receipt]), {
      maxBytes: MAX_UPLOAD_BYTES,
    });
    await db.transaction().execute(async (trx) => {
      // The draft is held until it is deleted below: a second sending waits, then finds it gone.
      // It is deleted last, since deleting it deletes the files still attached to it.
      const held = await trx
        .selectFrom('claim_drafts')
        .select('id')
        .where('id', '=', draft.id)
        .where('account_id', '=', accountId)
        .forUpdate()
        .executeTakeFirst();
      if (!held) throw new NotFoundError(UPLOAD_NOT_FOUND_BODIES.sinister);
      await clearIntents(trx, [receiptKey]);
      await trx
        .insertInto('downloadable_documents')
        .values({
          id: acknowledgement.receiptDocumentId,
          policy_number: policyNumber,
          file_name: acknowledgement.receiptFileName,
          content_type: 'application/pdf',
          storage_key: receiptKey,
          size: put.size,
          created_at: acknowledgement.declaredAt,
        })
        .execute();
      const claimId = randomUUID();
      await trx
        .insertInto('claim_declarations')
        .values({
          id: claimId,
          reference,
          account_id: accountId,
          policy_number: policyNumber,
          kind,
          answers: JSON.stringify(answers),
          summary: JSON.stringify({
            kindLabel: CLAIM_KIND_LABELS[kind],
            occurredOn: when.occurredOn,
            place: when.place.label,
            ...(glass ? { glass: glassDamageText(glass) } : {}),
          }),
          occurred_on: when.occurredOn,
          declared_at: acknowledgement.declaredAt,
          deadline: JSON.stringify(acknowledgement.deadline),
          late: acknowledgement.deadline?.late ?? false,
          receipt_document_id: acknowledgement.receiptDocumentId,
        })
        .execute();
      if (files.length > 0) {
        await trx
          .updateTable('claim_files')
          .set({ claim_id: claimId, draft_id: null })
          .where(
            'id',
            'in',
            files.map((f) => f.id),
          )
          .execute();
      }
      await enqueue(trx, {
        type: CLAIM_OUTBOX_TYPE,
        accountId,
        payload: {
          reference,
          policyNumber,
          kind,
          occurredOn: when.occurredOn,
          late: acknowledgement.deadline?.late ?? false,
        },
      });
      if (deps.outbox.mail)
        await enqueueClaimMail(trx, deps.mail, {
          accountId,
          reference,
          kind,
          declaredAt: acknowledgement.declaredAt,
          nextSteps: acknowledgement.nextSteps,
          receipt: { filename: acknowledgement.receiptFileName, storageKey: receiptKey },
        });
      await recordRequestEvent(trx, `claim:${claimId}`);
      await trx.deleteFrom('claim_drafts').where('id', '=', draft.id).execute();
    });
  } catch (error) {
    await discardStored(deps, [receiptKey]);
    throw error;
  }
  if (deps.outbox.mail) deps.outbox.wake();
  return acknowledgement;
}
