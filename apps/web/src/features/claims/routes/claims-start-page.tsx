// /claims: « Déclarer un sinistre ». Choose the contract in force (preselected when coming from
// its card), or resume a declaration left unfinished, here or on another device, at the step
// where it was left (the draft's `step`).
import {
  CLAIM_KIND_LABELS,
  CLAIM_MESSAGES,
  formatReceivedAt,
  policyStateStyle,
} from '@espace/contract';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePolicies } from '../../../api/get-policies';
import { FieldError } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useClaimDrafts, useCreateClaimDraft } from '../api/claim-drafts';
import '../claims.css';

export function Component() {
  const [search] = useSearchParams();
  const policies = usePolicies();
  const drafts = useClaimDrafts();
  const create = useCreateClaimDraft();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState(search.get('contrat') ?? '');
  const [error, setError] = useState('');
  if (policies.error) throw policies.error;
  if (!policies.data) return <Loading />;
  const inForce = policies.data.policies.filter((p) => policyStateStyle(p.state) === 'active');
  const policyNumber = inForce.some((p) => p.policyNumber === chosen)
    ? chosen
    : (inForce[0]?.policyNumber ?? '');
  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      const draft = await create.mutateAsync(policyNumber);
      void navigate(paths.claimStep(draft.id, 'kind'));
    } catch (e) {
      setError(
        e instanceof ApiError ? e.message : 'La déclaration n’a pas pu commencer, réessayez.',
      );
    }
  };
  return (
    <section className="claim-page" aria-labelledby="claims-title">
      <h1 id="claims-title">{CLAIM_MESSAGES.title}</h1>
      <p>
        Déclarez votre sinistre en quelques étapes. Votre saisie est enregistrée au fur et à mesure
        et vous pouvez la reprendre plus tard, là où vous l’avez laissée, sur cet appareil ou un
        autre.
      </p>
      {(drafts.data?.items.length ?? 0) > 0 && (
        <section className="card" aria-labelledby="claims-drafts-title">
          <h2 id="claims-drafts-title">Déclarations en cours</h2>
          <ul className="claim-drafts">
            {drafts.data!.items.map((draft) => (
              <li key={draft.id}>
                <Link to={paths.claimStep(draft.id, draft.step)}>
                  Reprendre&nbsp;:{' '}
                  {draft.answers.kind ? CLAIM_KIND_LABELS[draft.answers.kind.kind] : 'sinistre'}{' '}
                  (contrat n° {draft.policyNumber}, modifiée le {formatReceivedAt(draft.updatedAt)})
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {inForce.length === 0 ? (
        <p>Aucun contrat en cours&nbsp;: un sinistre se déclare sur un contrat en cours.</p>
      ) : (
        <form className="card claim-form" onSubmit={(e) => void start(e)}>
          <fieldset className="claim-choice">
            <legend>Pour quel contrat&nbsp;?</legend>
            {inForce.map((p) => (
              <label key={p.policyNumber} className="claim-choice__option">
                <input
                  type="radio"
                  name="policy"
                  value={p.policyNumber}
                  checked={p.policyNumber === policyNumber}
                  onChange={() => setChosen(p.policyNumber)}
                />
                <span>
                  {p.risks[0]?.manufacturer} {p.risks[0]?.model} ({p.risks[0]?.licensePlate}) –
                  contrat n° {p.policyNumber}
                </span>
              </label>
            ))}
          </fieldset>
          {error && <FieldError id="claims-start-error">{error}</FieldError>}
          <SubmitButton pending={create.isPending}>Commencer la déclaration</SubmitButton>
        </form>
      )}
    </section>
  );
}
