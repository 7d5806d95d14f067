// The files of a request (docs/integration.md « Demandes »): what the customer sent with it, the
// receipt the portal made of it, and the files sent later for a document the broker asked for
// while handling it. Each has an id of its own, '<table>.<row id>', that names where its bytes
// are; the integration API serves them as the customer's downloads are served
// (http/attachment.ts).
import { sql } from 'kysely';
import type { Db } from '../../db/client';

export interface RequestFileRow {
  id: string;
  name: string;
  contentType: string;
  size: number | null;
  storageKey: string;
}

/**
 * The files of request `requestId` ('<source>:<row id>' of the view), in the order sent, then
 * those the customer sent for a document the broker asked for while handling it (« en attente
 * de pièces »: policy_documents.request_id).
 */
export async function requestFiles(db: Db, requestId: string): Promise<RequestFileRow[]> {
  const [own, asked] = await Promise.all([ownFiles(db, requestId), askedFiles(db, requestId)]);
  return [...own, ...asked];
}

function askedFiles(db: Db, requestId: string): Promise<RequestFileRow[]> {
  return db
    .selectFrom('received_files as f')
    .innerJoin('policy_documents as d', 'd.id', 'f.policy_document_id')
    .select([
      sql<string>`'received.' || f.id`.as('id'),
      'f.original_name as name',
      'f.content_type as contentType',
      'f.size',
      'f.storage_key as storageKey',
    ])
    .where('d.request_id', '=', requestId)
    .orderBy('f.received_at')
    .orderBy('f.id')
    .execute();
}

async function ownFiles(db: Db, requestId: string): Promise<RequestFileRow[]> {
  const [source, id] = requestId.split(':', 2) as [string, string];
  if (source === 'file') {
    return db
      .selectFrom('received_files')
      .select([
        sql<string>`'received.' || id`.as('id'),
        'original_name as name',
        'content_type as contentType',
        'size',
        'storage_key as storageKey',
      ])
      .where('id', '=', id)
      .execute();
  }
  if (source === 'termination') {
    const files = await db
      .selectFrom('termination_files')
      .select([
        sql<string>`'termination.' || id`.as('id'),
        'original_name as name',
        'content_type as contentType',
        'size',
        'storage_key as storageKey',
      ])
      .where('termination_request_id', '=', id)
      .orderBy('position')
      .execute();
    return [...files, ...(await receipt(db, 'termination_requests', id))];
  }
  if (source === 'claim') {
    const files = await db
      .selectFrom('claim_files')
      .select([
        sql<string>`'claim.' || id`.as('id'),
        'original_name as name',
        'content_type as contentType',
        'size',
        'storage_key as storageKey',
      ])
      .where('claim_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return [...files, ...(await receipt(db, 'claim_declarations', id))];
  }
  if (source === 'complaint') return complaintFiles(db, id);
  return [];
}

async function receipt(
  db: Db,
  table: 'termination_requests' | 'claim_declarations',
  id: string,
): Promise<RequestFileRow[]> {
  return db
    .selectFrom(`${table} as r` as 'claim_declarations as r')
    .innerJoin('downloadable_documents as d', 'd.id', 'r.receipt_document_id')
    .select([
      sql<string>`'document.' || d.id`.as('id'),
      'd.file_name as name',
      'd.content_type as contentType',
      'd.size',
      'd.storage_key as storageKey',
    ])
    .where('r.id', '=', id)
    .execute();
}

/** A complaint's attachments, then its answer's PDF once answered. */
async function complaintFiles(db: Db, id: string): Promise<RequestFileRow[]> {
  const files = await db
    .selectFrom('complaint_files')
    .select([
      sql<string>`'complaint.' || id`.as('id'),
      'original_name as name',
      'content_type as contentType',
      'size',
      'storage_key as storageKey',
    ])
    .where('complaint_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const answer = await db
    .selectFrom('complaints')
    .select(['reference', 'answer_storage_key', 'answer_size'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!answer?.answer_storage_key) return files;
  return [
    ...files,
    {
      id: `complaint_answer.${id}`,
      name: `Réponse à la réclamation ${answer.reference}.pdf`,
      contentType: 'application/pdf',
      size: answer.answer_size,
      storageKey: answer.answer_storage_key,
    },
  ];
}
