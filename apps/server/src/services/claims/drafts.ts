// A claim declaration saved step by step (docs/product/claims.md), resumed on any device.
// Enforces:
// - a draft is opened only on the caller's own contract in force (claim-policy.ts) and read,
//   changed or deleted only by its account (else 404 'Sinister not found');
// - each step's answers are the contract's step schema's output (the route validated them);
//   changing the kind keeps the answers of the steps the new kind still has and drops the rest;
// - a driver named from the contract is one of its drivers (else 400 on `driverId`);
// - every save moves `updated_at`, which the purge of abandoned drafts reads (purge-drafts.ts);
// - the draft answers with its deadline (contract claimDeadline) once the date is known.
import { randomUUID } from 'node:crypto';
import {
  CLAIM_MESSAGES,
  claimDeadline,
  claimSteps,
  deadlineText,
  isLateDeclaration,
  todayInParis,
  type ClaimDataStep,
  type ClaimDeadlineView,
  type ClaimDraft,
  type ClaimStepAnswers,
} from '@espace/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { ClaimDrafts } from '../../db/types';
import { InvalidInputError } from '../errors';
import { requireOwnDraft, requirePolicyInForce } from './claim-policy';

type Answers = Partial<ClaimStepAnswers>;

/** The deadline of a claim with these answers, on `today`; null until its kind and date are known. */
export function deadlineOf(answers: Answers, today: string): ClaimDeadlineView | null {
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
    text: deadlineText(deadline),
  };
}

async function draftView(db: Db, row: Selectable<ClaimDrafts>, now: Date): Promise<ClaimDraft> {
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

export async function createDraft(
  db: Db,
  accountId: string,
  policyNumber: string,
  now = new Date(),
): Promise<ClaimDraft> {
  await requirePolicyInForce(db, accountId, policyNumber);
  const row = await db
    .insertInto('claim_drafts')
    .values({ id: randomUUID(), account_id: accountId, policy_number: policyNumber, answers: '{}' })
    .returningAll()
    .executeTakeFirstOrThrow();
  return draftView(db, row, now);
}

/** The caller's drafts, most recently touched first (the entry offers to resume them). */
export async function listDrafts(db: Db, accountId: string, now = new Date()) {
  const rows = await db
    .selectFrom('claim_drafts')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('updated_at', 'desc')
    .execute();
  return { items: await Promise.all(rows.map((row) => draftView(db, row, now))) };
}

export async function getDraft(db: Db, accountId: string, draftId: string, now = new Date()) {
  return draftView(db, await requireOwnDraft(db, accountId, draftId), now);
}

async function requirePolicyDriver(db: Db, policyNumber: string, driverId: string) {
  const driver = await db
    .selectFrom('drivers')
    .select('id')
    .where('policy_number', '=', policyNumber)
    .where('id', '=', driverId)
    .executeTakeFirst();
  if (!driver) {
    const message = CLAIM_MESSAGES.invalid.driver;
    throw new InvalidInputError(message, { driverId: message });
  }
}

/** Only the answers of the steps a claim of the new kind goes through. */
function keepStepsOf(answers: Answers, kind: Answers['kind']): Answers {
  const steps: string[] = claimSteps(kind?.kind);
  return Object.fromEntries(Object.entries(answers).filter(([step]) => steps.includes(step)));
}

export async function saveStep<S extends ClaimDataStep>(
  db: Db,
  accountId: string,
  draftId: string,
  step: S,
  value: ClaimStepAnswers[S],
  now = new Date(),
): Promise<ClaimDraft> {
  const draft = await requireOwnDraft(db, accountId, draftId);
  await requirePolicyInForce(db, accountId, draft.policy_number);
  if (step === 'driver') {
    const driver = value as ClaimStepAnswers['driver'];
    if (driver.driver === 'policy')
      await requirePolicyDriver(db, draft.policy_number, driver.driverId);
  }
  let answers: Answers = { ...draft.answers, [step]: value };
  if (step === 'kind') answers = keepStepsOf(answers, answers.kind);
  const row = await db
    .updateTable('claim_drafts')
    .set({ answers: JSON.stringify(answers), updated_at: now })
    .where('id', '=', draft.id)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return draftView(db, row, now);
}
