// A claim declaration saved step by step (docs/product/claims.md), resumed on any device.
// Enforces:
// - a draft is opened only on the caller's own contract in force (claim-policy.ts) and read,
//   changed or deleted only by its account (else 404 'Sinister not found');
// - each step's answers are the contract's step schema's output (the route validated them), then
//   its schema for the draft's kind (claimStepSchema: a broken-glass claim's « Circonstances »
//   name the glass, else 400 naming the field); changing the kind keeps the answers of the steps
//   the new kind still has and drops the rest, and the glass of a claim no longer of glass;
// - a driver named from the contract is one of its drivers (else 400 on `driverId`);
// - a step confirmed (« Continuer ») drops what was typed there and records the next step as the
//   one the customer is on; it is a write of answers, under the rules of draft-writes.ts
//   (If-Match, one write at a time, `updated_at`);
// - the draft answers as draft-view.ts shows it.
import { randomUUID } from 'node:crypto';
import {
  CLAIM_MESSAGES,
  claimStepSchema,
  claimSteps,
  type ClaimDataStep,
  type ClaimDraft,
  type ClaimStepAnswers,
} from '@espace/contract';
import type { Db } from '../../db/client';
import { InvalidInputError } from '../errors';
import { requireOwnDraft, requireOwnPolicyActive } from './claim-policy';
import { draftView } from './draft-view';
import { updateDraft, type DraftWrite } from './draft-writes';

type Answers = Partial<ClaimStepAnswers>;

export async function createDraft(
  db: Db,
  accountId: string,
  policyNumber: string,
  now = new Date(),
): Promise<ClaimDraft> {
  await requireOwnPolicyActive(db, accountId, policyNumber);
  const row = await db
    .insertInto('claim_drafts')
    .values({
      id: randomUUID(),
      account_id: accountId,
      policy_number: policyNumber,
      answers: '{}',
      typed: '{}',
    })
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

/** `value` as the step's schema for `kind` reads it, or a 400 naming each field it refuses. */
function forKind<S extends ClaimDataStep>(
  step: S,
  kind: Answers['kind'],
  value: ClaimStepAnswers[S],
): ClaimStepAnswers[S] {
  const parsed = claimStepSchema(step, kind?.kind).safeParse(value);
  if (parsed.success) return parsed.data as ClaimStepAnswers[S];
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || step] ??= issue.message;
  throw new InvalidInputError(Object.values(fields)[0]!, fields);
}

/** Only the answers (or typed values) of the steps a claim of this kind goes through. */
function keepStepsOf<T extends object>(values: T, kind: Answers['kind']): T {
  const steps: string[] = claimSteps(kind?.kind);
  return Object.fromEntries(Object.entries(values).filter(([step]) => steps.includes(step))) as T;
}

export async function saveStep<S extends ClaimDataStep>(
  db: Db,
  accountId: string,
  draftId: string,
  step: S,
  value: ClaimStepAnswers[S],
  write: DraftWrite = {},
  now = new Date(),
): Promise<ClaimDraft> {
  const row = await updateDraft(
    db,
    accountId,
    draftId,
    write,
    async (draft, trx) => {
      if (step === 'driver') {
        const driver = value as ClaimStepAnswers['driver'];
        if (driver.driver === 'policy')
          await requirePolicyDriver(trx, draft.policy_number, driver.driverId);
      }
      const kind = step === 'kind' ? (value as Answers['kind']) : draft.answers.kind;
      let answers: Answers = { ...draft.answers, [step]: forKind(step, kind, value) };
      let typed = { ...draft.typed };
      delete typed[step];
      if (step === 'kind') {
        answers = keepStepsOf(answers, answers.kind);
        typed = keepStepsOf(typed, answers.kind);
        // Another kind's glass goes; a claim that becomes one of glass is asked it (resume.ts).
        const kept = answers.circumstances;
        const read = kept && claimStepSchema('circumstances', kind?.kind).safeParse(kept);
        if (read?.success) answers.circumstances = read.data as Answers['circumstances'];
      }
      const steps = claimSteps(answers.kind?.kind);
      return {
        answers: JSON.stringify(answers),
        typed: JSON.stringify(typed),
        step: steps[steps.indexOf(step) + 1] ?? 'summary',
      };
    },
    now,
  );
  return draftView(db, row, now);
}
