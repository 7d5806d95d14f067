// The acknowledgement (docs/product/termination.md success view; Code des assurances L113-15-3): the docs/product/termination.md success
// text, the request's reference, when it was received, the indicative date of effect and its
// article, the PDF receipt (also listed in the 'Téléchargement' tab) and the way home.
import {
  formatDate,
  formatReceivedAt,
  TERMINATION_MESSAGES,
  UPLOAD_MESSAGES,
  type TerminationAcknowledgement,
} from '@espace/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { downloadDocument } from '../../../api/download-document';
import { DownloadButton } from '../../../components/download/download-button';
import { useDownloads } from '../../../components/download/use-download';
import { useSession } from '../../../lib/session';
import { FOLLOW_REQUEST_LINK } from '../../../components/action/use-action-lifecycle';
import { paths } from '../../../lib/paths';

export function TerminationSuccess({ ack }: { ack: TerminationAcknowledgement }) {
  const { accountId } = useSession();
  const heading = useRef<HTMLHeadingElement>(null);
  const [downloadError, setDownloadError] = useState(false);
  const downloads = useDownloads();
  useEffect(() => heading.current?.focus(), []);

  const download = () => {
    setDownloadError(false);
    void downloads.run(
      ack.receiptDocumentId,
      () =>
        downloadDocument(accountId, ack.policyNumber, {
          id: ack.receiptDocumentId,
          fileName: ack.receiptFileName,
          created: ack.receivedAt,
        }),
      () => setDownloadError(true),
    );
  };

  return (
    <div className="termination-success card" data-testid="termination-success">
      <h2 ref={heading} tabIndex={-1}>
        {TERMINATION_MESSAGES.success}
      </h2>
      <dl className="field-list">
        <div>
          <dt>Référence de la demande</dt>
          <dd data-testid="termination-reference">{ack.reference}</dd>
        </div>
        <div>
          <dt>Contrat</dt>
          <dd>n° {ack.policyNumber}</dd>
        </div>
        <div>
          <dt>Demande reçue le</dt>
          <dd>{formatReceivedAt(ack.receivedAt)}</dd>
        </div>
        {ack.saleDate && (
          <div>
            <dt>{TERMINATION_MESSAGES.saleDateLabel}</dt>
            <dd data-testid="termination-sale-date">{formatDate(ack.saleDate)}</dd>
          </div>
        )}
        <div>
          <dt>{TERMINATION_MESSAGES.effectiveLabel[ack.effect]}</dt>
          <dd data-testid="termination-effective-date">
            {formatDate(ack.effectiveDate)} (indicative)
          </dd>
        </div>
        {ack.terminationDate && (
          <div>
            <dt>{TERMINATION_MESSAGES.terminationDateLabel}</dt>
            <dd>{formatDate(ack.terminationDate)} (indicative)</dd>
          </div>
        )}
      </dl>
      <p>{TERMINATION_MESSAGES.basis[ack.basis]}</p>
      <p className="termination-success__note">{TERMINATION_MESSAGES.indicative}</p>
      <div className="termination-success__actions">
        <DownloadButton
          className="button button--secondary"
          busy={downloads.isBusy(ack.receiptDocumentId)}
          busyReplacesLabel
          onClick={download}
        >
          {TERMINATION_MESSAGES.downloadReceipt}
        </DownloadButton>
        <Link className="button" to={paths.home}>
          {TERMINATION_MESSAGES.backHome}
        </Link>
        <Link to={FOLLOW_REQUEST_LINK.to}>{FOLLOW_REQUEST_LINK.label}</Link>
      </div>
      {downloadError && (
        <p className="field-error" role="alert">
          {UPLOAD_MESSAGES.downloadFailed}
        </p>
      )}
    </div>
  );
}
