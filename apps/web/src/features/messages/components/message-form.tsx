// The message form of the « Messagerie » (docs/product/messages.md): a labelled text, one file at
// most (the documents' types and size, checked here first with the contract's French messages,
// then by the server, whose refusal is shown under the file), and the draft kept on the server
// (« Brouillons »): read when the form opens, saved a second after the customer stops typing and
// when they leave the page or the screen, forgotten by the server once the message is sent.
// `extra` holds the fields that come before the text (the subject of a new conversation).
import {
  ACCEPTED_FORMATS_TEXT,
  checkFilesToAttach,
  formatParisTime,
  MAX_UPLOAD_BYTES,
  UPLOAD_ACCEPT_ATTRIBUTE,
} from '@espace/contract';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FieldError } from '../../../components/form/form-field';
import { Loading } from '../../../components/loading';
import { SubmitButton } from '../../../components/form/submit-button';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { saveDraft, useDraft } from '../api/messages';
import { MESSAGE_FORM_TEXTS as t } from '../texts';
import '../../../components/files/file-picker.css';
import { openPickerOnKey } from '../../../components/files/open-picker';

const SAVE_AFTER_MS = 1000;

/** What a refused send says: the field it concerns and the French message. */
export interface SendRefusal {
  /** `none`: the caller shows it (under a field of its own). */
  field: 'text' | 'file' | 'form' | 'none';
  message: string;
}

/** The server's refusal of a send, under the field it names (its `fields`), else the form's. */
export function refusalOf(error: unknown, fallback: string): SendRefusal {
  if (!(error instanceof ApiError) || typeof error.body !== 'object')
    return { field: 'form', message: fallback };
  const { message, fields } = error.body.error as { message: string; fields?: object };
  if (fields && 'text' in fields) return { field: 'text', message };
  if ([400, 413, 415, 422].includes(error.status)) return { field: 'file', message };
  return { field: 'form', message: error.status >= 500 ? fallback : message };
}

export interface MessageFormProps {
  /** Where its draft is kept (the contract's messageDraftSlot). */
  slot: string;
  idPrefix: string;
  submitLabel: string;
  pending: boolean;
  extra?: ReactNode;
  /** Sends; resolves when sent, else rejects with the refusal to show. */
  onSend(text: string, file: File | null): Promise<void>;
}

/** The form, once the draft of its place has been read (an unreadable draft: an empty form). */
export function MessageForm(props: MessageFormProps) {
  const draft = useDraft(props.slot);
  if (draft.isPending) return <Loading />;
  return <DraftedMessageForm key={props.slot} {...props} draft={draft.data?.text ?? ''} />;
}

