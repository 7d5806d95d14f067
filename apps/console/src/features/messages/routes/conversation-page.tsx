// One conversation (docs/console.md « Messages »): its customer, its request (a link to the
// request's page, where it also shows), the messages and the answer, the assignment. Opening it
// is in the journal and marks the customer's messages read.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  useAnswer,
  useAssignConversation,
  useConsoleConversation,
} from '../../../api/conversations';
import { ConversationThread, type Answer } from '../../../components/conversation-thread';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/loading';
import { useTitle } from '../../../components/route-announcer';
import type { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useStaff } from '../../../lib/staff';

const refusal = (error: Error) =>
  (error as ApiError).body?.error.message ?? 'L’envoi a échoué. Réessayez dans un instant.';

export function Component() {
  const conversationId = useParams().conversationId ?? '';
  const conversation = useConsoleConversation(conversationId);
  const answer = useAnswer(conversationId);
  const assign = useAssignConversation(conversationId);
  const me = useStaff();
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  useTitle(conversation.data ? `Messages – ${conversation.data.subject}` : undefined);

  if (conversation.isPending) return <Loading />;
  if (conversation.isError)
    return (
      <>
        <h1>Conversation</h1>
        <LoadError error={conversation.error} />
      </>
    );
  const c = conversation.data;
  const onAnswer = (reply: Answer) =>
    answer.mutateAsync(reply).then(
      () =>
        setFeedback({
          kind: 'success',
          text: 'Réponse envoyée. Le client est prévenu par courriel.',
        }),
      (error: Error) => {
        setFeedback({ kind: 'error', text: refusal(error) });
        throw error;
      },
    );
  const onAssign = (staffId: string | null) =>
    assign.mutate(staffId, {
      onSuccess: () =>
        setFeedback({
          kind: 'success',
          text: staffId
            ? 'La conversation est attribuée.'
            : 'La conversation n’est plus attribuée.',
        }),
      onError: (error) => setFeedback({ kind: 'error', text: refusal(error) }),
    });
  return (
    <>
      <p className="breadcrumb">
        <Link to={paths.messages}>Messages</Link>
      </p>
      <h1>{c.subject}</h1>
      <Feedback state={feedback} />
      <dl className="details details--summary">
        <div>
          <dt>Client</dt>
          <dd>
            {c.customer.customerNumber ? (
              <Link to={paths.customer(c.customer.customerNumber)}>{c.customer.name}</Link>
            ) : (
              c.customer.name
            )}{' '}
            ({c.customer.email})
          </dd>
        </div>
        {c.requestReference && (
          <div>
            <dt>Demande</dt>
            <dd>
              <Link to={paths.request(c.requestReference)}>{c.requestReference}</Link>
            </dd>
          </div>
        )}
        <div>
          <dt>Attribuée à</dt>
          <dd>
            {c.assignee ? (
              <span title={c.assignee.email}>{c.assignee.displayName}</span>
            ) : (
              'Personne'
            )}
          </dd>
        </div>
      </dl>
      <div className="actions conversation-actions">
        {c.assignee?.id !== me.id && (
          <button
            type="button"
            className="button button--secondary"
            disabled={assign.isPending}
            onClick={() => onAssign(me.id)}
          >
            M’attribuer la conversation
          </button>
        )}
        {c.assignee && (
          <button
            type="button"
            className="button button--secondary"
            disabled={assign.isPending}
            onClick={() => onAssign(null)}
          >
            Retirer l’attribution
          </button>
        )}
      </div>
      <section aria-labelledby="conversation-messages-title" className="card">
        <h2 id="conversation-messages-title">Messages</h2>
        <ConversationThread
          conversation={c}
          pending={answer.isPending}
          onAnswer={onAnswer}
          headingLevel={3}
        />
      </section>
    </>
  );
}
