// « Mes données »: the documents listed (never copied), the requests with their statuses and the
// broker's messages, the claims declared, the conversations (the broker never named), the
// sign-in history (collect.ts). Each statement is scoped to the account or its own policies.
import {
  REQUEST_KIND_LABELS,
  REQUEST_STATUS_LABELS,
  type DataExportContent,
} from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { requestAnswers } from '../requests/answers';
import { requestTimeline } from '../requests/request-detail';
import { iso, isoOrNull, rows } from './collect-rows';

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
  const out: Content['requests'] = [];
  for (const r of all) {
    const timeline = await requestTimeline(db, r.id);
    out.push({
      reference: r.reference,
      kind: r.kind,
      kindLabel: REQUEST_KIND_LABELS[r.kind],
      policyNumber: r.policy_number,
      createdAt: iso(r.created_at),
      status: r.status,
      statusLabel: REQUEST_STATUS_LABELS[r.status],
      answers: requestAnswers(r.kind, r.payload),
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

export async function claims(db: Db, accountId: string): Promise<Content['claims']> {
  const all = await rows<{
    reference: string;
    kind: string;
    policy_number: string;
    occurred_on: string;
    declared_at: Date;
    late: boolean;
  }>(
    db,
    sql`select reference, kind, policy_number, to_char(occurred_on, 'YYYY-MM-DD') as occurred_on,
      declared_at, late
    from claim_declarations where account_id = ${accountId} order by declared_at`,
  );
  return all.map((c) => ({
    reference: c.reference,
    kind: c.kind,
    policyNumber: c.policy_number,
    occurredOn: c.occurred_on,
    declaredAt: iso(c.declared_at),
    late: c.late,
  }));
}

export async function conversations(db: Db, accountId: string): Promise<Content['conversations']> {
  const threads = await db
    .selectFrom('conversations')
    .select(['id', 'topic', 'request_reference', 'created_at', 'closed_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
  if (threads.length === 0) return [];
  const ids = threads.map((t) => t.id);
  const [messages, files] = await Promise.all([
    db
      .selectFrom('conversation_messages')
      .select(['id', 'conversation_id', 'author', 'body', 'created_at'])
      .where('conversation_id', 'in', ids)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('message_files as f')
      .innerJoin('conversation_messages as m', 'm.id', 'f.message_id')
      .select(['f.message_id', 'f.original_name', 'f.content_type', 'f.size'])
      .where('m.conversation_id', 'in', ids)
      .orderBy('f.created_at')
      .execute(),
  ]);
  return threads.map((t) => ({
    topic: t.topic,
    requestReference: t.request_reference,
    createdAt: iso(t.created_at),
    closedAt: isoOrNull(t.closed_at),
    messages: messages
      .filter((m) => m.conversation_id === t.id)
      .map((m) => ({
        author: m.author,
        at: iso(m.created_at),
        body: m.body,
        attachments: files
          .filter((f) => f.message_id === m.id)
          .map((f) => ({ fileName: f.original_name, contentType: f.content_type, size: f.size })),
      })),
  }));
}

export async function signIns(db: Db, accountId: string): Promise<Content['signIns']> {
  const all = await db
    .selectFrom('sign_ins')
    .select(['created_at', 'method', 'device', 'user_agent', 'new_device', 'last_used_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .execute();
  return all.map((s) => ({
    at: iso(s.created_at),
    method: s.method,
    device: s.device,
    userAgent: s.user_agent,
    newDevice: s.new_device,
    lastUsedAt: iso(s.last_used_at),
  }));
}
