// What a journal entry is about, in French (docs/console.md « Journal »): a conversation by its
// subject (the request it is about, else its topic, as the « Messages » inbox names it), a staff
// member by their name, a contract's document by its contract and file name; otherwise the
// target's own reference, which a reader already knows (a request's or complaint's reference, a
// customer number, « contract/document name », a route). Never a raw id: a conversation or a
// member not found says what it was. Reads every conversation of a page in one query.
import type { StaffName } from '@espace/contract';
import type { Db } from '../../db/client';
import { subjectOfConversation } from '../messages/conversation-reads';

export interface AuditTarget {
  action: string;
  target_kind: string | null;
  target_id: string | null;
  details: unknown;
}

type Details = Record<string, unknown>;
const detailsOf = (row: AuditTarget) => (row.details as Details | null) ?? null;

/** The staff members a page of entries names: assignments' from and to, members acted upon. */
export function staffIdsOf(rows: readonly AuditTarget[]): string[] {
  return rows.flatMap((row) => {
    const details = row.action === 'request.assigned' ? detailsOf(row) : null;
    const ids = [details?.from, details?.to];
    if (row.target_kind === 'staff') ids.push(row.target_id);
    return ids.filter((id): id is string => typeof id === 'string');
  });
}

/** The subjects of the conversations a page of entries is about, by id. */
export async function conversationSubjects(
  db: Db,
  rows: readonly AuditTarget[],
): Promise<Map<string, string>> {
  const ids = [
    ...new Set(
      rows.flatMap((row) =>
        row.target_kind === 'conversation' && row.target_id ? [row.target_id] : [],
      ),
    ),
  ];
  if (ids.length === 0) return new Map();
  const found = await db
    .selectFrom('conversations')
    .select(['id', 'topic', 'request_reference', 'request_kind'])
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((c) => [c.id, subjectOfConversation(c)]));
}

/** What `row` is about, in French; null when it is about nothing in particular. */
export function targetLabel(
  row: AuditTarget,
  names: Map<string, StaffName>,
  conversations: Map<string, string>,
): string | null {
  const id = row.target_id;
  if (id === null) return null;
  switch (row.target_kind) {
    case 'conversation':
      return `Conversation «\u00a0${conversations.get(id) ?? 'introuvable'}\u00a0»`;
    case 'staff':
      return names.get(id)?.displayName ?? 'Un membre de l’équipe';
    case 'document': {
      const fileName = detailsOf(row)?.fileName;
      const [contract] = id.split('/', 1);
      return typeof fileName === 'string' ? `${contract}/${fileName}` : id;
    }
    default:
      return id;
  }
}
