import { owesDocuments, POLICIES_PER_PAGE } from '@espace/contract';
import { useLocation, useSearchParams } from 'react-router';
import { usePolicies } from '../../../api/get-policies';
import { Loading } from '../../../components/loading';
import { Pagination } from '../../../components/pagination/pagination';
import { DocumentsBanner } from '../components/documents-banner';
import { PolicyCard } from '../components/policy-card';

export function Component() {
  const { data, isPending } = usePolicies();
  // The page number is in the URL (?page=2), so Back from /coverages or a reload returns to it,
  // and « suivant » is a link to it, which works before the script (the server draws this page).
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  if (isPending || !data) return <Loading />;
  const pageCount = Math.max(1, Math.ceil(data.policies.length / POLICIES_PER_PAGE));
  const current = Math.min(page, pageCount);
  const shown = data.policies.slice((current - 1) * POLICIES_PER_PAGE, current * POLICIES_PER_PAGE);
  const pageAddress = (next: number) => ({ pathname, search: next === 1 ? '' : `?page=${next}` });
  const focusTitle = () => document.getElementById('policies-title')?.focus();
  return (
    <section aria-labelledby="policies-title">
      <h1 id="policies-title" tabIndex={-1}>
        Mes Polices d’assurance
      </h1>
      {data.unfulfilledDocs && (
        <DocumentsBanner
          remainedDays={data.remainedDays}
          policyNumbers={data.policies.filter(owesDocuments).map((p) => p.policyNumber)}
        />
      )}
      {data.policies.length === 0 ? (
        <p>Vous n’avez aucun contrat pour le moment.</p>
      ) : (
        <div className="card-grid">
          {shown.map((policy) => (
            <PolicyCard key={policy.policyNumber} policy={policy} />
          ))}
        </div>
      )}
      <Pagination
        page={current}
        pageCount={pageCount}
        to={pageAddress}
        onTurn={focusTitle}
        label="Pages des contrats"
      />
    </section>
  );
}
