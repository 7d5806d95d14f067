// One complaint (docs/console.md « Réclamations »; the server audits each read): the customer,
// what they complain of and expect, the files, both deadlines and whether they are late, then
// the answer form, or the answer once given.
import { consolePath } from '@espace/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { formatReceivedAt, formatSize } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAnswerComplaint, useConsoleComplaint } from '../api/complaints';
import { AnswerForm } from '../components/answer-form';
import { Deadline } from '../components/deadline';

export function Component() {
  const { reference = '' } = useParams();
  const complaint = useConsoleComplaint(reference);
  const answer = useAnswerComplaint(reference);
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();
  if (complaint.isPending) return <Loading />;
  if (complaint.isError) return <LoadError error={complaint.error} />;
  const c = complaint.data;
  return (
    <div className="stack">
      <p>
        <Link to={paths.complaints}>Retour aux réclamations</Link>
      </p>
      <h1>Réclamation {c.reference}</h1>
      <Feedback state={feedback} />
      <dl className="card details">
        <dt>Client</dt>
        <dd>
          <Link to={paths.customer(c.customerNumber)}>{c.customerName}</Link>{' '}
          <span className="muted">({c.customerNumber})</span>
        </dd>
        <dt>Objet</dt>
        <dd>{c.categoryLabel}</dd>
        {c.requestReference && (
          <>
            <dt>Demande concernée</dt>
            <dd>
              <Link to={paths.request(c.requestReference)}>{c.requestReference}</Link>
            </dd>
          </>
        )}
        <dt>Reçue le</dt>
        <dd>{formatReceivedAt(c.receivedAt)}</dd>
        <dt>Accusé de réception</dt>
        <dd>
          <Deadline
            lastDay={c.acknowledgeBy}
            doneAt={c.acknowledgedAt}
            late={c.acknowledgementLate}
          />
        </dd>
        <dt>Réponse</dt>
        <dd>
          <Deadline lastDay={c.answerBy} doneAt={c.answeredAt} late={c.answerLate} />
        </dd>
      </dl>
      <h2>Réclamation du client</h2>
      <p className="pre-wrap">{c.text}</p>
      <h2>Ce que le client attend</h2>
      <p className="pre-wrap">{c.expectation}</p>
      {c.files.length > 0 && (
        <>
          <h2>Pièces jointes</h2>
          <ul>
            {c.files.map((file) => (
              <li key={file.id}>
                <a
                  href={consolePath('requestFile', {
                    reference: c.reference,
                    fileId: `complaint.${file.id}`,
                  })}
                >
                  {file.name}
                </a>{' '}
                <span className="muted">({formatSize(file.size)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {c.outcomeLabel ? (
        <section className="card" aria-labelledby="answer-title">
          <h2 id="answer-title">Réponse envoyée&nbsp;: {c.outcomeLabel}</h2>
          <p className="pre-wrap" data-testid="complaint-answer">
            {c.answer}
          </p>
        </section>
      ) : (
        <AnswerForm
          mediatorParagraph={c.mediatorParagraph}
          pending={answer.isPending}
          serverError={serverError}
          onSubmit={(body) => {
            setServerError(undefined);
            answer.mutate(body, {
              onSuccess: () =>
                setFeedback({ kind: 'success', text: 'La réponse est envoyée au client.' }),
              onError: (error) => {
                const message =
                  error instanceof ApiError ? error.message : 'La réponse n’a pas pu être envoyée.';
                setServerError(message);
                setFeedback({ kind: 'error', text: message });
              },
            });
          }}
        />
      )}
    </div>
  );
}
