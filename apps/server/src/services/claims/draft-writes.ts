// Writes to a claim draft (docs/product/claims.md,
// docs/decisions/0162-claim-drafts-saved-as-the-customer-types.md). Enforces:
// - one write at a time per draft: the row is locked (`for update`) while it is checked and
//   changed, so two tabs or devices never interleave;
// - a write of answers or typed values names the version it was made from (If-Match): over
//   another version it is refused with 412 and changes nothing, unless the draft's current
//   version was written by the same writer (the tab, CLAIM_DRAFT_WRITER_HEADER): then a later
//   write of the tab (a greater number) is applied, and an earlier one arriving late (or sent
//   again) changes nothing and answers the draft as it is. So a tab's own writes never refuse
//   one another and the newest wins, and another tab's or device's write in between is never
//   overwritten. Without If-Match (an API client that does not ask), the last writer wins;
// - such a write gives the draft a new version and records its writer;
// - the step the customer is on is moved by two writes only: a step confirmed (drafts.ts, the
//   next step) and the step opened, recorded alone, which changes no version (the last one
//   wins). A write of typed values keeps them and leaves the step as it is: the values typed on
//   a step left with « Précédent » (sent as the step unmounts) and the step opened reach the
//   server in either order, and the draft stays on the step opened. Either names a step the
//   claim goes through and may reach (contract reachableClaimStep);
// - every write moves `updated_at`, which the purge of abandoned drafts reads (purge-drafts.ts).
import {
  CLAIM_MESSAGES,
  CLAIM_STEP_LABELS,
  claimSteps,
  reachableClaimStep,
  UPLOAD_NOT_FOUND_BODIES,
  type ClaimDraft,
  type ClaimDraftProgress,
} from '@espace/contract';
import type { Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/client';
import type { ClaimDrafts } from '../../db/types';
import { InvalidInputError, NotFoundError, PreconditionFailedError } from '../errors';
import { requireOwnPolicyActive } from './claim-policy';
import { draftView } from './draft-view';

type DraftRow = Selectable<ClaimDrafts>;

/** What a write says of the draft it was made from. */
export interface DraftWrite {
  /** The version read (If-Match); without it, the last writer wins. */
  ifMatch?: number;
  /** The tab that writes, and the number of this write among its own. */
  writer?: { id: string; seq: number };
}

/** What becomes of `write` over what `row` holds (the rule above). */
export function writeOutcome(
  row: Pick<DraftRow, 'version' | 'writer_id' | 'writer_seq'>,
  write: DraftWrite,
): 'apply' | 'superseded' | 'refuse' {
  if (write.ifMatch === undefined || write.ifMatch === row.version) return 'apply';
  if (write.writer === undefined || write.writer.id !== row.writer_id) return 'refuse';
  return write.writer.seq > row.writer_seq ? 'apply' : 'superseded';
}

/**
 * Locks the caller's draft, checks its contract is in force and, for a write of answers or
 * typed values (`write` not null), its version; then applies `change` and returns the row.
 */
export async function updateDraft(
  db: Db,
  accountId: string,
  draftId: string,
  write: DraftWrite | null,
  change: (row: DraftRow, trx: Db) => Promise<Updateable<ClaimDrafts>> | Updateable<ClaimDrafts>,
  now: Date,
): Promise<DraftRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('claim_drafts')
      .selectAll()
      .where('id', '=', draftId)
      .where('account_id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new NotFoundError(UPLOAD_NOT_FOUND_BODIES.sinister);
    await requireOwnPolicyActive(trx, accountId, row.policy_number);
    const outcome = write ? writeOutcome(row, write) : 'apply';
    if (outcome === 'refuse')
      throw new PreconditionFailedError(CLAIM_MESSAGES.draft.changedElsewhere);
    if (outcome === 'superseded') return row;
    const values = await change(row, trx);
    const version = write
      ? {
          version: row.version + 1,
          writer_id: write.writer?.id ?? null,
          writer_seq: write.writer?.seq ?? 0,
        }
      : {};
    return trx
      .updateTable('claim_drafts')
      .set({ ...values, ...version, updated_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

function requireReachable(row: DraftRow, step: ClaimDraftProgress['step']) {
  if (!claimSteps(row.answers.kind?.kind).includes(step)) {
    throw new InvalidInputError(CLAIM_MESSAGES.invalid.step, { step: CLAIM_MESSAGES.invalid.step });
  }
  const reachable = reachableClaimStep(row.answers, step);
  if (reachable !== step) {
    const message = CLAIM_MESSAGES.invalid.stepNotReached(CLAIM_STEP_LABELS[reachable]);
    throw new InvalidInputError(message, { step: message });
  }
}

/**
 * Records the step the customer is on (`{ step }`), or what they typed on a data step
 * (`{ step, typed }`: partial values, checked by the route with the contract's typed schema),
 * which leaves the recorded step as it is.
 */
export async function saveProgress(
  db: Db,
  accountId: string,
  draftId: string,
  progress: ClaimDraftProgress,
  write: DraftWrite,
  now = new Date(),
): Promise<ClaimDraft> {
  const typed = 'typed' in progress ? progress.typed : undefined;
  const row = await updateDraft(
    db,
    accountId,
    draftId,
    typed === undefined ? null : write,
    (row) => {
      requireReachable(row, progress.step);
      if (typed === undefined) return { step: progress.step };
      return { typed: JSON.stringify({ ...row.typed, [progress.step]: typed }) };
    },
    now,
  );
  return draftView(db, row, now);
}
