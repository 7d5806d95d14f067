// A contract termination requested online (docs/product/termination.md /contractTermination terminate;
// Code des assurances L113-15-3, décret 2023-182). Enforces:
// - the policy is the caller's (else NotFoundError 'Policy not found') and not terminated (else
//   ConflictError), checked again inside the transaction;
// - one pending request per policy: while the broker has not processed it, a new request is
//   answered with the first one's acknowledgement (`created: false`), never a duplicate, also
//   when two arrive together (the partial unique index of migration 0008);
// - reason, comment and file count are the contract's (terminationRequestSchema, checked by the
//   route); each file is decoded and checked from its own bytes like an upload (store-upload.ts:
//   type sniffed, name and declared type agreeing, 10 MB at most);
// - the receipt (a PDF) is stored as a downloadable document of the policy; the request, its
//   files, the receipt and the outbox row for the broker are written in one transaction, and
//   whatever fails deletes every object stored for the request, so nothing is left behind; a
//   kill in between is swept by the objects' intents (docs/decisions/0054-storage-intents.md);
// - the effective date is packages/contract terminationEffect on the day of receipt in Paris,
//   indicative until the broker confirms it; for a sale (reason 2) it counts from the sale date
//   given, which must lie between the contract's start and one month ahead (saleDateIssue,
//   decision 0043), else InvalidInputError on `saleDate` and nothing is stored;
// - with SMTP configured, the outbox row committed with the request carries the receipt's mail
//   to the customer (the PDF named by its storage key), sent by the outbox relay at once and
//   retried while the mail server is down (docs/decisions/0056-one-outbox-relay.md).
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  isSaleReason,
  MAX_UPLOAD_BYTES,
  saleDateIssue,
  TERMINATION_MESSAGES,
  TERMINATION_OUTBOX_TYPE,
  terminationEffect,
  terminationReasonByLabel,
  todayInParis,
  type BrandKey,
  type ParsedTerminationRequest,
  type TerminationAcknowledgement,
} from '@espace/contract';
import type { Db } from '../../db/client';
import type { DocumentIssuer } from '../documents/pdf-layouts/contract-data';
import { storeFileBytes, type StoreDeps, type StoredUpload } from '../documents/store-upload';
import { ConflictError, DomainError, InvalidInputError } from '../errors';
import { recordRequestEvent } from '../events/record-event';
import type { StoredMail } from '../../platform/mail/mail-channel';
import { enqueue, type OutboxSender } from '../../platform/outbox/outbox';
import { requireOwnPolicyNotTerminated } from '../policies/policies';
import { clearIntents, discardStored, putWithIntent } from '../../platform/storage/intents';
import { newStorageKey, type DocumentStorage } from '../../platform/storage/storage';
import { receiptFileName, renderReceipt } from './receipt-pdf';
import {
  findPendingTermination,
  insertTermination,
  terminationSubject,
} from './termination-records';

export interface TerminationDeps {
  db: Db;
  storage: DocumentStorage;
  /** Mails the receipt when SMTP is configured. */
  outbox: OutboxSender;
  /** Who the receipt names: the broker and insurer of the operator's legal identity. */
  issuer: DocumentIssuer;
  /** The clock; tests pin it. */
  now?: () => Date;
}

