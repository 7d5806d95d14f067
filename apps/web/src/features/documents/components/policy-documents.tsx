// One policy's documents to provide: a card; on mobile (docs/product/documents.md, ≤ 767 px) only the first 4
// show until 'Voir plus', the pieces the broker asked for first (documentsForPhone), except the
// entry that carries an upload's outcome and the one the address names, which always stay in
// view (docs/decisions/0047-upload-outcome-on-the-item.md). The entry the address names (a
// mail's « Déposer la pièce ») is marked current, scrolled to and focused once.
import {
  DOCUMENT_REASON_LEAD,
  DOCUMENT_STATUS_LABELS,
  documentsForPhone,
  documentStatusStyle,
  isOtherDocument,
  MOBILE_DOCUMENTS_SHOWN,
  owedDocumentDueLine,
  type DocumentToProvide,
  type Policy,
} from '@espace/contract';
import { useEffect, useRef, useState } from 'react';
import { useIsMobile } from '../../../lib/use-media-query';
import { policyTitle } from './policy-title';
import { ADD_OTHER_DOCUMENT } from './other-document';
import { UploadOutcome, type UploadOutcomeState } from './upload-outcome';
import './documents-list.css';

function EntryContent({ doc }: { doc: DocumentToProvide }) {
  // The broker's deadline, while the document is still to send (docs/product/documents.md).
  const due = owedDocumentDueLine(doc);
  return (
    <>
      <span className="documents-item__name">{doc.name}</span>
      <span className="documents-item__description">{doc.description}</span>
      {due && <span className="documents-item__due">{due}</span>}
      {/* Why the broker found it « Non conforme » (docs/product/documents.md « Vérification »). */}
      {doc.status === 'rejected' && doc.statusReason && (
        <span className="documents-item__reason">
          {DOCUMENT_REASON_LEAD}
          {doc.statusReason}
        </span>
      )}
      {/* docs/product/documents.md: entries of type 'autre' show no status. */}
      {doc.status && !isOtherDocument(doc) && (
        <span className={`status-label status-label--${documentStatusStyle(doc.status)}`}>
          {DOCUMENT_STATUS_LABELS[doc.status]}
        </span>
      )}
    </>
  );
}

/**
 * The ref of the entry the address names: once it is drawn, in view and focused (a screen reader
 * reads it, marked current), once per document named, so that the list's reloads after an
 * upload leave the focus where the upload put it.
 */
function useTargetEntry(target: string | null) {
  const entry = useRef<HTMLElement | null>(null);
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (!target || done.current === target || !entry.current) return;
    done.current = target;
    entry.current.focus({ preventScroll: true });
    entry.current.scrollIntoView({ block: 'center' });
  });
  return (element: HTMLElement | null) => {
    entry.current = element;
  };
}

export function PolicyDocuments({
  policy,
  isClickable,
  onOpen,
  outcome = null,
  target = null,
}: {
  policy: Policy;
  isClickable(doc: DocumentToProvide): boolean;
  onOpen(doc: DocumentToProvide): void;
  /** The outcome of the last upload, when it was for a document of this policy. */
  outcome?: UploadOutcomeState | null;
  /** The type of the document of this policy the address names. */
  target?: string | null;
}) {
  const mobile = useIsMobile();
  const [expanded, setExpanded] = useState(false);
  const titleId = `provide-${policy.policyNumber}`;
  const listId = `${titleId}-list`;
  // On mobile, where the list is cut, the pieces asked for and what is owed come first.
  const docs = mobile ? documentsForPhone(policy.documents) : policy.documents;
  const targeted = useTargetEntry(target);
  // An 'autre' upload's outcome belongs to « Ajouter un autre document », not to an 'autre'
  // entry of the list (never clickable, docs/product/documents.md).
  const outcomeFor = (doc: DocumentToProvide) =>
    outcome?.fileType === doc.fileType && (doc === ADD_OTHER_DOCUMENT || !isOtherDocument(doc))
      ? outcome
      : null;
  const truncated = mobile && !expanded && docs.length > MOBILE_DOCUMENTS_SHOWN;
  const shown = truncated
    ? docs.filter(
        (doc, index) =>
          index < MOBILE_DOCUMENTS_SHOWN || outcomeFor(doc) !== null || doc.fileType === target,
      )
    : docs;
  return (
    <section className="card documents-group" aria-labelledby={titleId} data-testid="provide-card">
      <h2 id={titleId}>{policyTitle(policy)}</h2>
      <ul className="documents-list" id={listId}>
        {shown.map((doc) => {
          const current = doc.fileType === target && !isOtherDocument(doc);
          const marked = current ? { ref: targeted, 'aria-current': true as const } : {};
          return (
            <li key={doc.fileType}>
              {isClickable(doc) ? (
                <button
                  type="button"
                  className="documents-item"
                  onClick={() => onOpen(doc)}
                  {...marked}
                >
                  <EntryContent doc={doc} />
                </button>
              ) : (
                <div
                  className="documents-item documents-item--static"
                  tabIndex={current ? -1 : undefined}
                  {...marked}
                >
                  <EntryContent doc={doc} />
                </div>
              )}
              <UploadOutcome outcome={outcomeFor(doc)} watch={policy.documents} />
            </li>
          );
        })}
        <li>
          <button
            type="button"
            className="documents-item documents-item--add"
            onClick={() => onOpen(ADD_OTHER_DOCUMENT)}
            // axe label-content-name-mismatch: the name is the visible text; the
            // contract it adds to is its description, from the card's heading.
            aria-describedby={titleId}
          >
            <span className="documents-item__name">{ADD_OTHER_DOCUMENT.name}</span>
            <span className="documents-item__description">{ADD_OTHER_DOCUMENT.description}</span>
          </button>
          <UploadOutcome outcome={outcomeFor(ADD_OTHER_DOCUMENT)} watch={policy.documents} />
        </li>
      </ul>
      {mobile && docs.length > MOBILE_DOCUMENTS_SHOWN && (
        <button
          type="button"
          className="disclosure documents-more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? 'Afficher moins' : 'Voir plus'}
        </button>
      )}
    </section>
  );
}
