// The form of a new conversation (docs/product/messages.md): a subject from the short list
// (checked with the contract's schema before sending), or a request's reference given by the
// caller; then the message form. The text and its file go as one message (api/start-conversation.ts);
// once sent, the conversation opens. A refused file sends nothing: its refusal shows under it and
// the text stays, as in a reply.
import {
  MESSAGE_DRAFT_NEW,
  MESSAGE_TOPIC_LABELS,
  MESSAGE_TOPICS,
  messageDraftSlot,
  startConversationSchema,
  type MessageTopic,
} from '@espace/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FieldError } from '../../../components/form/form-field';
import { useStartConversation } from '../../../api/start-conversation';
import { paths } from '../../../lib/paths';
import { MessageForm, refusalOf, type SendRefusal } from './message-form';
import { ApiError } from '../../../lib/api-client';
import { MESSAGE_FORM_TEXTS, NEW_CONVERSATION_TEXTS as t } from '../texts';
import '../messages.css';

export function NewConversationForm({
  requestReference,
  topic: chosen,
}: {
  requestReference?: string | undefined;
  topic?: MessageTopic | undefined;
}) {
  const navigate = useNavigate();
  const start = useStartConversation();
  const [topic, setTopic] = useState<MessageTopic | ''>(chosen ?? '');
  const [topicError, setTopicError] = useState<string | undefined>();
  const refuseTopic = (message: string): never => {
    setTopicError(message);
    document.getElementById('message-topic')?.focus();
    throw { field: 'none', message } satisfies SendRefusal;
  };
  const topicField = !requestReference && (
    <div className="form-field">
      <label htmlFor="message-topic">{t.topic}</label>
      <select
        id="message-topic"
        className="input"
        value={topic}
        aria-invalid={topicError ? true : undefined}
        aria-describedby={topicError ? 'message-topic-error' : undefined}
        onChange={(event) => {
          setTopic(event.target.value as MessageTopic | '');
          setTopicError(undefined);
        }}
      >
        <option value="">{t.topicPlaceholder}</option>
        {MESSAGE_TOPICS.map((key) => (
          <option key={key} value={key}>
            {MESSAGE_TOPIC_LABELS[key]}
          </option>
        ))}
      </select>
      {topicError && <FieldError id="message-topic-error">{topicError}</FieldError>}
    </div>
  );
  return (
    <MessageForm
      slot={requestReference ? messageDraftSlot.request(requestReference) : MESSAGE_DRAFT_NEW}
      idPrefix="new-message"
      submitLabel={t.submit}
      pending={start.isPending}
      extra={topicField}
      onSend={async (text, file) => {
        setTopicError(undefined);
        // The contract's schema first: no subject is said under the list, at once.
        const checked = startConversationSchema.safeParse(
          requestReference ? { requestReference, text } : { topic: topic || undefined, text },
        );
        const topicIssue = checked.error?.issues.find((issue) => issue.path[0] === 'topic');
        if (topicIssue) return refuseTopic(topicIssue.message);
        try {
          const conversation = await start.mutateAsync({
            body: requestReference ? { requestReference, text } : { topic: topic || 'other', text },
            file,
          });
          void navigate(paths.conversation(conversation.id), {
            state: { sent: true },
          });
        } catch (error) {
          const refusal = refusalOf(error, MESSAGE_FORM_TEXTS.error);
          const fields =
            error instanceof ApiError && typeof error.body === 'object'
              ? ((error.body.error as { fields?: Record<string, string> }).fields ?? {})
              : {};
          if (fields.topic) return refuseTopic(fields.topic);
          throw refusal;
        }
      }}
    />
  );
}
