// The documents a customer must send, as the console shows them (docs/console.md
// « Documents »): on a customer's file, every one of their contracts' (but the « autre » entry,
// which only collects extra files), those waiting for a check first; on a request's page, the one its file was sent for and those
// asked while handling it. Each with its status, the broker's check (who, when, why), and the
// files the customer sent for it, newest first, opened through their request's own file route
// (audited 'request.file_read').
import {
  consolePath,
  DOCUMENT_STATUS_LABELS,
  OTHER_FILE_TYPE,
  type ConsoleOwedDocument,
} from '@espace/contract';
import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/client';
import { actorName, staffIdOf, staffNames } from '../staff/staff-names';

type Scope = { accountId: string } | { requestId: string };

export async function owedDocumentsOf(db: Db, scope: Scope): Promise<ConsoleOwedDocument[]> {
  const rows = await db
    .selectFrom('policy_documents as d')
    .innerJoin('policies as p', 'p.policy_number', 'd.policy_number')
    .select(['d.id', 'd.policy_number', 'd.name', 'd.description', 'd.status'])
    .select(['d.status_reason', 'd.checked_at', 'd.checked_by'])
    .select(sql<string | null>`to_char(d.due_on, 'YYYY-MM-DD')`.as('due_on'))
    .where('d.file_type', '<>', OTHER_FILE_TYPE)
    .$call((qb) =>
      'accountId' in scope
        ? qb.where('p.account_id', '=', scope.accountId)
        : qb.where((eb) => {
            const [source, id] = scope.requestId.split(':', 2);
            const asked = eb('d.request_id', '=', scope.requestId);
            if (source !== 'file' || !id) return asked;
            const sentFor = eb
              .selectFrom('received_files as f')
              .select('f.policy_document_id')
              .where('f.id', '=', id);
            return eb.or([asked, eb('d.id', '=', sentFor)]);
          }),
    )
    // Those waiting for the broker's check first.
    .orderBy(sql`coalesce(d.status = 'received', false)`, 'desc')
    .orderBy('d.policy_number')
    .orderBy('d.position')
    .execute();
  if (!rows.length) return [];
  const files = await db
    .selectFrom('received_files as f')
    .innerJoin('request_index as i', (join) => join.on(sql<SqlBool>`i.id = 'file:' || f.id`))
    .select(['f.id', 'f.original_name', 'f.content_type', 'f.size', 'f.received_at'])
    .select(['f.policy_document_id', 'i.reference'])
    .where(
      'f.policy_document_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('f.received_at', 'desc')
    .execute();
  const names = await staffNames(
    db,
    rows.flatMap((r) => staffIdOf(r.checked_by) ?? []),
  );
  return rows.map((row) => ({
    id: String(row.id),
    policyNumber: row.policy_number,
    name: row.name,
    description: row.description,
    status: row.status,
    statusLabel: row.status ? DOCUMENT_STATUS_LABELS[row.status] : 'À fournir',
    statusReason: row.status === 'rejected' ? row.status_reason : null,
    checkedAt: row.checked_at ? new Date(row.checked_at).toISOString() : null,
    checkedBy: row.checked_by ? actorName(row.checked_by, names) : null,
    dueOn: row.due_on,
    checkable: row.status === 'received',
    files: files
      .filter((f) => f.policy_document_id === row.id)
      .map((f) => {
        const href = consolePath('requestFile', {
          reference: f.reference,
          fileId: `received.${f.id}`,
        });
        return {
          id: `received.${f.id}`,
          name: f.original_name,
          contentType: f.content_type,
          size: f.size,
          href,
          previewHref: `${href}?preview=1`,
          reference: f.reference,
          receivedAt: new Date(f.received_at).toISOString(),
        };
      }),
  }));
}
