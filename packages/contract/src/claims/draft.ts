// A claim declaration as the API carries it (docs/product/claims.md): the draft saved step by
// step and resumed on any device, its files, and the acknowledgement of a sent claim.
import { z } from '../shared/zod';
import { safeString } from '../shared/safe-text';
import { CLAIM_DATA_STEPS, CLAIM_STEPS, requiredDataSteps, type ClaimDataStep } from './kinds';
import { CLAIM_MESSAGES } from './messages';
import type { ClaimStepAnswers } from './steps';
import type { ClaimTypedAnswers } from './typed';

export const CLAIM_FILE_ROLES = ['photo', 'constat'] as const;
export type ClaimFileRole = (typeof CLAIM_FILE_ROLES)[number];

/**
 * The tab (or other client) that writes a draft, and the number of its write: `<id>:<n>`, `n`
 * growing with each write of the tab. With If-Match (the draft's `version`), it orders the writes
 * of one tab and tells them from another tab's
 * (docs/decisions/0162-claim-drafts-saved-as-the-customer-types.md).
 */
export const CLAIM_DRAFT_WRITER_HEADER = 'x-espace-draft-writer';

/** The broker's outbox event of a sent claim (platform/outbox). */
export const CLAIM_OUTBOX_TYPE = 'claim.declared';

export const claimDraftCreateSchema = z.object({
  policyNumber: safeString({ error: 'Choisissez le contrat' })
    .trim()
    .min(1, { error: 'Choisissez le contrat', abort: true })
    .max(40),
});

export const claimStepParamSchema = z.object({
  accountId: z.string(),
  draftId: z.uuid({ error: 'Sinister not found' }),
  step: z.enum(CLAIM_DATA_STEPS, { error: CLAIM_MESSAGES.required.step }),
});

export const claimFileSchema = z.object({
  id: z.string(),
  role: z.enum(CLAIM_FILE_ROLES),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
});
export type ClaimFile = z.infer<typeof claimFileSchema>;

export const claimDeadlineSchema = z.object({
  basis: z.enum(['working_days', 'natural_disaster']),
  workingDays: z.number().int().positive().optional(),
  lastDay: z.iso.date(),
  late: z.boolean().describe('Déclaré (ou déclaré aujourd’hui) après le dernier jour'),
  text: z.string(),
});
export type ClaimDeadlineView = z.infer<typeof claimDeadlineSchema>;

export const claimDraftSchema = z.object({
  id: z.string(),
  policyNumber: z.string(),
  answers: z
    .partialRecord(z.enum(CLAIM_DATA_STEPS), z.unknown())
    .describe('Les réponses enregistrées, par étape'),
  typed: z
    .partialRecord(z.enum(CLAIM_DATA_STEPS), z.unknown())
    .describe(
      'Ce qui a été saisi sur une étape sans être validé par «\u00a0Continuer\u00a0», par étape',
    ),
  step: z
    .enum(CLAIM_STEPS)
    .describe(
      'L’étape où reprendre\u00a0: la dernière ouverte, si les étapes avant elle sont remplies',
    ),
  version: z
    .number()
    .int()
    .positive()
    .describe('La version des réponses et de la saisie, à renvoyer dans If-Match'),
  files: z.array(claimFileSchema),
  deadline: claimDeadlineSchema.nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ClaimDraft = Omit<z.infer<typeof claimDraftSchema>, 'answers' | 'typed'> & {
  answers: Partial<ClaimStepAnswers>;
  typed: Partial<ClaimTypedAnswers>;
};

export const claimDraftListSchema = z.object({ items: z.array(claimDraftSchema) });

export const claimAcknowledgementSchema = z.object({
  reference: z.string(),
  policyNumber: z.string(),
  declaredAt: z.iso.datetime({ offset: true }),
  deadline: claimDeadlineSchema.nullable(),
  nextSteps: z
    .array(z.string())
    .describe('Ce qui se passe ensuite, en français, paragraphe par paragraphe'),
  receiptDocumentId: z.string(),
  receiptFileName: z.string(),
});
export type ClaimAcknowledgement = z.infer<typeof claimAcknowledgementSchema>;

/**
 * What a draft still lacks before it can be sent, as `fields` (step or field → French message):
 * every step its kind asks for, a third party for an accident with one, and its constat (a file
 * or an e-constat reference), the glass of a broken-glass claim.
 */
export function claimCompletenessIssues(
  answers: Partial<ClaimStepAnswers>,
  files: readonly Pick<ClaimFile, 'role'>[],
): Record<string, string> {
  const kind = answers.kind?.kind;
  if (!kind) return { kind: CLAIM_MESSAGES.required.kind };
  const issues: Record<string, string> = {};
  for (const step of requiredDataSteps(kind) as ClaimDataStep[]) {
    if (answers[step] === undefined) issues[step] = CLAIM_MESSAGES.required.step;
  }
  if (kind === 'broken_glass' && answers.circumstances && !answers.circumstances.glass) {
    issues['glass.pane'] = CLAIM_MESSAGES.required.glassPane;
  }
  if (kind === 'accident_third_party') {
    if (answers.parties && !answers.parties.thirdParty) {
      issues['thirdParty.name'] = CLAIM_MESSAGES.required.thirdPartyName;
    }
    const hasConstat = files.some((file) => file.role === 'constat');
    if (answers.constat && !hasConstat && answers.constat.eConstatReference === '') {
      issues.constat = CLAIM_MESSAGES.required.constat;
    }
  }
  return issues;
}
