// /messages/nouveau (docs/product/messages.md): writing to the broker, on a subject of the short
// list, or — from a request's page in 'Mes demandes' (?demande={reference}) — about that request,
// which continues its conversation when there is one. The text and at most one file; the draft is
// kept on the server. Once sent, the conversation opens. /contact links here with a subject chosen
// (?sujet={topic}).
import { MESSAGE_TOPICS } from '@espace/contract';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { NewConversationForm } from '../components/new-conversation-form';
import { NEW_CONVERSATION_TEXTS as t } from '../texts';
import '../messages.css';

export function Component() {
  const [params] = useSearchParams();
  const reference = params.get('demande') ?? undefined;
  const topic = MESSAGE_TOPICS.find((key) => key === params.get('sujet'));
  return (
    <section className="messages" aria-labelledby="new-message-title">
      <p className="messages__back">
        {reference ? (
          <Link to={paths.accountRequest(reference)}>{t.backRequest}</Link>
        ) : (
          <Link to={paths.messages}>{t.back}</Link>
        )}
      </p>
      <h1 id="new-message-title">{reference ? t.titleAbout : t.title}</h1>
      {reference && (
        <p>
          {t.about}
          {'\u00a0'}: <span className="nowrap">{reference}</span>
        </p>
      )}
      <div className="card">
        <NewConversationForm requestReference={reference} topic={topic} />
      </div>
    </section>
  );
}
