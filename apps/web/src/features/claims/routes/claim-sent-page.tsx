// /claims/sent: the receipt screen. The reference, the day it was declared against its deadline
// (and what a late declaration means), what happens next (the server's words, as in the mail and
// the PDF: contract claimNextSteps), the PDF receipt, and the way to follow it in 'Mes demandes'.
import {
  CLAIM_MESSAGES,
  CLAIM_NEXT_STEPS_TITLE,
  type ClaimAcknowledgement,
} from '@espace/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { downloadDocument } from '../../../api/download-document';
import { DownloadButton } from '../../../components/download/download-button';
import { useDownloads } from '../../../components/download/use-download';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import '../claims.css';

export function Component() {
  const ack = (useLocation().state as { ack?: ClaimAcknowledgement } | null)?.ack;
  const { accountId } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const downloads = useDownloads();
  const [downloadError, setDownloadError] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  if (!ack) return <Navigate to={paths.claims} replace />;
  const download = () => {
    setDownloadError(false);
    void downloads.run(
      ack.receiptDocumentId,
      () =>
        downloadDocument(accountId, ack.policyNumber, {
          id: ack.receiptDocumentId,
          fileName: ack.receiptFileName,
          created: ack.declaredAt,
        }),
      () => setDownloadError(true),
    );
  };
  return (
    <section className="claim-page" aria-labelledby="claim-sent-title" data-testid="claim-sent">
      <h1 id="claim-sent-title" ref={heading} tabIndex={-1}>
        {CLAIM_MESSAGES.success}
      </h1>
      <dl className="field-list">
        <div>
          <dt>Référence du sinistre</dt>
          <dd data-testid="claim-reference">{ack.reference}</dd>
        </div>
        <div>
          <dt>Contrat</dt>
          <dd>n° {ack.policyNumber}</dd>
        </div>
      </dl>
      {/* « Déclaré le …, dans le délai (au plus tard le …) »: the PDF says it the same way. */}
      {ack.deadline && (
        <p className="claim-declared" data-testid="claim-declared">
          {ack.deadline.text}
        </p>
      )}
      {ack.deadline?.late && <p className="claim-late">{CLAIM_MESSAGES.late}</p>}
      <section className="claim-next" aria-labelledby="claim-next-title">
        <h2 id="claim-next-title">{CLAIM_NEXT_STEPS_TITLE}</h2>
        <ul>
          {ack.nextSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ul>
      </section>
      <div className="claim-page__actions">
        <DownloadButton
          className="button button--secondary"
          busy={downloads.isBusy(ack.receiptDocumentId)}
          busyReplacesLabel
          onClick={download}
        >
          {CLAIM_MESSAGES.downloadReceipt}
        </DownloadButton>
        <Link className="button" to={paths.accountRequests}>
          Suivre dans Mes demandes
        </Link>
      </div>
      {downloadError && <p role="alert">Le téléchargement a échoué, réessayez.</p>}
    </section>
  );
}
