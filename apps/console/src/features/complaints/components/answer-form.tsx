// The answer to a complaint (docs/console.md « Réclamations »): its outcome and the text the
// customer receives by e-mail and as a PDF. An answer short of full acceptance must name the
// insurance mediator: choosing « en partie » or « refusée » adds the server's paragraph (the
// configured mediator, its address and the customer's right), and the server refuses a text
// without it (422), said under the text.
import {
  COMPLAINT_OUTCOME_LABELS,
  COMPLAINT_OUTCOMES,
  complaintAnswerSchema,
  type ComplaintAnswer,
  type ComplaintOutcome,
} from '@espace/contract';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/field';

export function AnswerForm({
  mediatorParagraph,
  pending,
  serverError,
  onSubmit,
}: {
  mediatorParagraph: string;
  pending: boolean;
  serverError: string | undefined;
  onSubmit(answer: ComplaintAnswer): void;
}) {
  const [outcome, setOutcome] = useState<ComplaintOutcome | ''>('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const choose = (next: ComplaintOutcome) => {
    setOutcome(next);
    // Short of full acceptance, the mediator's paragraph goes at the end (once).
    if (next !== 'accepted' && !text.includes(mediatorParagraph))
      setText(
        (current) => `${current.trimEnd()}${current.trim() ? '\n\n' : ''}${mediatorParagraph}`,
      );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = complaintAnswerSchema.safeParse({ outcome: outcome || undefined, text });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="answer-form-title">
      <h2 id="answer-form-title">Répondre</h2>
      <fieldset aria-describedby={errors.outcome ? 'answer-outcome-error' : undefined}>
        <legend>Issue de la réclamation</legend>
        {COMPLAINT_OUTCOMES.map((value) => (
          <label key={value} className="radio">
            <input
              type="radio"
              name="outcome"
              value={value}
              checked={outcome === value}
              onChange={() => choose(value)}
            />{' '}
            {COMPLAINT_OUTCOME_LABELS[value]}
          </label>
        ))}
        {errors.outcome && (
          <p id="answer-outcome-error" className="field__error">
            {errors.outcome}
          </p>
        )}
      </fieldset>
      <Field
        label="Réponse au client"
        hint={`Le client la reçoit par e-mail et en PDF, et la lit dans «\u00a0Mes demandes\u00a0». Une réponse qui n’accepte pas entièrement la réclamation nomme le médiateur de l’assurance.`}
        error={errors.text ?? serverError}
      >
        <textarea rows={12} value={text} onChange={(event) => setText(event.target.value)} />
      </Field>
      <div className="actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Envoi…' : 'Envoyer la réponse'}
        </button>
      </div>
    </form>
  );
}
