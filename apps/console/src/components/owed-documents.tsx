// The documents a customer must send, with what they sent and the broker's check (docs/console.md
// « Documents »): each document's status, its reason when « Non conforme », who checked it and
// when, its files (opened in a new tab, each read audited by the server), and, for one « En
// cours de vérification », « Valider » or « Non conforme » with the reason the customer will
// read (the contract's documentCheckSchema, checked before sending). The screen sends the check.
import {
  documentCheckSchema,
  DOCUMENT_CHECK_REASON_MAX,
  type ConsoleOwedDocument,
  type DocumentCheck,
} from '@espace/contract';
import { useId, useState, type FormEvent } from 'react';
import { formatDate, formatReceivedAt, formatSize } from '../lib/format';
import { Field } from './field';

export interface CheckProps {
  pending: boolean;
  onCheck: (documentId: string, check: DocumentCheck) => void;
}

function CheckForm({ doc, pending, onCheck }: { doc: ConsoleOwedDocument } & CheckProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const titleId = useId();
  const send = (status: DocumentCheck['status']) => (event: FormEvent) => {
    event.preventDefault();
    const parsed = documentCheckSchema.safeParse({ status, reason: reason.trim() || null });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onCheck(doc.id, parsed.data);
  };
  return (
    <form className="check-form" aria-labelledby={titleId} noValidate onSubmit={send('rejected')}>
      <p id={titleId} className="check-form__title">
        {`Vérifier «\u00a0${doc.name}\u00a0»`}
      </p>
      <div className="actions">
        <button type="button" className="button" disabled={pending} onClick={send('validated')}>
          Valider le document
        </button>
      </div>
      <Field
        label="Motif de non-conformité"
        hint={`Le client le lit avec le statut «\u00a0Non conforme\u00a0» et dans l’e-mail (${DOCUMENT_CHECK_REASON_MAX} caractères au plus).`}
        error={error}
      >
        <textarea rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
      <div className="actions">
        <button type="submit" className="button button--secondary" disabled={pending}>
          Déclarer non conforme
        </button>
      </div>
    </form>
  );
}

function Status({ doc }: { doc: ConsoleOwedDocument }) {
  return (
    <p>
      <span className={`doc-status doc-status--${doc.status ?? 'none'}`}>{doc.statusLabel}</span>
      {doc.statusReason && <> — Motif&nbsp;: {doc.statusReason}</>}
      {doc.checkedAt &&
        doc.checkedBy &&
        (doc.status === 'validated' || doc.status === 'rejected') && (
          <span className="muted">
            {' '}
            (vérifié le {formatReceivedAt(doc.checkedAt)} par{' '}
            <span title={doc.checkedBy.email ?? undefined}>{doc.checkedBy.displayName}</span>)
          </span>
        )}
      {doc.dueOn && !doc.checkedAt && (
        <span className="muted"> — à envoyer avant le {formatDate(doc.dueOn)}</span>
      )}
    </p>
  );
}

export function OwedDocuments({
  documents,
  headingId,
  title,
  ...check
}: { documents: ConsoleOwedDocument[]; headingId: string; title: string } & CheckProps) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title} ({documents.length})
      </h2>
      {documents.length ? (
        <ul className="card-list">
          {documents.map((doc) => (
            <li key={doc.id} className="card owed-document">
              <h3>
                {doc.name} <span className="muted">— {doc.policyNumber}</span>
              </h3>
              <p className="muted">{doc.description}</p>
              <Status doc={doc} />
              {doc.files.length > 0 && (
                <ul className="owed-document__files">
                  {doc.files.map((file) => (
                    <li key={file.id}>
                      <a href={file.href} target="_blank" rel="noopener">
                        Ouvrir {file.name}
                      </a>{' '}
                      <span className="muted">
                        {formatSize(file.size)}, reçu le {formatReceivedAt(file.receivedAt)} (
                        {file.reference})
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {doc.checkable && <CheckForm doc={doc} {...check} />}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Aucun document à fournir.</p>
      )}
    </section>
  );
}
