// The customer's conversation about this request, beside it (docs/console.md « Messages »): its
// messages and the answer, or that the customer has not written about it. Reading it here is in
// the journal as on its own page, and marks the customer's messages read.
import { useRequestConversation, useAnswer } from '../../../api/conversations';
import { ConversationThread } from '../../../components/conversation-thread';
import { LoadError, Loading } from '../../../components/loading';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export function RequestConversation({
  reference,
  onAnswered,
  onRefused,
}: {
  reference: string;
  onAnswered: () => void;
  onRefused: (error: Error) => void;
}) {
  const found = useRequestConversation(reference);
  const conversationId = found.data?.conversation?.id ?? '';
  const answer = useAnswer(conversationId);
  return (
    <section className="card stack" aria-labelledby="request-messages-title">
      <h2 id="request-messages-title">Messages du client</h2>
      {found.isPending ? (
        <Loading />
      ) : found.isError ? (
        <LoadError error={found.error} />
      ) : found.data.conversation ? (
        <>
          <p>
            <Link to={paths.conversation(found.data.conversation.id)}>Ouvrir la conversation</Link>
          </p>
          <ConversationThread
            conversation={found.data.conversation}
            pending={answer.isPending}
            headingLevel={3}
            onAnswer={(reply) =>
              answer.mutateAsync(reply).then(onAnswered, (error: Error) => {
                onRefused(error);
                throw error;
              })
            }
          />
        </>
      ) : (
        <p className="muted">Le client n’a pas écrit au sujet de cette demande.</p>
      )}
    </section>
  );
}
