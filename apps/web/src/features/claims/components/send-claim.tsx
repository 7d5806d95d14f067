// « Envoyer la déclaration »: the server checks that nothing is missing; a refusal names the
// step to complete, with a link to it; success opens the receipt screen.
import { CLAIM_STEP_LABELS, CLAIM_STEPS, type ClaimDraft, type ClaimStep } from '@espace/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/form/submit-button';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSubmitClaim } from '../api/claim-drafts';

export function SendClaim({ draft }: { draft: ClaimDraft }) {
  const submit = useSubmitClaim(draft.id);
  const navigate = useNavigate();
  const [missing, setMissing] = useState<[string, string][]>([]);
  const [error, setError] = useState('');
  const send = async () => {
    setError('');
    setMissing([]);
    try {
      const ack = await submit.mutateAsync();
      void navigate(paths.claimSent, { state: { ack } });
    } catch (e) {
      const fields =
        e instanceof ApiError && typeof e.body === 'object' ? e.body.error.fields : undefined;
      if (fields) setMissing(Object.entries(fields));
      else setError(e instanceof ApiError ? e.message : 'L’envoi a échoué, réessayez.');
    }
  };
  const stepOf = (field: string) =>
    (CLAIM_STEPS as readonly string[]).includes(field)
      ? (field as ClaimStep)
      : field.startsWith('thirdParty')
        ? 'parties'
        : field.startsWith('glass')
          ? 'circumstances'
          : 'summary';
  return (
    <form onSubmit={(e) => (e.preventDefault(), void send())} className="claim-form">
      {(missing.length > 0 || error) && (
        <div role="alert" className="claim-missing">
          {error && <p>{error}</p>}
          {missing.length > 0 && (
            <ul>
              {missing.map(([field, message]) => (
                <li key={field}>
                  <Link to={paths.claimStep(draft.id, stepOf(field))}>
                    {CLAIM_STEP_LABELS[stepOf(field)]}
                  </Link>
                  {`\u00a0: ${message}`}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <SubmitButton pending={submit.isPending}>Envoyer la déclaration</SubmitButton>
    </form>
  );
}
