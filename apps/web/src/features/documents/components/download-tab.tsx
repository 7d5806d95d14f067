// SPEC §2 'Téléchargement': the documents of every policy, one list call per policy (SPEC §7),
// grouped under 'manufacturer model (plate)', each with its creation date dd.mm.yyyy. A failed
// download shows the SPEC §8 message in the banner. A suspended contract says why it has no Mémo
// nor certificate (docs/decisions/0048-suspended-contracts-documents.md).
import {
  formatDate,
  POLICY_STATES,
  SUSPENDED_DOCUMENTS_MESSAGE,
  UPLOAD_MESSAGES,
  type DownloadedDocument,
  type Policy,
} from '@espace/contract';
import { useState } from 'react';
import { useBanner } from '../../../components/banner/banner-context';
import { Loading } from '../../../components/loading';
import { useSession } from '../../../lib/session';
import { downloadDocument } from '../../../api/download-document';
import { usePoliciesDocuments } from '../../../api/get-documents';
import { policyTitle } from './policy-title';
import './documents-list.css';

export function DownloadTab({ policies }: { policies: Policy[] }) {
  const { accountId } = useSession();
  const { showBanner, clearBanner } = useBanner();
  const [busy, setBusy] = useState<string | null>(null);
  const lists = usePoliciesDocuments(policies.map((p) => p.policyNumber));

  const download = async (policyNumber: string, doc: DownloadedDocument) => {
    setBusy(doc.id);
    clearBanner();
    try {
      await downloadDocument(accountId, policyNumber, doc);
    } catch {
      showBanner('error', UPLOAD_MESSAGES.downloadFailed);
    } finally {
      setBusy(null);
    }
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
              <Loading />
            ) : list.isError ? (
              <p className="documents-error">{UPLOAD_MESSAGES.downloadFailed}</p>
            ) : list.data.length === 0 ? (
              <p className="lead">Aucun document à télécharger pour ce contrat.</p>
            ) : (
              <ul className="documents-list">
                {list.data.map((doc) => (
                  <li key={doc.id}>
                    <button
                      type="button"
                      className="documents-item documents-item--download"
                      onClick={() => void download(policy.policyNumber, doc)}
                      aria-busy={busy === doc.id}
                    >
                      <span className="documents-item__name">{doc.fileName}</span>
                      <span className="documents-item__meta">
                        <span className="visually-hidden">créé le </span>
                        {formatDate(createdDay(doc.created))}
                      </span>
                    </button>
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
