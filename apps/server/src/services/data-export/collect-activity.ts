// « Mes données »: the documents listed (never copied), the documents owed with the broker's
// check of each, the requests with their files, their statuses and the broker's messages, a
// complaint's answer (collect.ts). Each statement is scoped to the account or its own policies.
import {
  DOCUMENT_STATUS_LABELS,
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  type DataExportContent,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { requestAnswers } from '../requests/answers';
import { requestTimeline } from '../requests/request-detail';
import { requestFiles } from '../requests/request-files';
import { iso, isoOrNull } from './collect-rows';

type Content = DataExportContent;

export async function documents(db: Db, accountId: string): Promise<Content['documents']> {
  const [broker, sent] = await Promise.all([
    db
      .selectFrom('downloadable_documents as d')
      .innerJoin('policies as p', 'p.policy_number', 'd.policy_number')
      .select([
        'd.policy_number',
        'd.title',
        'd.file_name',
        'd.content_type',
        'd.size',
        'd.created_at',
      ])
      .where('p.account_id', '=', accountId)
      .orderBy('d.created_at')
      .execute(),
    db
      .selectFrom('received_files as f')
      .innerJoin('policies as p', 'p.policy_number', 'f.policy_number')
      .select([
        'f.policy_number',
        'f.file_type',
        'f.original_name',
        'f.content_type',
        'f.size',
        'f.received_at',
      ])
      .where('p.account_id', '=', accountId)
      .orderBy('f.received_at')
      .execute(),
  ]);
  return [
    ...broker.map((d) => ({
      origin: 'broker' as const,
      policyNumber: d.policy_number,
      title: d.title ?? d.file_name,
      fileName: d.file_name,
      contentType: d.content_type,
      size: d.size,
      at: iso(d.created_at),
    })),
    ...sent.map((f) => ({
      origin: 'customer' as const,
      policyNumber: f.policy_number,
      title: f.file_type,
      fileName: f.original_name,
      contentType: f.content_type,
      size: f.size,
      at: iso(f.received_at),
    })),
  ];
}

export async function requests(db: Db, accountId: string): Promise<Content['requests']> {
  const all = await db
    .selectFrom('customer_requests')
    .select(['id', 'reference', 'kind', 'policy_number', 'created_at', 'status', 'payload'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const answered = await db
    .selectFrom('complaints')
    .select(['reference', 'answer'])
    .where('account_id', '=', accountId)
    .where('answer', 'is not', null)
    .execute();
  const complaintAnswers = new Map(answered.map((c) => [c.reference, c.answer!]));
  const out: Content['requests'] = [];
  for (const r of all) {
    const [timeline, files] = await Promise.all([
      requestTimeline(db, r.id),
      requestFiles(db, r.id),
    ]);
    const answer = r.kind === 'complaint' ? complaintAnswers.get(r.reference) : undefined;
    out.push({
      reference: r.reference,
      kind: r.kind,
      kindLabel: REQUEST_KIND_LABELS[r.kind],
      policyNumber: r.policy_number,
      createdAt: iso(r.created_at),
      status: r.status,
      statusLabel: REQUEST_STATUS_LABELS[r.status],
      answers: [
        ...requestAnswers(r.kind, r.payload),
        ...(answer ? [{ label: 'Réponse du courtier', value: answer }] : []),
      ],
      files: files.map((f) => ({ fileName: f.name, contentType: f.contentType, size: f.size })),
      history: timeline.map((t) => ({
        status: t.status,
        statusLabel: t.statusLabel,
        at: t.at,
        message: t.message,
      })),
    });
  }
  return out;
}

export async function owedDocuments(db: Db, accountId: string): Promise<Content['owedDocuments']> {
  const all = await db
    .selectFrom('policy_documents as d')
    .innerJoin('policies as p', 'p.policy_number', 'd.policy_number')
    .select([
      'd.policy_number',
      'd.name',
      'd.description',
      sql<string | null>`to_char(d.due_on, 'YYYY-MM-DD')`.as('due_on'),
      'd.files_received',
      'd.status',
      'd.status_reason',
      'd.checked_at',
    ])
    .where('p.account_id', '=', accountId)
    .orderBy('d.policy_number')
    .orderBy('d.position')
    .orderBy('d.id')
    .execute();
  return all.map((d) => ({
    policyNumber: d.policy_number,
    name: d.name,
    description: d.description,
    dueOn: d.due_on,
    filesReceived: d.files_received,
    status: d.status,
    statusLabel: d.status ? DOCUMENT_STATUS_LABELS[d.status] : null,
    reason: d.status_reason,
    checkedAt: isoOrNull(d.checked_at),
  }));
}
