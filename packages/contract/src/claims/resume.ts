// Where a declaration resumes (docs/product/claims.md): at the step the customer was on, unless
// a step before it has no valid answers, in which case at that step. A data step is complete
// when its confirmed answers pass its schema for the claim's kind again (so a stored step never
// skips validation, and a claim turned into a broken-glass one is asked its glass);
// the photos (optional) and the summary have nothing to confirm.
import { CLAIM_DATA_STEPS, claimSteps, type ClaimDataStep, type ClaimStep } from './kinds';
import { claimStepSchema, type ClaimStepAnswers } from './steps';

type Answers = Partial<ClaimStepAnswers>;

export const isClaimDataStep = (step: string): step is ClaimDataStep =>
  (CLAIM_DATA_STEPS as readonly string[]).includes(step);

const isComplete = (step: ClaimDataStep, answers: Answers) =>
  claimStepSchema(step, answers.kind?.kind).safeParse(answers[step]).success;

/**
 * The step to open for `wanted` (the step recorded in the draft, or the one a link names): it,
 * when every data step before it is complete; else the first incomplete one. A step the claim's
 * kind does not go through (or no step) opens the furthest step the customer may reach.
 */
export function reachableClaimStep(answers: Answers, wanted: string | null | undefined): ClaimStep {
  const steps = claimSteps(answers.kind?.kind);
  const gap = steps.findIndex((step) => isClaimDataStep(step) && !isComplete(step, answers));
  const furthest = gap === -1 ? steps.length - 1 : gap;
  const index = steps.findIndex((step) => step === wanted);
  return steps[index === -1 ? furthest : Math.min(index, furthest)]!;
}
