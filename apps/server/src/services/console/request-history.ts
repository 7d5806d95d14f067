// A request's history as the console tells it (docs/console.md « Demandes »): who did each thing,
// by name, in a French sentence (« Léa Martin a passé la demande en cours de traitement. »),
// with the message the customer read and what each status carried. Enforces: the statuses come
// from the timeline the customer and the integration API read (request_status_history, with its
// actor: `staff:<id>`, an integration client, none for the demo's history), the assignments from
// the staff journal (`request.assigned`); oldest first; a staff member gone from the team keeps
// the name their account had.
import {
  REQUEST_STATUS_LABELS,
  type ConsoleTimelineEntry,
  type RequestKind,
  type RequestStatus,
  type StaffName,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { actorName, staffIdOf, staffNames } from '../staff/staff-names';

/** What moving a request to each status is, said of whoever did it. */
const MOVES: Record<RequestStatus, string> = {
  received: 'a remis la demande au statut «\u00a0Reçue\u00a0»',
  declared: 'a remis le sinistre au statut «\u00a0Déclaré\u00a0»',
  in_progress: 'a passé la demande en cours de traitement',
  awaiting_documents: 'a demandé une pièce au client',
  done: 'a traité la demande',
  refused: 'a refusé la demande',
  under_review: 'a mis le sinistre en cours d’instruction',
  expert_appointed: 'a planifié l’expertise',
  in_repair: 'a passé le sinistre en réparation',
  settled: 'a indemnisé le client',
  closed: 'a clos le sinistre',
};

export interface HistoryOf {
  id: string;
  reference: string;
  kind: RequestKind;
  accountId: string;
  createdAt: Date | string;
}

export async function consoleTimeline(db: Db, request: HistoryOf): Promise<ConsoleTimelineEntry[]> {
  const [history, assignments] = await Promise.all([
    db
      .selectFrom('request_status_history')
      .select(['status', 'reason', 'message', 'details', 'recorded_at', 'actor'])
      .where('request_id', '=', request.id)
      .orderBy('recorded_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('staff_audit')
      .select(['at', 'staff_id', 'details'])
      .where('account_id', '=', request.accountId)
      .where('action', '=', 'request.assigned')
      .where('target_id', '=', request.reference)
      .orderBy('id')
      .execute(),
  ]);
  const assigned = assignments.map((row) => {
    const details = (row.details ?? {}) as { to?: string | null };
    return { at: row.at, by: row.staff_id, to: details.to ?? null };
  });
  const names = await staffNames(db, [
    ...history.flatMap((row) => staffIdOf(row.actor) ?? []),
    ...assigned.flatMap((row) => [row.by, ...(row.to ? [row.to] : [])]),
  ]);
  const initial: RequestStatus = request.kind === 'claim' ? 'declared' : 'received';
  const entries: ConsoleTimelineEntry[] = [
    {
      at: new Date(request.createdAt).toISOString(),
      sentence:
        request.kind === 'claim'
          ? 'Le client a déclaré le sinistre.'
          : 'Le client a envoyé la demande.',
      by: null,
      status: initial,
      statusLabel: REQUEST_STATUS_LABELS[initial],
      message: null,
      details: null,
    },
    ...history.map((row) => {
      const by = actorName(row.actor, names);
      return {
        at: new Date(row.recorded_at).toISOString(),
        sentence: `${by.displayName} ${MOVES[row.status]}.`,
        by: staffIdOf(row.actor) ? by : null,
        status: row.status,
        statusLabel: REQUEST_STATUS_LABELS[row.status],
        message: row.message ?? row.reason,
        details: row.details ?? null,
      };
    }),
    ...assigned.map((row) => {
      const by: StaffName = names.get(row.by) ?? {
        displayName: 'Un membre de l’équipe',
        email: null,
      };
      const to = row.to ? names.get(row.to) : undefined;
      const sentence = !row.to
        ? `${by.displayName} a retiré l’attribution de la demande.`
        : row.to === row.by
          ? `${by.displayName} s’est attribué la demande.`
          : `${by.displayName} a attribué la demande à ${to?.displayName ?? 'un membre de l’équipe'}.`;
      return {
        at: new Date(row.at).toISOString(),
        sentence,
        by,
        status: null,
        statusLabel: null,
        message: null,
        details: null,
      };
    }),
  ];
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}
