// The documents to download of a policy (docs/product/documents.md /documents).
// Enforces: the policy is the caller's (else NotFoundError 'Policy not found', also for a
// terminated policy's documents, which stay listed); a document is read only through its
// policy (else NotFoundError 'Document introuvable.'); a listed document whose bytes are missing
// from storage reads as not found, never as a server error, and is logged for the operator.
// The documents generated from the contract (generated/render.ts) are listed first and read with
// the same call, rendered on request; a terminated policy has only its relevé (a Mémo or
// certificate reads as not found), a suspended one too (ConflictError: it is not insured today,
// docs/decisions/0048-suspended-contracts-documents.md).
import {
  DOCUMENT_NOT_FOUND_MESSAGE,
  generatedDocumentFileName,
  generatedDocumentKind,
  isTerminated,
  MESSAGES,
  SUSPENDED_DOCUMENTS_MESSAGE,
  todayInParis,
  type BrandKey,
  type DownloadedDocument,
} from '@espace/contract';
import { Readable } from 'node:stream';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../errors';
import type { Logger } from '../../platform/logger';
import { requireOwnPolicy } from '../policies/policies';
import { StoredFileNotFoundError, type DocumentStorage } from '../../platform/storage/storage';
import { loadContractData, type DocumentIssuer } from './pdf-layouts/contract-data';
import {
  generatedDocumentsOf,
  offersGeneratedDocument,
  renderContractDocument,
} from './pdf-layouts/render';

export async function listPolicyDocuments(
  db: Db,
  accountId: string,
  policyNumber: string,
): Promise<DownloadedDocument[]> {
  // The policy and its documents in one query (one row per document, or one without): none
  // when the policy is not the caller's.
  const rows = await db
    .selectFrom('policies as p')
    .leftJoin('downloadable_documents as d', 'd.policy_number', 'p.policy_number')
    .select(['p.policy_number', 'p.state', 'd.id', 'd.file_name', 'd.created_at'])
    .where('p.account_id', '=', accountId)
    .where('p.policy_number', '=', policyNumber)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.file_name')
    .execute();
  const policy = rows[0];
  if (!policy) throw new NotFoundError(MESSAGES.api.policyNotFound);
  return [
    ...generatedDocumentsOf(policy, new Date()),
    ...rows.flatMap((row) =>
      row.id === null || row.file_name === null || row.created_at === null
        ? []
        : [
            {
              id: row.id,
              fileName: row.file_name,
              created: new Date(row.created_at).toISOString(),
            },
          ],
    ),
  ];
}

export interface DocumentContent {
  fileName: string;
  contentType: string;
  size: number;
  body: Readable;
}

export async function openPolicyDocument(
  { db, storage, log }: { db: Db; storage: DocumentStorage; log: Logger },
  accountId: string,
  policyNumber: string,
  documentId: string,
  { issuer, brand }: { issuer: DocumentIssuer; brand: BrandKey },
): Promise<DocumentContent> {
  const policy = await requireOwnPolicy(db, accountId, policyNumber);
  const kind = generatedDocumentKind(documentId);
  if (kind) {
    if (!offersGeneratedDocument(kind, policy)) {
      if (isTerminated(policy)) throw new NotFoundError(DOCUMENT_NOT_FOUND_MESSAGE);
      throw new ConflictError(SUSPENDED_DOCUMENTS_MESSAGE);
    }
    const now = new Date();
    const data = await loadContractData(db, accountId, policy.policy_number, todayInParis(now));
    if (!data) throw new NotFoundError(DOCUMENT_NOT_FOUND_MESSAGE);
    const bytes = await renderContractDocument(kind, data, { issuer, now, brand });
    return {
      fileName: generatedDocumentFileName(kind, policy.policy_number),
      contentType: 'application/pdf',
      size: bytes.length,
      body: Readable.from([bytes]),
    };
  }
  const doc = await db
    .selectFrom('downloadable_documents')
    .select(['file_name', 'content_type', 'storage_key', 'size'])
    .where('policy_number', '=', policy.policy_number)
    .where('id', '=', documentId)
    .executeTakeFirst();
  if (!doc) throw new NotFoundError(DOCUMENT_NOT_FOUND_MESSAGE);
  try {
    const body = await storage.get(doc.storage_key);
    return { fileName: doc.file_name, contentType: doc.content_type, size: doc.size, body };
  } catch (error) {
    if (error instanceof StoredFileNotFoundError) {
      log.warn({ documentId }, 'stored file missing for a listed document');
      throw new NotFoundError(DOCUMENT_NOT_FOUND_MESSAGE);
    }
    throw error;
  }
}