function DraftedMessageForm({
  slot,
  idPrefix,
  submitLabel,
  pending,
  extra,
  onSend,
  draft,
}: MessageFormProps & { draft: string }) {
  const { accountId } = useSession();
  const [text, setText] = useState(draft);
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<SendRefusal | null>(null);
  const [draftStatus, setDraftStatus] = useState<string | null>(draft ? t.draftRestored : null);
  const saved = useRef(draft);
  const latest = useRef(draft);
  const touched = useRef(false);
  // While a send runs, leaving the screen saves nothing: the server forgets the draft with the
  // message, and a save racing it would bring the sent text back as a draft.
  const sending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileInputId = useId();
  const ids = {
    text: `${idPrefix}-text`,
    textHint: `${idPrefix}-text-hint`,
    textError: `${idPrefix}-text-error`,
    fileHint: `${idPrefix}-file-hint`,
    fileError: `${idPrefix}-file-error`,
  };

  // What is typed and not saved yet is saved when the customer leaves (the screen or the page).
  useEffect(() => {
    const flush = () => {
      clearTimeout(timer.current);
      if (!sending.current && touched.current && latest.current !== saved.current) {
        saved.current = latest.current;
        void saveDraft(accountId, slot, latest.current, true).catch(() => undefined);
      }
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [accountId, slot]);

  const scheduleSave = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (value === saved.current) return;
      setDraftStatus(t.draftSaving);
      saveDraft(accountId, slot, value)
        .then(() => {
          saved.current = value;
          setDraftStatus(value ? t.draftSaved(formatParisTime(new Date().toISOString())) : null);
        })
        .catch(() => setDraftStatus(null));
    }, SAVE_AFTER_MS);
  };

  const onText = (value: string) => {
    touched.current = true;
    latest.current = value;
    setText(value);
    if (refusal?.field === 'text') setRefusal(null);
    scheduleSave(value);
  };

  const onFile = (picked: File | undefined) => {
    if (!picked) return;
    const check = checkFilesToAttach([], [picked], { maxFileNumber: 1 });
    if (check.refused[0]) {
      setFile(null);
      setRefusal({ field: 'file', message: `${picked.name}\u00a0: ${check.refused[0].message}` });
      return;
    }
    setFile(picked);
    if (refusal?.field === 'file') setRefusal(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    setRefusal(null);
    sending.current = true;
    onSend(text, file)
      .then(() => {
        // The server forgot the draft with the message.
        touched.current = true;
        saved.current = '';
        latest.current = '';
        setText('');
        setFile(null);
        setDraftStatus(null);
        sending.current = false;
      })
      .catch((error: unknown) => {
        // Not sent: what was typed is kept as the draft.
        sending.current = false;
        scheduleSave(latest.current);
        const found =
          error && typeof error === 'object' && 'field' in error
            ? (error as SendRefusal)
            : refusalOf(error, t.error);
        setRefusal(found);
        if (found.field === 'text') textRef.current?.focus();
      });
  };

  const textError = refusal?.field === 'text' ? refusal.message : undefined;
  const fileError = refusal?.field === 'file' ? refusal.message : undefined;
  return (
    <form className="message-form" onSubmit={submit} noValidate>
      {extra}
      <div className="form-field">
        <label htmlFor={ids.text}>{t.text}</label>
        <textarea
          id={ids.text}
          ref={textRef}
          className="input"
          rows={6}
          value={text}
          onChange={(event) => onText(event.target.value)}
          aria-invalid={textError ? true : undefined}
          aria-describedby={`${ids.textHint}${textError ? ` ${ids.textError}` : ''}`}
        />
        <p id={ids.textHint} className="message-form__hint">
          {t.textHint}
        </p>
        {textError && <FieldError id={ids.textError}>{textError}</FieldError>}
        <p className="message-form__draft" data-testid="draft-status">
          {draftStatus}
        </p>
      </div>
      <div className="message-form__file">
        <input
          id={fileInputId}
          type="file"
          className="file-input visually-hidden"
          accept={UPLOAD_ACCEPT_ATTRIBUTE}
          disabled={pending}
          aria-describedby={`${ids.fileHint}${fileError ? ` ${ids.fileError}` : ''}`}
          onKeyDown={openPickerOnKey}
          onChange={(event) => {
            onFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <label htmlFor={fileInputId} className="button button--secondary file-input__label">
          {t.file}
        </label>
        <p id={ids.fileHint} className="message-form__hint">
          Formats acceptés{'\u00a0'}: {ACCEPTED_FORMATS_TEXT}. {MAX_UPLOAD_BYTES / 1_000_000}
          {'\u00a0'}Mo maximum. {t.fileHint}
        </p>
        {file && (
          <p className="message-form__chosen">
            {t.fileChosen}
            {'\u00a0'}: <span className="message-form__file-name">{file.name}</span>{' '}
            <button
              type="button"
              className="message-form__remove"
              onClick={() => setFile(null)}
              aria-label={t.removeFile(file.name)}
            >
              Retirer
            </button>
          </p>
        )}
        <div role="alert" className="upload-errors">
          {fileError && (
            <p id={ids.fileError} data-testid="refused-file">
              {fileError}
            </p>
          )}
        </div>
      </div>
      {refusal?.field === 'form' && (
        <p role="alert" className="message-form__error">
          {refusal.message}
        </p>
      )}
      <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
    </form>
  );
}