export interface TerminationOutcome {
  /** False when the request repeats one still pending: the acknowledgement is the first one's. */
  created: boolean;
  acknowledgement: TerminationAcknowledgement;
}

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 'RES-20261122-7KQ2MX': the day of receipt and six characters nobody misreads. */
function newReference(day: string): string {
  const suffix = Array.from(randomBytes(6), (b) => REFERENCE_ALPHABET[b % 32]).join('');
  return `RES-${day.replaceAll('-', '')}-${suffix}`;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

const requireTerminablePolicy = (db: Db, accountId: string, policyNumber: string) =>
  requireOwnPolicyNotTerminated(
    db,
    accountId,
    policyNumber,
    () => new ConflictError(TERMINATION_MESSAGES.api.policyTerminated),
  );

/** Checks and stores each file; a refusal names the file (docs/product/termination.md: the flow shows the message). */
async function storeFiles(
  deps: StoreDeps,
  files: ParsedTerminationRequest['files'],
  stored: string[],
): Promise<StoredUpload[]> {
  const result: StoredUpload[] = [];
  for (const [index, file] of files.entries()) {
    try {
      const upload = await storeFileBytes(deps, {
        fileName: file.fileName,
        declaredType: file.fileType,
        bytes: Buffer.from(file.fileContent, 'base64'),
      });
      stored.push(upload.key);
      result.push(upload);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const message = `${file.fileName}\u00a0: ${error.message}`;
      throw new DomainError(error.code, message, { [`files.${index}`]: error.message });
    }
  }
  return result;
}

export async function requestTermination(
  deps: TerminationDeps,
  request: {
    accountId: string;
    policyNumber: string;
    body: ParsedTerminationRequest;
    /** The skin the receipt is drawn in: the one the customer sees. */
    brand: BrandKey;
  },
): Promise<TerminationOutcome> {
  const { db } = deps;
  const { accountId, body } = request;
  const policy = await requireTerminablePolicy(db, accountId, request.policyNumber);
  const policyNumber = policy.policy_number;
  const pending = await findPendingTermination(db, policyNumber);
  if (pending) return { created: false, acknowledgement: pending };
  const reason = terminationReasonByLabel(body.reason);
  if (!reason) throw new InvalidInputError(TERMINATION_MESSAGES.required.reason);
  const receivedAt = new Date((deps.now ?? (() => new Date()))());
  const receivedOn = todayInParis(receivedAt);
  const subject = await terminationSubject(db, accountId, policyNumber);
  const saleDate = isSaleReason(reason) ? body.saleDate : undefined;
  if (saleDate !== undefined) {
    const issue = saleDateIssue(saleDate, subject.start_date, receivedOn);
    if (issue) throw new InvalidInputError(issue, { saleDate: issue });
  }

  const stored: string[] = [];
  let acknowledgement: TerminationAcknowledgement;
  try {
    const files = await storeFiles(deps, body.files, stored);
    const effect = terminationEffect(reason.id, subject.start_date, receivedOn, saleDate);
    const reference = newReference(receivedOn);
    acknowledgement = {
      reference,
      policyNumber,
      receivedAt: receivedAt.toISOString(),
      ...effect,
      indicative: true,
      receiptDocumentId: randomUUID(),
      receiptFileName: receiptFileName(reference),
    };
    const receipt = await renderReceipt(
      {
        acknowledgement,
        customer: {
          firstName: subject.first_name,
          lastName: subject.last_name,
          email: body.email,
          phone: body.phone,
        },
        vehicle: {
          manufacturer: subject.manufacturer,
          model: subject.model,
          licensePlate: subject.license_plate,
        },
        reason: reason.label,
        comment: body.comment,
        fileNames: files.map((f) => f.originalName),
      },
      { issuer: deps.issuer, brand: request.brand },
    );
    const receiptKey = newStorageKey();
    stored.push(receiptKey);
    const put = await putWithIntent(deps, receiptKey, Readable.from([receipt]), {
      maxBytes: MAX_UPLOAD_BYTES,
    });
    await db.transaction().execute(async (trx) => {
      await requireTerminablePolicy(trx, accountId, policyNumber);
      // Every object stored for the request is named by a row from this commit (0054).
      await clearIntents(trx, stored);
      const terminationId = randomUUID();
      await insertTermination(trx, {
        id: terminationId,
        accountId,
        reason: reason.id,
        payload: {
          firstName: body.firstName,
          lastName: body.lastName,
          email: body.email,
          phone: body.phone,
          comment: body.comment,
          licensePlate: body.licensePlate || subject.license_plate,
          customerId: subject.customer_id,
        },
        acknowledgement,
        receipt: { key: receiptKey, size: put.size },
        files,
      });
      await enqueue(trx, {
        type: TERMINATION_OUTBOX_TYPE,
        accountId,
        payload: { reference, policyNumber, reason: reason.id, email: body.email },
        mail: deps.outbox.mail ? receiptMail(body.email, acknowledgement, receiptKey) : undefined,
      });
      await recordRequestEvent(trx, `termination:${terminationId}`);
    });
  } catch (error) {
    await discardStored(deps, stored);
    if (isUniqueViolation(error)) {
      const first = await findPendingTermination(db, policyNumber);
      if (first) return { created: false, acknowledgement: first };
    }
    throw error;
  }
  deps.outbox.wake();
  return { created: true, acknowledgement };
}

/** The receipt's mail to the address of the request, the PDF read back from storage. */
function receiptMail(email: string, ack: TerminationAcknowledgement, key: string): StoredMail {
  return {
    to: email,
    subject: `Accusé de réception de votre demande de résiliation ${ack.reference}`,
    text: [
      TERMINATION_MESSAGES.success,
      `Référence\u00a0: ${ack.reference}. Vous trouverez l’accusé de réception en pièce jointe.`,
    ].join('\n'),
    attachments: [
      { filename: ack.receiptFileName, contentType: 'application/pdf', storageKey: key },
    ],
  };
}
