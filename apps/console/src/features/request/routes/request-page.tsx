// A request's page (docs/console.md « Demandes »): who and what (in full, a new IBAN revealed on
// demand), the files with their previews, the documents it concerns with their check, the
// history naming who did what, the status change with its message to the customer, the
// assignment, the customer's conversation about it with the answer (docs/console.md « Messages »).
// Each write says its outcome in a banner that takes focus.
import { REQUEST_STATUS_LABELS, type StatusChange } from '@espace/contract';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { checkedText, useCheckDocument } from '../../../api/check-document';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { OwedDocuments } from '../../../components/owed-documents';
import { LoadError, Loading } from '../../../components/loading';
import { useTitle } from '../../../components/route-announcer';
import type { ApiError } from '../../../lib/api-client';
import { formatReceivedAt } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useAssign } from '../api/assign';
import { useChangeStatus } from '../api/change-status';
import { useConsoleRequest } from '../api/get-request';
import { AssignForm } from '../components/assign-form';
import { RequestAnswers } from '../components/request-answers';
import { RequestConversation } from '../components/request-conversation';
import { RequestFiles } from '../components/request-files';
import { StatusForm } from '../components/status-form';
import { Timeline } from '../components/timeline';

const refusal = (error: Error) =>
  (error as ApiError).body?.error.message ?? 'L’envoi a échoué. Réessayez dans un instant.';

export function Component() {
  const reference = useParams().reference ?? '';
  const request = useConsoleRequest(reference);
  const changeStatus = useChangeStatus(reference);
  const assign = useAssign(reference);
  const checkDocument = useCheckDocument();
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  useTitle(request.data ? `${request.data.kindLabel} ${reference}` : undefined);

  if (request.isPending) return <Loading />;
  if (request.isError)
    return (
      <>
        <h1>Demande {reference}</h1>
        <LoadError error={request.error} />
      </>
    );
  const r = request.data;

  const onStatus = (change: StatusChange) =>
    changeStatus.mutate(change, {
      onSuccess: () =>
        setFeedback({
          kind: 'success',
          text: `Statut changé\u00a0: ${REQUEST_STATUS_LABELS[change.status]}. Le client en est informé.`,
        }),
      onError: (error) => setFeedback({ kind: 'error', text: refusal(error) }),
    });
  const onAssign = (staffId: string | null) =>
    assign.mutate(staffId, {
      onSuccess: () =>
        setFeedback({
          kind: 'success',
          text: staffId ? 'La demande est attribuée.' : 'La demande n’est plus attribuée.',
        }),
      onError: (error) => setFeedback({ kind: 'error', text: refusal(error) }),
    });

  const onCheck: Parameters<typeof OwedDocuments>[0]['onCheck'] = (documentId, check) =>
    checkDocument.mutate(
      { documentId, check },
      {
        onSuccess: (result) => setFeedback({ kind: 'success', text: checkedText(result) }),
        onError: (error) => setFeedback({ kind: 'error', text: refusal(error) }),
      },
    );

  return (
    <>
      <p className="breadcrumb">
        <Link to={paths.inbox}>Demandes</Link>
      </p>
      <h1>
        {r.kindLabel} {r.reference}
      </h1>
      <Feedback state={feedback} />
      <dl className="details details--summary">
        <div>
          <dt>Client</dt>
          <dd>
            <Link to={paths.customer(r.customer.customerNumber)}>{r.customer.name}</Link> (
            {r.customer.customerNumber})
          </dd>
        </div>
        <div>
          <dt>Contrat</dt>
          <dd>{r.contractNumber ?? '—'}</dd>
        </div>
        <div>
          <dt>Reçue le</dt>
          <dd>{formatReceivedAt(r.createdAt)}</dd>
        </div>
        <div>
          <dt>Statut</dt>
          <dd>
            <strong>{r.statusLabel}</strong>
          </dd>
        </div>
      </dl>
      <div className="request-grid">
        <div className="stack">
          <RequestAnswers answers={r.answers} reference={r.reference} />
          <RequestFiles files={r.files} />
          {r.documents.length > 0 && (
            <OwedDocuments
              documents={r.documents}
              headingId="request-documents-title"
              title="Documents concernés"
              pending={checkDocument.isPending}
              onCheck={onCheck}
            />
          )}
          <Timeline entries={r.timeline} />
        </div>
        <aside className="stack" aria-label="Traitement">
          {r.kind === 'complaint' && (
            <p className="card">
              Une réclamation se clôt par sa réponse{'\u00a0'}:{' '}
              <Link to={paths.complaint(r.reference)}>répondre à la réclamation</Link>.
            </p>
          )}
          {r.nextStatuses.length ? (
            <div className="card">
              <StatusForm
                key={r.status}
                next={r.nextStatuses}
                pending={changeStatus.isPending}
                onSubmit={onStatus}
              />
            </div>
          ) : r.kind === 'complaint' ? null : (
            <p className="card">Cette demande est close&nbsp;: son statut ne change plus.</p>
          )}
          <RequestConversation
            reference={r.reference}
            onAnswered={() =>
              setFeedback({
                kind: 'success',
                text: 'Réponse envoyée. Le client est prévenu par courriel.',
              })
            }
            onRefused={(error) => setFeedback({ kind: 'error', text: refusal(error) })}
          />
          <div className="card">
            <AssignForm
              key={r.assignee?.id ?? 'none'}
              assignee={r.assignee}
              pending={assign.isPending}
              onAssign={onAssign}
            />
          </div>
        </aside>
      </div>
    </>
  );
}
