// /claims/{draftId}/{step}: one step of the declaration per screen (docs/product/claims.md), with
// its place in the flow, the deadline once known, and « Précédent » (the assistance number is
// the header's first line, above the step).
// The draft is read from the server, so a declaration resumes on any device where it was left;
// the step opened is recorded there (use-record-step.ts), and a step after one not yet complete
// opens that one instead (contract reachableClaimStep).
import {
  CLAIM_DATA_STEPS,
  CLAIM_MESSAGES,
  CLAIM_STEP_LABELS,
  claimSteps,
  hasGlassCover,
  reachableClaimStep,
  type ClaimDataStep,
  type ClaimDraft,
  type ClaimStep,
} from '@espace/contract';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { usePolicies } from '../../../api/get-policies';
import { Loading } from '../../../components/loading';
import { paths } from '../../../lib/paths';
import { useClaimDraft } from '../api/claim-drafts';
import { FilesStep } from '../components/files-step';
import { StepForm } from '../components/step-form';
import { SummaryStep } from '../components/summary-step';
import { SendClaim } from '../components/send-claim';
import { useRecordStep } from '../components/use-record-step';
import '../claims.css';

const isDataStep = (step: ClaimStep): step is ClaimDataStep =>
  (CLAIM_DATA_STEPS as readonly string[]).includes(step);

export function Component() {
  const { draftId = '', step = '' } = useParams();
  const navigate = useNavigate();
  const draft = useClaimDraft(draftId);
  const policies = usePolicies();
  const reachable = draft.data && reachableClaimStep(draft.data.answers, step);
  useRecordStep(draft.data, reachable === step ? reachable : undefined);
  if (draft.error) return <Navigate to={paths.notFound} replace />;
  if (!draft.data || !policies.data || !reachable) return <Loading />;
  if (reachable !== step) return <Navigate to={paths.claimStep(draftId, reachable)} replace />;
  const current = reachable;
  const steps = claimSteps(draft.data.answers.kind?.kind);
  const index = steps.indexOf(current);
  const policy = policies.data.policies.find((p) => p.policyNumber === draft.data.policyNumber);
  const drivers = policy?.drivers ?? [];
  // Its vehicle's guarantees (the first risk, as the receipt's): a glass claim is told before
  // sending when none covers glass.
  const uncoveredPolicy = hasGlassCover(policy?.risks[0]?.guarantees ?? [])
    ? undefined
    : draft.data.policyNumber;
  // The server records the next step of the (maybe new) kind's flow as the one to open.
  const next = (saved: ClaimDraft) => void navigate(paths.claimStep(draftId, saved.step));
  const previous = steps[index - 1];
  return (
    <section className="claim-page" aria-labelledby="claim-step-title">
      <p className="claim-page__progress">
        {CLAIM_MESSAGES.title} · contrat n° {draft.data.policyNumber} · étape {index + 1}
        {/* Until the kind is chosen, the number of steps is not known. */}
        {current !== 'kind' && ` sur ${steps.length}`}
      </p>
      <h1 id="claim-step-title">{CLAIM_STEP_LABELS[current]}</h1>
      {draft.data.deadline && (
        <p className="claim-page__deadline" data-testid="claim-deadline">
          {draft.data.deadline.text}
        </p>
      )}
      {isDataStep(current) && (
        <StepForm
          key={current}
          draft={draft.data}
          step={current}
          drivers={drivers}
          uncoveredPolicy={uncoveredPolicy}
          onSaved={next}
        />
      )}
      {(current === 'photos' || current === 'summary') && (
        <>
          {current === 'photos' ? (
            <FilesStep draft={draft.data} fileRole="photo" />
          ) : (
            <SummaryStep draft={draft.data} drivers={drivers} uncoveredPolicy={uncoveredPolicy} />
          )}
          {current === 'photos' ? (
            <Link className="button" to={paths.claimStep(draftId, steps[index + 1]!)}>
              Continuer
            </Link>
          ) : (
            <SendClaim draft={draft.data} />
          )}
        </>
      )}
      {current === 'constat' && <FilesStep draft={draft.data} fileRole="constat" />}
      {previous && (
        <p>
          <Link to={paths.claimStep(draftId, previous)}>← Précédent</Link>
        </p>
      )}
    </section>
  );
}
