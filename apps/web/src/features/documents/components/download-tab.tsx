// docs/product/documents.md 'Téléchargement': the documents of every policy, one list call per policy (docs/product/documents.md),
// grouped under 'manufacturer model (plate)', each with its creation date dd.mm.yyyy. A failed
// download shows the docs/product/documents.md message in the banner. While one runs, its item shows a spinner
// and « Téléchargement… » and ignores a second tap (components/download). A suspended contract
// says why it has no Mémo nor certificate (docs/decisions/0048-suspended-contracts-documents.md).
import {
  formatDate,
  MESSAGES,
  POLICY_STATES,
  SUSPENDED_DOCUMENTS_MESSAGE,
  UPLOAD_MESSAGES,
  type DownloadedDocument,
  type Policy,
} from '@espace/contract';
import { useBanner } from '../../../components/banner/banner-context';
import { DownloadButton } from '../../../components/download/download-button';
import { useDownloads } from '../../../components/download/use-download';
import { SkeletonLines } from '../../../components/skeleton/screen-skeleton';
import { useSession } from '../../../lib/session';
import { downloadDocument } from '../../../api/download-document';
import { usePoliciesDocuments } from '../../../api/get-documents';
import { policyTitle } from './policy-title';
import './documents-list.css';

export function DownloadTab({ policies }: { policies: Policy[] }) {
  const { accountId } = useSession();
  const { showBanner, clearBanner } = useBanner();
  const downloads = useDownloads();
  const lists = usePoliciesDocuments(policies.map((p) => p.policyNumber));
  const key = (policyNumber: string, doc: DownloadedDocument) => `${policyNumber}/${doc.id}`;

  const download = (policyNumber: string, doc: DownloadedDocument) => {
    clearBanner();
    void downloads.run(
      key(policyNumber, doc),
      () => downloadDocument(accountId, policyNumber, doc),
      () => showBanner('error', UPLOAD_MESSAGES.downloadFailed),
    );
  };

  return (
    <div className="documents-groups">
      {policies.map((policy, index) => {
        const list = lists[index]!;
        const titleId = `download-${policy.policyNumber}`;
        return (
          <section
            key={policy.policyNumber}
            className="card documents-group"
            aria-labelledby={titleId}
          >
            <h2 id={titleId}>{policyTitle(policy)}</h2>
            {policy.state === POLICY_STATES.suspended && (
              <p className="documents-note">{SUSPENDED_DOCUMENTS_MESSAGE}</p>
            )}
            {list.isPending ? (
              // The group's title at once, grey lines until its list has come (« While it loads »).
              <SkeletonLines label={MESSAGES.loading} />
            ) : list.isError ? (
              <p className="documents-error">{UPLOAD_MESSAGES.downloadFailed}</p>
            ) : list.data.length === 0 ? (
              <p className="lead">Aucun document à télécharger pour ce contrat.</p>
            ) : (
              <ul className="documents-list">
                {list.data.map((doc) => (
                  <li key={doc.id}>
                    <DownloadButton
                      className="documents-item documents-item--download"
                      busy={downloads.isBusy(key(policy.policyNumber, doc))}
                      onClick={() => download(policy.policyNumber, doc)}
                    >
                      <span className="documents-item__name">{doc.fileName}</span>
                      <span className="documents-item__meta">
                        <span className="visually-hidden">créé le </span>
                        {formatDate(createdDay(doc.created))}
                      </span>
                    </DownloadButton>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** The calendar day of an ISO date-time, in the customer's time zone. */
function createdDay(created: string): string {
  const d = new Date(created);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}
