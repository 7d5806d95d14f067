// docs/product/documents.md /documents and /documents/{id}: the id is the open tab (0 'Téléchargement',
// 1 'Documents à fournir'); the upload tab carries the alert dot when documents are owed and is
// disabled when every policy is terminated (docs/product/documents.md). `?contrat=…&document=…`
// (the mails that ask for a document) opens « Documents à fournir » on that document. Until the
// policies have come, the screen's skeleton.
import { DOCUMENT_TARGET_PARAMS } from '@espace/contract';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { usePolicies } from '../../../api/get-policies';
import { Tabs } from '../../../components/tabs/tabs';
import { paths, type DocumentsTab } from '../../../lib/paths';
import { DocumentsSkeleton } from '../components/documents-skeleton';
import { DownloadTab } from '../components/download-tab';
import { ProvideTab } from '../components/provide-tab';
import { DOCUMENTS_TEXTS as T } from '../texts';

export function Component() {
  const { tab } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { data, isPending } = usePolicies();
  if (isPending || !data) return <DocumentsSkeleton />;
  const uploadDisabled = data.allNonActivePolicies;
  const selected = tab === '1' && !uploadDisabled ? 1 : 0;
  const fileType = search.get(DOCUMENT_TARGET_PARAMS.document);
  const target = fileType
    ? { policyNumber: search.get(DOCUMENT_TARGET_PARAMS.contract), fileType }
    : null;
  return (
    <section aria-labelledby="documents-title" className="documents-page">
      <h1 id="documents-title" tabIndex={-1}>
        {T.title}
      </h1>
      <Tabs
        label={T.title}
        selected={selected}
        onSelect={(index) =>
          void navigate(paths.documentsTab(index as DocumentsTab), { replace: true })
        }
        tabs={[
          { label: T.tabs[0] },
          {
            label: T.tabs[1],
            disabled: uploadDisabled,
            disabledReason: T.provideDisabled,
            marker: data.unfulfilledDocs ? T.provideMarker : undefined,
          },
        ]}
      >
        {selected === 0 ? (
          <DownloadTab policies={data.policies} />
        ) : (
          <ProvideTab policies={data.policies} opensOn={target} />
        )}
      </Tabs>
    </section>
  );
}
