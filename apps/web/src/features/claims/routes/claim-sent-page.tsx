// /claims/sent: the receipt screen. The reference, the deadline it was declared against (and
// what a late declaration means), the PDF receipt, and the way to follow it in 'Mes demandes'.
import { CLAIM_MESSAGES, formatReceivedAt, type ClaimAcknowledgement } from '@espace/contract';
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
        <div>
          <dt>Déclaré le</dt>
          <dd>{formatReceivedAt(ack.declaredAt)}</dd>
        </div>
      </dl>
      {ack.deadline && <p>{ack.deadline.text}</p>}
      {ack.deadline?.late && <p className="claim-late">{CLAIM_MESSAGES.late}</p>}
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
