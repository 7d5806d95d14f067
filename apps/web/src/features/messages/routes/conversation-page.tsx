// /messages/{id} (docs/product/messages.md): one conversation, oldest message first, each with
// who wrote it and when, its file to download, and on the customer's own messages the read
// receipt (« Lu le … » once the broker has read it); reading it marks the broker's messages read
// (the navigation's count goes down). The reply form below keeps its draft on the server. A
// conversation that is not the customer's (the API's 404) shows the not-found page.
import {
  API_PREFIX,
  API_ROUTES,
  apiPath,
  formatReceivedAt,
  messageDraftSlot,
  type ConversationMessage,
} from '@espace/contract';
import { Link, Navigate, useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useConversation, usePostMessage } from '../api/messages';
import { MessageForm } from '../components/message-form';
import { CONVERSATION_TEXTS as t, MESSAGES_TEXTS } from '../texts';
import '../messages.css';

function Message({
  message,
  fileHref,
}: {
  message: ConversationMessage;
  fileHref(id: string): string;
}) {
  const mine = message.author === 'customer';
  return (
    <li className={`message message--${message.author}`}>
      <p className="message__head">
        <span className="message__author">{mine ? t.you : t.broker}</span>{' '}
        <time dateTime={message.createdAt}>{t.sentOn(formatReceivedAt(message.createdAt))}</time>
      </p>
      {message.text && <p className="message__text">{message.text}</p>}
      {message.files.map((file) => (
        <p key={file.id} className="message__file">
          {t.file}
          {'\u00a0'}:{' '}
          <a href={fileHref(file.id)} download={file.name} aria-label={t.download(file.name)}>
            {file.name}
          </a>
        </p>
      ))}
      {mine && (
        <p className="message__receipt">
          {message.readAt ? (
            <time dateTime={message.readAt}>{t.readOn(formatReceivedAt(message.readAt))}</time>
          ) : (
            t.notRead
          )}
        </p>
      )}
    </li>
  );
}

export function Component() {
  const { conversationId = '' } = useParams();
  const { accountId } = useSession();
  const conversation = useConversation(conversationId);
  const post = usePostMessage(conversationId);
  if (
    conversation.error instanceof ApiError &&
    (conversation.error.status === 404 || conversation.error.status === 400)
  ) {
    return <Navigate to={paths.notFound} replace />;
  }
  const data = conversation.data;
  const fileHref = (fileId: string) =>
    `${API_PREFIX}${apiPath(API_ROUTES.conversationFile, { accountId, conversationId, fileId })}`;
  return (
    <section className="messages conversation" aria-labelledby="conversation-title">
      <p className="messages__back">
        <Link to={paths.messages}>{t.back}</Link>
      </p>
      <h1 id="conversation-title" tabIndex={-1}>
        {data ? data.subject : MESSAGES_TEXTS.title}
      </h1>
      {data?.requestReference && (
        <p>
          <Link to={paths.accountRequest(data.requestReference)}>
            {t.seeRequest} {data.requestReference}
          </Link>
        </p>
      )}
      {conversation.isError && !data && <p role="alert">{t.error}</p>}
      {conversation.isPending && <Loading />}
      {data && (
        <>
          <h2 id="conversation-messages-title" className="visually-hidden">
            {t.messagesTitle}
          </h2>
          <ol className="message-list" aria-labelledby="conversation-messages-title">
            {data.messages.map((message) => (
              <Message key={message.id} message={message} fileHref={fileHref} />
            ))}
          </ol>
          <p className="conversation__complaint">
            {t.complaintLead}{' '}
            <Link to={paths.complaintFromConversation(conversationId)}>{t.complaint}</Link>
          </p>
          <section className="card" aria-labelledby="reply-title">
            <h2 id="reply-title">{t.replyTitle}</h2>
            <MessageForm
              slot={messageDraftSlot.conversation(conversationId)}
              idPrefix="reply"
              submitLabel={t.replyTitle}
              pending={post.isPending}
              onSend={async (text, file) => {
                await post.mutateAsync({ text, file });
              }}
            />
          </section>
        </>
      )}
    </section>
  );
}
