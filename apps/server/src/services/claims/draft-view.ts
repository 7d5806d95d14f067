// A draft as the API answers it (contract claimDraftSchema): its answers and typed values, the
// step to resume at (contract reachableClaimStep: never past an incomplete step), its version,
// its files, and its deadline once its kind and date are known.
import {
  claimDeadline,
  deadlineText,
  declaredText,
  isLateDeclaration,
  reachableClaimStep,
  todayInParis,
  type ClaimDeadlineView,
  type ClaimDraft,
  type ClaimStepAnswers,
} from '@espace/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { ClaimDrafts } from '../../db/types';

type Answers = Partial<ClaimStepAnswers>;

/**
 * The deadline of a claim with these answers, on `today`; null until its kind and date are
 * known. Its text says the last day while declaring, the day it was declared once `sent`.
 */
export function deadlineOf(
  answers: Answers,
  today: string,
  sent = false,
): ClaimDeadlineView | null {
  const kind = answers.kind?.kind;
  const when = answers.when;
  if (!kind || !when) return null;
  const deadline = claimDeadline({
    kind,
    learntOn: when.learntOn ?? when.occurredOn,
    naturalDisasterOrderOn: when.naturalDisasterOrderOn,
  });
  return {
    ...deadline,
    late: isLateDeclaration(deadline, today),
    text: sent ? declaredText(deadline, today) : deadlineText(deadline),
  };
}

export async function draftView(
  db: Db,
  row: Selectable<ClaimDrafts>,
  now: Date,
): Promise<ClaimDraft> {
  const files = await db
    .selectFrom('claim_files')
    .select(['id', 'role', 'original_name', 'content_type', 'size'])
    .where('draft_id', '=', row.id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    id: row.id,
    policyNumber: row.policy_number,
    answers: row.answers,
    typed: row.typed,
    step: reachableClaimStep(row.answers, row.step),
    version: row.version,
    files: files.map((f) => ({
      id: f.id,
      role: f.role,
      fileName: f.original_name,
      contentType: f.content_type,
      size: f.size,
    })),
    deadline: deadlineOf(row.answers, todayInParis(now)),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}
