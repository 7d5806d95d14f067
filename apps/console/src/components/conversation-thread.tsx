// A conversation as the broker reads it (docs/console.md « Messages »), on its own page and
// beside its request: the messages, oldest first, who wrote each (the customer, a staff member,
// the broker's systems), when, whether the customer has read the broker's, their files; then the
// answer form, with a file if the agent attaches one (the same formats and size as the
// customer's). The screen gives the data and the answer's call.
import {
  ACCEPTED_FORMATS_TEXT,
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT_ATTRIBUTE,
  type ConsoleConversation,
} from '@espace/contract';
import { useRef, useState, type FormEvent } from 'react';
import { formatReceivedAt } from '../lib/format';
import { Field } from './field';

/** The broker's answer: its text, and the file chosen, if any. */
export interface Answer {
  text: string;
  file?: File | undefined;
}

export function ConversationThread({
  conversation,
  pending,
  onAnswer,
  headingLevel = 2,
}: {
  conversation: ConsoleConversation;
  pending: boolean;
  /** Sends the answer; resolves once sent (the form empties), rejects when refused. */
  onAnswer: (answer: Answer) => Promise<unknown>;
  headingLevel?: 2 | 3;
}) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const Heading = `h${headingLevel}` as const;
  const answerId = `answer-${conversation.id}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAnswer({ text, file }).then(
      () => {
        setText('');
        setFile(undefined);
        if (fileInput.current) fileInput.current.value = '';
      },
      () => undefined,
    );
  };
  return (
    <div className="stack conversation-thread">
      <ol className="messages" aria-label={`Messages de ${conversation.subject}`}>
        {conversation.messages.map((message) => (
          <li key={message.id} className={`message message--${message.author}`}>
            <p className="message__head">
              <strong>
                {message.author === 'customer'
                  ? `${conversation.customer.name} (client)`
                  : (message.authorName ?? 'Le courtier')}
              </strong>{' '}
              <span className="muted">le {formatReceivedAt(message.createdAt)}</span>
            </p>
            {message.text && <p className="message__text">{message.text}</p>}
            {message.files.map((file) => (
              <p key={file.id}>
                Pièce jointe&nbsp;:{' '}
                <a href={file.href} target="_blank" rel="noreferrer">
                  {file.name}
                </a>
              </p>
            ))}
            {message.author === 'broker' && (
              <p className="muted message__receipt">
                {message.readAt
                  ? `Lu par le client le ${formatReceivedAt(message.readAt)}`
                  : 'Pas encore lu par le client'}
              </p>
            )}
          </li>
        ))}
      </ol>
      {conversation.closed ? (
        <p>Cette conversation est close.</p>
      ) : (
        <form className="stack" onSubmit={submit} aria-labelledby={`${answerId}-title`}>
          <Heading id={`${answerId}-title`}>Répondre au client</Heading>
          <Field
            label="Votre réponse"
            hint="Le client est prévenu par un courriel qui ne dit rien de son contenu."
          >
            <textarea rows={5} value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
          <Field
            label="Joindre un fichier (facultatif)"
            hint={`Formats acceptés\u00a0: ${ACCEPTED_FORMATS_TEXT}. ${MAX_UPLOAD_BYTES / 1_000_000}\u00a0Mo maximum.`}
          >
            <input
              ref={fileInput}
              type="file"
              accept={UPLOAD_ACCEPT_ATTRIBUTE}
              onChange={(event) => setFile(event.target.files?.[0])}
            />
          </Field>
          <div>
            <button type="submit" className="button" disabled={pending}>
              {pending ? 'Envoi…' : 'Envoyer la réponse'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
